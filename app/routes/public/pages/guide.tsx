/** One route module for all eight guides (/resources/:slug); the text lives in app/content/guides. */
import { cn } from "~/components/ui/cn";
import { ArrowRight, CircleCheck, Clock, Search } from "lucide-react";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { ExtLink } from "~/content/elements";
import { GUIDES, getGuide, type Guide } from "~/content/guides";
import { LAST_REVIEWED } from "~/content/site";
import type { Route } from "./+types/guide";
import {
  ArticleSections,
  BackLink,
  LinkButton,
  OnThisPage,
  PageBody,
  PageHeader,
  PageMain,
  WithAside,
} from "./page-shell";
import { canonicalUrl, pageMeta } from "~/web/meta";

export async function loader({ params, context }: Route.LoaderArgs) {
  const guide = getGuide(params.slug);
  if (!guide) throw data({ slug: params.slug }, { status: 404 });
  return { slug: guide.slug, canonical: canonicalUrl(context, `/resources/${guide.slug}`) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const guide = loaderData ? getGuide(loaderData.slug) : null;
  if (!guide)
    return pageMeta({ title: "Guide not found", description: "This guide does not exist.", noindex: true });
  return pageMeta({
    title: guide.title,
    description: guide.description,
    canonical: loaderData?.canonical,
    type: "article",
  });
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const guide = getGuide(loaderData.slug) as Guide;
  const Icon = guide.icon;
  return (
    <PageMain>
      <PageHeader
        eyebrow={`Guide · ${guide.audience}`}
        title={guide.title}
        lead={guide.summary}
        back={{ to: "/resources", label: "Back to Resources" }}
        icon={Icon}
      >
        <p className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600">
          <span>
            Last reviewed: <time dateTime={LAST_REVIEWED.iso}>{LAST_REVIEWED.label}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {guide.readingMinutes} min read
          </span>
        </p>
      </PageHeader>
      <PageBody>
        <WithAside
          aside={
            <>
              <div className="hidden lg:block">
                <OnThisPage items={guide.sections} />
              </div>
              <CheckCarrierCard />
            </>
          }
        >
          <KeyPoints points={guide.keyPoints} />
          <div className="mt-10">
            <ArticleSections sections={guide.sections} />
          </div>
          <OfficialLinks guide={guide} />
          <RelatedGuides guide={guide} />
          <div className="mt-10 border-t border-slate-200 pt-6">
            <BackLink to="/resources" label="Back to all guides" />
          </div>
        </WithAside>
      </PageBody>
    </PageMain>
  );
}

function KeyPoints({ points }: { points: string[] }) {
  return (
    <section
      aria-labelledby="key-points"
      className="max-w-[68ch] rounded-xl border border-brand-200 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="key-points" className="text-base font-bold text-brand-900">
        Key points
      </h2>
      <ul className="mt-3 space-y-2.5">
        {points.map((point) => (
          <li key={point} className="flex gap-2.5 text-[0.95rem] leading-6 text-slate-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OfficialLinks({ guide }: { guide: Guide }) {
  return (
    <section
      aria-labelledby="official-links"
      className="mt-12 max-w-[68ch] rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="official-links" className="text-lg font-bold text-slate-900">
        Official registers and guidance
      </h2>
      <ul className="mt-3 space-y-2">
        {guide.officialLinks.map((link) => (
          <li key={link.href}>
            <ExtLink
              href={link.href}
              className="font-medium text-brand-700 underline decoration-brand-600/40 underline-offset-2 hover:text-brand-900"
            >
              {link.label}
            </ExtLink>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">
        This guide is a plain-English summary, not legal advice. The official pages above are the authority on
        the rules in force.
      </p>
    </section>
  );
}

function RelatedGuides({ guide }: { guide: Guide }) {
  const related = guide.related
    .map((slug) => GUIDES.find((g) => g.slug === slug))
    .filter((g): g is Guide => !!g);
  return (
    <section aria-labelledby="related-guides" className="mt-12">
      <h2 id="related-guides" className="text-lg font-bold text-slate-900">
        Related guides
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {related.map((g) => (
          <li key={g.slug}>
            <SiteLink
              to={`/resources/${g.slug}`}
              className="group hover:border-brand-300 flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow"
            >
              <g.icon aria-hidden="true" className="size-5 text-brand-600" />
              <span className="mt-2 font-semibold text-slate-900 group-hover:text-brand-800">{g.title}</span>
              <span className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-medium text-brand-700">
                Read guide <ArrowRight aria-hidden="true" className="size-4" />
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckCarrierCard() {
  return (
    <div className="rounded-xl bg-brand-800 p-5 text-white shadow-sm">
      <p className="font-semibold">Check a carrier now</p>
      <p className="mt-1 text-sm text-brand-100">
        Search by town, postcode, business name or licence number to see if a carrier is registered.
      </p>
      <LinkButton to="/search-results" icon={Search} variant="outline" className="mt-4 w-full border-white">
        Search the directory
      </LinkButton>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageMain>
      <PageHeader
        title={notFound ? "Guide not found" : "Something went wrong"}
        lead={
          notFound
            ? "We couldn't find that guide. It may have moved: all our guides are listed on the Resources page."
            : "An unexpected error occurred. Please try again."
        }
        back={{ to: "/resources", label: "Back to Resources" }}
      />
      <PageBody>
        <h2 className="text-lg font-bold text-slate-900">Our guides</h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {GUIDES.map((g) => (
            <li key={g.slug}>
              <SiteLink
                to={`/resources/${g.slug}`}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                {g.title}
              </SiteLink>
            </li>
          ))}
        </ul>
        <SiteLink
          to="/search-results"
          className={cn(buttonVariants({ variant: "primary", size: "md" }), "mt-8")}
        >
          Search the directory
        </SiteLink>
      </PageBody>
    </PageMain>
  );
}
