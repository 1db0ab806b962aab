// lucide-react's "file-text" (file-text), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const FileTextIcon = icon("file-text");
