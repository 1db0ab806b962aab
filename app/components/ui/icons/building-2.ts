// lucide-react's "building-complex" (building-2), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const Building2Icon = icon("building-complex");
