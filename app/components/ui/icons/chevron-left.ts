// lucide-react's "chevron-left" (chevron-left), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronLeftIcon = icon("chevron-left");
