// lucide-react's "message-square" (message-square), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MessageSquareIcon = icon("message-square");
