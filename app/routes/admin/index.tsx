/** /admin: links to the admin sections (the console itself comes with the admin issues). */
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "../auth/guards.server";
import type { Route } from "./+types/index";
import { adminNav } from "./nav";

export function meta() {
  return [{ title: "Admin Dashboard | UK Waste Carrier Directory" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return null;
}

export default function AdminHome() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 md:px-8">
      <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {adminNav.slice(1).map((n) => (
          <li key={n.to}>
            <Link to={n.to} className="block h-full">
              <Card className="flex h-full items-center gap-3 p-5 hover:border-brand-600">
                <n.icon aria-hidden className="h-6 w-6 text-brand-700" />
                <span className="font-semibold">{n.label}</span>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
