import * as lucide from "lucide-react/icons/message-square-quote";
import { icon, iconData } from "../icon";

export const MessageSquareQuoteIcon = icon(iconData(lucide));
