import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { pageRoutes } from "./pages/routes";

export const publicRoutes: RouteConfigEntry[] = [
  index("routes/public/home.tsx"),
  ...pageRoutes,
  route("*", "routes/public/not-found.tsx"),
];
