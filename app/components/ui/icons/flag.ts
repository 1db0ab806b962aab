// lucide-react's "flag" (flag), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const FlagIcon = icon("flag");
