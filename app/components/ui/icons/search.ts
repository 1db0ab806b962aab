import * as lucide from "lucide-react/icons/search";
import { icon, iconData } from "../icon";

export const SearchIcon = icon(iconData(lucide));
