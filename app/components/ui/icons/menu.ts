// lucide-react's "menu" (menu), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const MenuIcon = icon("menu");
