// lucide-react's "info" (info), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const InfoIcon = icon({
  name: "info",
  node: [
    ["circle", { cx: "12", cy: "12", r: "10" }],
    ["path", { d: "M12 16v-4" }],
    ["path", { d: "M12 8h.01" }],
  ],
});
