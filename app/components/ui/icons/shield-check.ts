import * as lucide from "lucide-react/icons/shield-check";
import { icon, iconData } from "../icon";

export const ShieldCheckIcon = icon(iconData(lucide));
