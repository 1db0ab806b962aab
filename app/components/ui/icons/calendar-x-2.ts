// lucide-react's "calendar-x-2" (calendar-x-2), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const CalendarX2Icon = icon({
  name: "calendar-x-2",
  node: [
    ["path", { d: "M16 2v3" }],
    ["path", { d: "m17 16 5 5" }],
    ["path", { d: "m17 21 5-5" }],
    ["path", { d: "M21 12V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h8" }],
    ["path", { d: "M3 9h18" }],
    ["path", { d: "M8 2v3" }],
  ],
});
