import * as lucide from "lucide-react/icons/calendar-x-2";
import { icon, iconData } from "../icon";

export const CalendarX2Icon = icon(iconData(lucide));
