import {
  ClipboardList,
  Database,
  FileText,
  Flag,
  History,
  LayoutDashboard,
  List,
  Mail,
  MessageSquareQuote,
  Settings,
  ShieldCheck,
  Star,
  Users,
} from "lucide-react";

/**
 * The admin sidebar: the spec's Overview, Listings, Claim Requests, Leads, Quote Requests,
 * Verifications and Data Management, plus the screens the issues add (Providers, Messages,
 * Reports, Waste Notes, Audit Log, Settings).
 */
export const adminNav = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/admin/listings", label: "Listings", icon: List, end: false },
  { to: "/admin/providers", label: "Providers", icon: ShieldCheck, end: false },
  { to: "/admin/claim-requests", label: "Claim Requests", icon: ClipboardList, end: false },
  { to: "/admin/leads", label: "Leads", icon: Users, end: false },
  { to: "/admin/quote-requests", label: "Quote Requests", icon: MessageSquareQuote, end: false },
  { to: "/admin/verifications", label: "Verifications", icon: Star, end: false },
  { to: "/admin/messages", label: "Messages", icon: Mail, end: false },
  { to: "/admin/reports", label: "Reports", icon: Flag, end: false },
  { to: "/admin/waste-notes", label: "Waste Notes", icon: FileText, end: false },
  { to: "/admin/audit", label: "Audit Log", icon: History, end: false },
  { to: "/admin/data-management", label: "Data Management", icon: Database, end: false },
  { to: "/admin/settings", label: "Settings", icon: Settings, end: false },
];
