import * as lucide from "lucide-react/icons/external-link";
import { icon, iconData } from "../icon";

export const ExternalLinkIcon = icon(iconData(lucide));
