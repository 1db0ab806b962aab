import * as lucide from "lucide-react/icons/calendar-check-2";
import { icon, iconData } from "../icon";

export const CalendarCheck2Icon = icon(iconData(lucide));
