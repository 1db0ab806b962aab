// lucide-react's "circle-exclamation-point" (circle-alert), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CircleAlertIcon = icon("circle-exclamation-point");
