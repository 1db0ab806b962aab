import * as lucide from "lucide-react/icons/search-x";
import { icon, iconData } from "../icon";

export const SearchXIcon = icon(iconData(lucide));
