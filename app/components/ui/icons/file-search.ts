import * as lucide from "lucide-react/icons/file-search";
import { icon, iconData } from "../icon";

export const FileSearchIcon = icon(iconData(lucide));
