// lucide-react's "info" (info), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const InfoIcon = icon("info");
