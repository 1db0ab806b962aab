import * as lucide from "lucide-react/icons/shield-exclamation-point";
import { icon, iconData } from "../icon";

export const ShieldAlertIcon = icon(iconData(lucide));
