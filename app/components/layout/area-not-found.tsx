import { SiteLink } from "~/components/ui/site-link";
import { Button } from "~/components/ui/button";
import { SITE_NAME } from "~/platform/brand";

/** The 404 page inside a signed-in area (admin, company), with a way back to its start. */
export function AreaNotFound({ area, home, homeLabel }: { area: string; home: string; homeLabel: string }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{`Page not found | ${SITE_NAME}`}</title>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">This part of the {area} area does not exist (yet).</p>
      <Button asChild className="mt-6">
        <SiteLink to={home}>{homeLabel}</SiteLink>
      </Button>
    </main>
  );
}
