import * as lucide from "lucide-react/icons/globe";
import { icon, iconData } from "../icon";

export const GlobeIcon = icon(iconData(lucide));
