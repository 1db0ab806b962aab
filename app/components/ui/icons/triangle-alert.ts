import * as lucide from "lucide-react/icons/triangle-exclamation-point";
import { icon, iconData } from "../icon";

export const TriangleAlertIcon = icon(iconData(lucide));
