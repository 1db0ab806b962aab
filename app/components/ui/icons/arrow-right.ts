// lucide-react's "arrow-right" (arrow-right), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ArrowRightIcon = icon("arrow-right");
