import * as lucide from "lucide-react/icons/arrow-right";
import { icon, iconData } from "../icon";

export const ArrowRightIcon = icon(iconData(lucide));
