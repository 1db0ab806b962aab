// lucide-react's "x" (x), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const XIcon = icon("x");
