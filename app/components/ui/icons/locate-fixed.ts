import * as lucide from "lucide-react/icons/locate-fixed";
import { icon, iconData } from "../icon";

export const LocateFixedIcon = icon(iconData(lucide));
