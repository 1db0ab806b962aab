// lucide-react's "message-square-quote" (message-square-quote), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MessageSquareQuoteIcon = icon("message-square-quote");
