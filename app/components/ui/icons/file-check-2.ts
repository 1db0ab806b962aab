// lucide-react's "file-check-corner" (file-check-2), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const FileCheck2Icon = icon("file-check-corner");
