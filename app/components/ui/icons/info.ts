import * as lucide from "lucide-react/icons/info";
import { icon, iconData } from "../icon";

export const InfoIcon = icon(iconData(lucide));
