// lucide-react's "chevron-down" (chevron-down), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronDownIcon = icon({ name: "chevron-down", node: [["path", { d: "m6 9 6 6 6-6" }]] });
