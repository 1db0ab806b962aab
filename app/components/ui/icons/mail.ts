// lucide-react's "mail" (mail), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MailIcon = icon({
  name: "mail",
  node: [
    ["path", { d: "m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" }],
    ["rect", { x: "2", y: "4", width: "20", height: "16", rx: "2" }],
  ],
});
