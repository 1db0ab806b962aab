// lucide-react's "menu" (menu), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MenuIcon = icon({
  name: "menu",
  node: [
    ["path", { d: "M4 5h16" }],
    ["path", { d: "M4 12h16" }],
    ["path", { d: "M4 19h16" }],
  ],
});
