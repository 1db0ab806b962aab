// lucide-react's "mail" (mail), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MailIcon = icon("mail");
