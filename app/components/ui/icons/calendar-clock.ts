// lucide-react's "calendar-clock" (calendar-clock), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CalendarClockIcon = icon("calendar-clock");
