import * as lucide from "lucide-react/icons/star";
import { icon, iconData } from "../icon";

export const StarIcon = icon(iconData(lucide));
