// lucide-react's "search" (search), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const SearchIcon = icon({
  name: "search",
  node: [
    ["path", { d: "m21 21-4.34-4.34" }],
    ["circle", { cx: "11", cy: "11", r: "8" }],
  ],
});
