// lucide-react's "x" (x), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const XIcon = icon({
  name: "x",
  node: [
    ["path", { d: "M18 6 6 18" }],
    ["path", { d: "m6 6 12 12" }],
  ],
});
