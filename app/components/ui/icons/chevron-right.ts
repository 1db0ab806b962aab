// lucide-react's "chevron-right" (chevron-right), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronRightIcon = icon({ name: "chevron-right", node: [["path", { d: "m9 18 6-6-6-6" }]] });
