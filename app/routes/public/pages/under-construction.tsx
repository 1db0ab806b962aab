/**
 * One module for every 'under construction' page (spec: /legislation, /recycling-guides).
 * The page name comes from the path via content/placeholders.ts.
 */
import { ArrowRight, BookOpen, Construction, Search } from "lucide-react";
import { data } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { getGuide, type Guide } from "~/content/guides";
import { findPlaceholder } from "~/content/placeholders";
import type { Route } from "./+types/under-construction";
import { LinkButton, PageBody, PageMain } from "./page-shell";
import { canonicalUrl, pageMeta } from "~/web/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = findPlaceholder(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return { page, canonical: canonicalUrl(context, page.path) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.page.name ?? "Page";
  return pageMeta({
    title: `${name} (coming soon)`,
    description: `Our ${name} page is under construction. ${loaderData?.page.plans ?? ""}`.trim(),
    canonical: loaderData?.canonical,
    // Thin, temporary content: keep it out of search results until the page is real.
    noindex: true,
  });
}

export default function UnderConstruction({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const guides = page.guides.map(getGuide).filter((g): g is Guide => g !== null);
  return (
    <PageMain>
      <PageBody narrow>
        <div className="text-center">
          <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-amber-100 text-amber-700">
            <Construction aria-hidden="true" className="size-8" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wide text-amber-800 uppercase">
            Under construction
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.name}</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-slate-600">
            We're still building our {page.name} page. {page.plans}
          </p>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">In the meantime, these should help.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <LinkButton to="/search-results" icon={Search} size="lg">
              Search the directory
            </LinkButton>
            <LinkButton to="/resources" icon={BookOpen} variant="outline" size="lg">
              All guides
            </LinkButton>
          </div>
        </div>
        <section aria-labelledby="related" className="mt-14">
          <h2 id="related" className="text-lg font-bold text-slate-900">
            Guides you can read now
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <SiteLink
                  to={`/resources/${guide.slug}`}
                  className="group flex items-center gap-4 px-5 py-4 hover:bg-brand-50"
                >
                  <guide.icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900 group-hover:text-brand-800">
                      {guide.title}
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-600">{guide.description}</span>
                  </span>
                  <ArrowRight
                    aria-hidden="true"
                    className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700"
                  />
                </SiteLink>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center text-sm text-slate-600">
            Have a question? Read our{" "}
            <SiteLink to="/faq" className="font-medium text-brand-700 underline underline-offset-2">
              frequently asked questions
            </SiteLink>{" "}
            or{" "}
            <SiteLink to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
              contact us
            </SiteLink>
            .
          </p>
        </section>
      </PageBody>
    </PageMain>
  );
}
