// lucide-react's "search-x" (search-x), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const SearchXIcon = icon("search-x");
