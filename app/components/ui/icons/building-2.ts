import * as lucide from "lucide-react/icons/building-complex";
import { icon, iconData } from "../icon";

export const Building2Icon = icon(iconData(lucide));
