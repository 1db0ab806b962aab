import * as lucide from "lucide-react/icons/shield-x";
import { icon, iconData } from "../icon";

export const ShieldXIcon = icon(iconData(lucide));
