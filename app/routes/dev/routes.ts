import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// Development helpers; every loader answers 404 in production.
export const devRoutes: RouteConfigEntry[] = [
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev/mailbox-message.tsx"),
];
