import * as lucide from "lucide-react/icons/eye-off";
import { icon, iconData } from "../icon";

export const EyeOffIcon = icon(iconData(lucide));
