// lucide-react's "calendar-x-2" (calendar-x-2), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CalendarX2Icon = icon("calendar-x-2");
