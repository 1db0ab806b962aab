import * as lucide from "lucide-react/icons/file-check-corner";
import { icon, iconData } from "../icon";

export const FileCheck2Icon = icon(iconData(lucide));
