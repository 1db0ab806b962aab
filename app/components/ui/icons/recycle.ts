// lucide-react's "recycle" (recycle), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const RecycleIcon = icon("recycle");
