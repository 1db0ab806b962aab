import * as lucide from "lucide-react/icons/crown";
import { icon, iconData } from "../icon";

export const CrownIcon = icon(iconData(lucide));
