// lucide-react's "map-pin" (map-pin), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MapPinIcon = icon("map-pin");
