// lucide-react's "badge-check" (badge-check), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const BadgeCheckIcon = icon("badge-check");
