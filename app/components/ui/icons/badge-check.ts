import * as lucide from "lucide-react/icons/badge-check";
import { icon, iconData } from "../icon";

export const BadgeCheckIcon = icon(iconData(lucide));
