import * as lucide from "lucide-react/icons/mail";
import { icon, iconData } from "../icon";

export const MailIcon = icon(iconData(lucide));
