import { data } from "react-router";
import { AreaNotFound } from "~/components/layout/area-not-found";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <AreaNotFound area="admin" home="/admin" homeLabel="Back to Overview" />;
}
