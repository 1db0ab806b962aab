import * as lucide from "lucide-react/icons/x";
import { icon, iconData } from "../icon";

export const XIcon = icon(iconData(lucide));
