// lucide-react's "locate-fixed" (locate-fixed), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const LocateFixedIcon = icon("locate-fixed");
