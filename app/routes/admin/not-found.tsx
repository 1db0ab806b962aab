import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/not-found";
import { SITE_NAME } from "~/platform/brand";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{`Page not found | ${SITE_NAME}`}</title>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">This part of the admin area does not exist (yet).</p>
      <Button asChild className="mt-6">
        <Link to="/admin">Back to Overview</Link>
      </Button>
    </main>
  );
}
