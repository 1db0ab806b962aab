// lucide-react's "crown" (crown), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CrownIcon = icon("crown");
