// lucide-react's "phone" (phone), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const PhoneIcon = icon("phone");
