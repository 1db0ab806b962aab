import * as lucide from "lucide-react/icons/map-pin";
import { icon, iconData } from "../icon";

export const MapPinIcon = icon(iconData(lucide));
