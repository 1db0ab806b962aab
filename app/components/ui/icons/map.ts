// lucide-react's "map" (map), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MapIcon = icon("map");
