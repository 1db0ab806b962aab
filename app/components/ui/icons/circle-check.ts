// lucide-react's "circle-check" (circle-check), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CircleCheckIcon = icon("circle-check");
