// lucide-react's "sliders-horizontal" (sliders-horizontal), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const SlidersHorizontalIcon = icon("sliders-horizontal");
