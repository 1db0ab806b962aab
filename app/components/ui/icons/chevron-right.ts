import * as lucide from "lucide-react/icons/chevron-right";
import { icon, iconData } from "../icon";

export const ChevronRightIcon = icon(iconData(lucide));
