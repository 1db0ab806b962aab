// lucide-react's "chevron-down" (chevron-down), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronDownIcon = icon("chevron-down");
