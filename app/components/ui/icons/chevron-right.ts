// lucide-react's "chevron-right" (chevron-right), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronRightIcon = icon("chevron-right");
