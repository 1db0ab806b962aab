// lucide-react's "file-search" (file-search), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const FileSearchIcon = icon("file-search");
