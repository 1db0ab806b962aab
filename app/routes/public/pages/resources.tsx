import { ArrowRight, BookOpen, CircleHelp, Clock, Search } from "lucide-react";
import { SiteLink } from "~/components/ui/site-link";
import { ExtLink } from "~/content/elements";
import { GUIDES } from "~/content/guides";
import { OFFICIAL } from "~/content/links";
import { LinkButton, PageBody, PageHeader, PageMain } from "./page-shell";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/resources");

export const meta = staticPageMeta({
  title: "Waste guides and resources",
  description:
    "Plain-English guides to waste carrier licensing, your duty of care, fly-tipping, recycling and hazardous waste in the UK, with links to the official registers.",
});

const REGISTERS = [
  { link: OFFICIAL.eaRegister, area: "England" },
  { link: OFFICIAL.nrw, area: "Wales" },
  { link: OFFICIAL.sepa, area: "Scotland" },
  { link: OFFICIAL.daera, area: "Northern Ireland" },
] as const;

export default function Resources() {
  return (
    <PageMain>
      <PageHeader
        eyebrow="Resources"
        title="Waste guides and resources"
        lead="Practical, plain-English guides to getting rid of waste legally in the UK: how carrier registration works, what your duty of care means, and how to keep your rubbish from being fly-tipped."
        icon={BookOpen}
      />
      <PageBody>
        <h2 className="sr-only">Guides</h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDES.map((guide) => (
            <li key={guide.slug}>
              <GuideCard guide={guide} />
            </li>
          ))}
        </ul>

        <div className="mt-14 grid gap-6 lg:grid-cols-2">
          <RegistersSection />
          <FindCarrierSection />
        </div>
      </PageBody>
    </PageMain>
  );
}

function GuideCard({ guide }: { guide: (typeof GUIDES)[number] }) {
  return (
    <article className="group hover:border-brand-300 relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
        <guide.icon aria-hidden="true" className="size-5" />
      </span>
      <p className="mt-4 text-xs font-semibold tracking-wide text-slate-600 uppercase">{guide.audience}</p>
      <h3 className="mt-1 text-lg font-semibold text-slate-900">
        <SiteLink
          to={`/resources/${guide.slug}`}
          className="group-hover:text-brand-800 after:absolute after:inset-0"
        >
          {guide.title}
        </SiteLink>
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">{guide.description}</p>
      <p className="mt-auto flex items-center justify-between pt-5 text-sm">
        <span className="inline-flex items-center gap-1.5 text-slate-600">
          <Clock aria-hidden="true" className="size-4" />
          {guide.readingMinutes} min read
        </span>
        <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-brand-700">
          Read <ArrowRight className="size-4 transition group-hover:translate-x-0.5" />
        </span>
      </p>
    </article>
  );
}

function RegistersSection() {
  return (
    <section aria-labelledby="registers" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="registers" className="text-lg font-bold text-slate-900">
        Official public registers
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        Each part of the UK has its own environmental regulator. Check a carrier with the one where the
        business is based.
      </p>
      <ul className="mt-4 space-y-3">
        {REGISTERS.map(({ link, area }) => (
          <li key={link.href} className="text-sm">
            <span className="block font-semibold text-slate-900">{area}</span>
            <ExtLink
              href={link.href}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {link.label}
            </ExtLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FindCarrierSection() {
  return (
    <section aria-labelledby="more-help" className="flex flex-col rounded-xl bg-brand-800 p-6 text-white">
      <h2 id="more-help" className="text-lg font-bold">
        Ready to find a licensed carrier?
      </h2>
      <p className="mt-2 text-sm leading-6 text-brand-100">
        Search the directory by town, postcode, business name or licence number, and check a registration in
        seconds. Seen dumped waste?{" "}
        <ExtLink
          href={OFFICIAL.reportFlytipping.href}
          className="font-semibold text-white underline underline-offset-2"
        >
          Report fly-tipping
        </ExtLink>
        .
      </p>
      <div className="mt-auto flex flex-wrap gap-3 pt-6">
        <LinkButton to="/search-results" icon={Search} variant="outline" className="border-white">
          Search the directory
        </LinkButton>
        <LinkButton to="/faq" icon={CircleHelp} variant="on-brand">
          Read the FAQ
        </LinkButton>
      </div>
    </section>
  );
}
