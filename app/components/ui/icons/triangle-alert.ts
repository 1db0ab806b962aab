// lucide-react's "triangle-exclamation-point" (triangle-alert), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const TriangleAlertIcon = icon("triangle-exclamation-point");
