/**
 * The icons of the pages every visitor loads (issue 18): the site's header, the home page, search
 * results and profiles. Light versions of lucide's (./icon.tsx), from lucide's data; the signed-in
 * areas keep lucide-react's components.
 */
import * as arrowRight from "lucide-react/icons/arrow-right";
import * as badgeCheck from "lucide-react/icons/badge-check";
import * as building2 from "lucide-react/icons/building-complex";
import * as calendarCheck2 from "lucide-react/icons/calendar-check-2";
import * as calendarClock from "lucide-react/icons/calendar-clock";
import * as calendarX2 from "lucide-react/icons/calendar-x-2";
import * as chevronLeft from "lucide-react/icons/chevron-left";
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as circleAlert from "lucide-react/icons/circle-exclamation-point";
import * as crown from "lucide-react/icons/crown";
import * as externalLink from "lucide-react/icons/external-link";
import * as eyeOff from "lucide-react/icons/eye-off";
import * as fileCheck2 from "lucide-react/icons/file-check-corner";
import * as fileSearch from "lucide-react/icons/file-search";
import * as flag from "lucide-react/icons/flag";
import * as globe from "lucide-react/icons/globe";
import * as info from "lucide-react/icons/info";
import * as locateFixed from "lucide-react/icons/locate-fixed";
import * as mail from "lucide-react/icons/mail";
import * as mapPin from "lucide-react/icons/map-pin";
import * as mapPinOff from "lucide-react/icons/map-pin-off";
import * as menu from "lucide-react/icons/menu";
import * as messageSquareQuote from "lucide-react/icons/message-square-quote";
import * as phone from "lucide-react/icons/phone";
import * as recycle from "lucide-react/icons/recycle";
import * as search from "lucide-react/icons/search";
import * as searchX from "lucide-react/icons/search-x";
import * as shieldAlert from "lucide-react/icons/shield-exclamation-point";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as shieldX from "lucide-react/icons/shield-x";
import * as slidersHorizontal from "lucide-react/icons/sliders-horizontal";
import * as star from "lucide-react/icons/star";
import * as triangleAlert from "lucide-react/icons/triangle-exclamation-point";
import * as x from "lucide-react/icons/x";
import { icon, type IconData } from "./icon";

/**
 * lucide's per-icon modules export their data as `__iconData` (not in their types); a renamed icon's
 * module (building-2, triangle-alert...) only re-exports its component, so its data is read from
 * the module of its current name.
 */
const data = (module: object) => (module as { __iconData: IconData }).__iconData;

export const ArrowRightIcon = icon(data(arrowRight));
export const BadgeCheckIcon = icon(data(badgeCheck));
export const Building2Icon = icon(data(building2));
export const CalendarCheck2Icon = icon(data(calendarCheck2));
export const CalendarClockIcon = icon(data(calendarClock));
export const CalendarX2Icon = icon(data(calendarX2));
export const ChevronLeftIcon = icon(data(chevronLeft));
export const ChevronRightIcon = icon(data(chevronRight));
export const CircleAlertIcon = icon(data(circleAlert));
export const CrownIcon = icon(data(crown));
export const ExternalLinkIcon = icon(data(externalLink));
export const EyeOffIcon = icon(data(eyeOff));
export const FileCheck2Icon = icon(data(fileCheck2));
export const FileSearchIcon = icon(data(fileSearch));
export const FlagIcon = icon(data(flag));
export const GlobeIcon = icon(data(globe));
export const InfoIcon = icon(data(info));
export const LocateFixedIcon = icon(data(locateFixed));
export const MailIcon = icon(data(mail));
export const MapPinIcon = icon(data(mapPin));
export const MapPinOffIcon = icon(data(mapPinOff));
export const MenuIcon = icon(data(menu));
export const MessageSquareQuoteIcon = icon(data(messageSquareQuote));
export const PhoneIcon = icon(data(phone));
export const RecycleIcon = icon(data(recycle));
export const SearchIcon = icon(data(search));
export const SearchXIcon = icon(data(searchX));
export const ShieldAlertIcon = icon(data(shieldAlert));
export const ShieldCheckIcon = icon(data(shieldCheck));
export const ShieldXIcon = icon(data(shieldX));
export const SlidersHorizontalIcon = icon(data(slidersHorizontal));
export const StarIcon = icon(data(star));
export const TriangleAlertIcon = icon(data(triangleAlert));
export const XIcon = icon(data(x));
