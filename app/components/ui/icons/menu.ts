import * as lucide from "lucide-react/icons/menu";
import { icon, iconData } from "../icon";

export const MenuIcon = icon(iconData(lucide));
