import * as lucide from "lucide-react/icons/flag";
import { icon, iconData } from "../icon";

export const FlagIcon = icon(iconData(lucide));
