// lucide-react's "shield-exclamation-point" (shield-alert), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ShieldAlertIcon = icon("shield-exclamation-point");
