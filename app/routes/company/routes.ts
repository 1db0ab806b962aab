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
    route("company/*", "routes/company/not-found.tsx"),
  ]),
  // Public: logos are shown on the listing's public profile and cards.
  route("company-logo/:file", "routes/company/logo.ts"),
];
