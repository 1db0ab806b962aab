import { data } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { getApp } from "~/web/context";
import type { Route } from "./+types/not-found";
import { pageMeta } from "~/web/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  getApp(context).log.warn({ path }, "404 not found");
  return data({ path }, { status: 404 });
}

export function meta() {
  return pageMeta({ title: "Page not found", noindex: true });
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600">Sorry, we couldn't find the page you were looking for.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <SiteLink
          to="/"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Go to Home
        </SiteLink>
        <SiteLink
          to="/search-results"
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
        >
          Search the directory
        </SiteLink>
      </div>
    </main>
  );
}
