// lucide-react's "calendar-check-2" (calendar-check-2), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CalendarCheck2Icon = icon("calendar-check-2");
