import * as lucide from "lucide-react/icons/chevron-left";
import { icon, iconData } from "../icon";

export const ChevronLeftIcon = icon(iconData(lucide));
