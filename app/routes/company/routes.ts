import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

// /company/*: any signed-in user. The layout's middleware guards every child (loaders and actions);
// children call requireUser themselves too. The splat keeps unknown /company/* paths behind the guard.
export const companyRoutes: RouteConfigEntry[] = [
  layout("routes/company/layout.tsx", [
    route("company", "routes/company/index.tsx"),
    route("company/waste-note", "routes/company/waste-note.tsx"),
    route("company/waste-notes", "routes/company/waste-notes.tsx"),
    route("company/waste-notes.csv", "routes/company/waste-notes-csv.ts"),
    route("company/upgrade", "routes/company/upgrade.tsx"),
    route("company/waste-notes/:id/void", "routes/company/waste-note-void.tsx"),
    route("company/waste-notes/:id/transfers", "routes/company/waste-note-transfers.tsx"),
    route("company/waste-notes/:id/dwt.json", "routes/company/waste-note-dwt.ts"),
    route("company/waste-notes/dwt.json", "routes/company/waste-notes-dwt.ts"),
    route("company/waste-notes/items.csv", "routes/company/waste-notes-items-csv.ts"),
    route("company/quotes", "routes/company/quotes.tsx"),
    route("company/reviews", "routes/company/reviews.tsx"),
    route("company/waste-notes/:id/send", "routes/company/waste-note-send.ts"),
    route("company/sites", "routes/company/sites.tsx"),
    route("company/customers", "routes/company/customers.tsx"),
    route("company/saved-parties.json", "routes/company/saved-parties-json.ts"),
    route("company/*", "routes/company/not-found.tsx"),
  ]),
  // Public: logos are shown on the listing's public profile and cards.
  route("company-logo/:file", "routes/company/logo.ts"),
];
