import * as lucide from "lucide-react/icons/circle-exclamation-point";
import { icon, iconData } from "../icon";

export const CircleAlertIcon = icon(iconData(lucide));
