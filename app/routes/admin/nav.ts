import { ClipboardList, Database, LayoutDashboard, List, MessageSquareQuote, Users } from "lucide-react";

/** The admin sidebar (spec: Overview, Listings, Claim Requests, Leads, Data Management; plus Quote Requests). */
export const adminNav = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/admin/listings", label: "Listings", icon: List, end: false },
  { to: "/admin/claim-requests", label: "Claim Requests", icon: ClipboardList, end: false },
  { to: "/admin/leads", label: "Leads", icon: Users, end: false },
  { to: "/admin/quote-requests", label: "Quote Requests", icon: MessageSquareQuote, end: false },
  { to: "/admin/data-management", label: "Data Management", icon: Database, end: false },
];
