// lucide-react's "star" (star), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const StarIcon = icon("star");
