// lucide-react's "clipboard-list" (clipboard-list), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ClipboardListIcon = icon("clipboard-list");
