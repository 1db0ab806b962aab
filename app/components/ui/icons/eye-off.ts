// lucide-react's "eye-off" (eye-off), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const EyeOffIcon = icon("eye-off");
