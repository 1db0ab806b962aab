// lucide-react's "shield-x" (shield-x), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ShieldXIcon = icon("shield-x");
