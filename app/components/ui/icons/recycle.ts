import * as lucide from "lucide-react/icons/recycle";
import { icon, iconData } from "../icon";

export const RecycleIcon = icon(iconData(lucide));
