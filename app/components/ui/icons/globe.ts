// lucide-react's "globe" (globe), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const GlobeIcon = icon("globe");
