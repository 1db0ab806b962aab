// lucide-react's "arrow-right" (arrow-right), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ArrowRightIcon = icon({
  name: "arrow-right",
  node: [
    ["path", { d: "M5 12h14" }],
    ["path", { d: "m12 5 7 7-7 7" }],
  ],
});
