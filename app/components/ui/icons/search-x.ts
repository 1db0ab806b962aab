// lucide-react's "search-x" (search-x), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const SearchXIcon = icon({
  name: "search-x",
  node: [
    ["path", { d: "m13.5 8.5-5 5" }],
    ["path", { d: "m8.5 8.5 5 5" }],
    ["circle", { cx: "11", cy: "11", r: "8" }],
    ["path", { d: "m21 21-4.3-4.3" }],
  ],
});
