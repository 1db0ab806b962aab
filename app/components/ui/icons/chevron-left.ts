// lucide-react's "chevron-left" (chevron-left), written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ChevronLeftIcon = icon({ name: "chevron-left", node: [["path", { d: "m15 18-6-6 6-6" }]] });
