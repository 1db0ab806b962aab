// lucide-react's "clock" (clock), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ClockIcon = icon("clock");
