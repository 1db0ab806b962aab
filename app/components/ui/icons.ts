/**
 * The icons the public pages draw most (issue 18): every page's logo and menu, the map pin of
 * each result card and town link. Light versions of lucide's (./icon.tsx), from lucide's data.
 */
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as mapPin from "lucide-react/icons/map-pin";
import * as menu from "lucide-react/icons/menu";
import * as recycle from "lucide-react/icons/recycle";
import { icon, type IconData } from "./icon";

/** lucide's per-icon modules export their data as `__iconData` (not in their types). */
const data = (module: object) => (module as { __iconData: IconData }).__iconData;

export const ChevronRightIcon = icon(data(chevronRight));
export const MapPinIcon = icon(data(mapPin));
export const MenuIcon = icon(data(menu));
export const RecycleIcon = icon(data(recycle));
