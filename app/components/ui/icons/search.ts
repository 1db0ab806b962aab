// lucide-react's "search" (search), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const SearchIcon = icon("search");
