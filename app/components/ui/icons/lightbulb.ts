// lucide-react's "lightbulb" (lightbulb), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const LightbulbIcon = icon("lightbulb");
