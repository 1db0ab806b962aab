// lucide-react's "arrow-left" (arrow-left), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ArrowLeftIcon = icon("arrow-left");
