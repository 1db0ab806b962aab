// lucide-react's "external-link" (external-link), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.
import { icon } from "../icon";

export const ExternalLinkIcon = icon("external-link");
