// lucide-react's "shield-check" (shield-check), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ShieldCheckIcon = icon("shield-check");
