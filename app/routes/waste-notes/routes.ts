import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Open waste note pages (inside the site layout) and the files they serve. */
export const wasteNoteRoutes: RouteConfigEntry[] = [
  route("EWCCodes.csv", "routes/waste-notes/ewc-codes-csv.ts"),
  route("wastenotegeneration", "routes/waste-notes/generator.tsx"),
  route("waste-note/:id", "routes/waste-notes/view.tsx"),
  route("waste-note/:id/pdf", "routes/waste-notes/pdf.ts"),
  route("waste-note/:id/pdf-status", "routes/waste-notes/pdf-status.ts"),
  route("waste-note/:id/qr.png", "routes/waste-notes/qr.ts"),
  route("waste-note/:id/photo/:n", "routes/waste-notes/photo.ts"),
  route("waste-note/:id/signature/:party", "routes/waste-notes/signature.ts"),
  route("waste-note/:id/sign", "routes/waste-notes/sign.tsx"),
];
