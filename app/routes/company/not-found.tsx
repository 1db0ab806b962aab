import { data } from "react-router";
import { AreaNotFound } from "~/components/layout/area-not-found";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser(request, context, url);
  return data(null, { status: 404 });
}

export default function CompanyNotFound() {
  return <AreaNotFound area="company" home="/company" homeLabel="Back to Dashboard" />;
}
