import * as lucide from "lucide-react/icons/sliders-horizontal";
import { icon, iconData } from "../icon";

export const SlidersHorizontalIcon = icon(iconData(lucide));
