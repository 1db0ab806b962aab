import * as lucide from "lucide-react/icons/map-pin-off";
import { icon, iconData } from "../icon";

export const MapPinOffIcon = icon(iconData(lucide));
