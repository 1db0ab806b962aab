import * as lucide from "lucide-react/icons/calendar-clock";
import { icon, iconData } from "../icon";

export const CalendarClockIcon = icon(iconData(lucide));
