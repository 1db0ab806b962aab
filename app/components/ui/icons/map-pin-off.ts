// lucide-react's "map-pin-off" (map-pin-off), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MapPinOffIcon = icon("map-pin-off");
