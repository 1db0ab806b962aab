import * as lucide from "lucide-react/icons/phone";
import { icon, iconData } from "../icon";

export const PhoneIcon = icon(iconData(lucide));
