import { BadgeCheck, Building2, FileCheck, Info, MessageSquareQuote, Search } from "lucide-react";
import { Callout, Official, Prose, To } from "~/content/elements";
import { OFFICIAL } from "~/content/links";
import { CLAIM_REVIEW_TIME, OGL_ATTRIBUTION } from "~/content/site";
import { LinkButton, PageBody, PageHeader, PageMain } from "./page-shell";
import { canonicalLoader, staticPageMeta } from "./static-page";
import { SITE_NAME } from "~/platform/brand";

export const loader = canonicalLoader("/about");

export const meta = staticPageMeta({
  title: "About Us",
  description:
    "The UK Waste Carrier Directory helps households and businesses find waste carriers registered with the Environment Agency and check a licence before handing over their waste.",
});

const FEATURES = [
  {
    icon: Search,
    title: "Every registered carrier, searchable",
    text: "Listings come from the Environment Agency's public register. Search by town, postcode, business name or licence number.",
  },
  {
    icon: FileCheck,
    title: "Check a licence in seconds",
    text: "A licence number search shows whether a registration is valid or expired, its tier and its dates.",
  },
  {
    icon: BadgeCheck,
    title: "Verified business profiles",
    text: `Businesses claim their listing to add contact details, services and areas. Our team checks every claim, usually in ${CLAIM_REVIEW_TIME}.`,
  },
  {
    icon: MessageSquareQuote,
    title: "Quotes and honest reviews",
    text: "Request free quotes from licensed carriers and read reviews that we verify before they appear.",
  },
] as const;

export default function About() {
  return (
    <PageMain>
      <PageHeader
        eyebrow="About us"
        title={`About the ${SITE_NAME}`}
        lead="We help households and businesses find waste carriers that are licensed to take their rubbish away, so less of it ends up dumped in our lanes, parks and fields."
        icon={Info}
      />
      <PageBody>
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <AboutStory />
          <WhatWeDoSection />
        </div>

        <GetStartedSection />
      </PageBody>
    </PageMain>
  );
}

function AboutStory() {
  return (
    <Prose>
      <h2>Why we exist</h2>
      <p>
        Councils in England deal with more than a million fly-tipping incidents every year, and most involve
        household waste. Much of it was handed, in good faith, to someone offering a cheap collection who was
        never licensed to carry waste.
      </p>
      <p>
        The law expects everyone, householders included, to check that the person taking their waste is a
        registered carrier. If they don't, and the waste is dumped, they can be fined. The official register
        is public, but few people know it exists. We make checking quick, and make it easy to find a licensed
        carrier in the first place.
      </p>
      <h2>Where our information comes from</h2>
      <p>
        Every listing starts as an entry on the{" "}
        <Official link={OFFICIAL.eaRegister}>
          Environment Agency's public register of waste carriers, brokers and dealers
        </Official>
        , which we refresh regularly. Businesses can then claim their listing and add their own details, which
        we verify before they go live.
      </p>
      <p className="text-sm text-slate-600">{OGL_ATTRIBUTION}</p>
      <Callout tone="info" title="We are not the regulator">
        <p>
          The {SITE_NAME} is an independent service. We are not part of the Environment Agency, and a listing
          is not an endorsement. For anything important, confirm a registration on the official register as
          well.
        </p>
      </Callout>
      <h2>For waste businesses</h2>
      <p>
        If your business is registered as a waste carrier, it is probably listed here already. Claim your
        listing to add your phone number, website, services and the areas you cover, and to create waste
        transfer notes. The Standard plan is free. <To to="/register">Register My Business</To>.
      </p>
    </Prose>
  );
}

function WhatWeDoSection() {
  return (
    <section aria-labelledby="what-we-do" className="lg:pt-1">
      <h2 id="what-we-do" className="text-lg font-bold text-slate-900">
        What the directory does
      </h2>
      <ul className="mt-4 space-y-4">
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
              <feature.icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GetStartedSection() {
  return (
    <section
      aria-labelledby="get-started"
      className="mt-14 flex flex-col items-start gap-6 rounded-2xl bg-brand-800 px-6 py-8 text-white sm:px-10 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="get-started" className="text-2xl font-bold">
          Find a licensed waste carrier
        </h2>
        <p className="mt-2 max-w-xl text-brand-100">
          Search thousands of registered carriers near you and check a licence before you book.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/search-results" icon={Search} variant="outline" size="lg" className="border-white">
          Search the directory
        </LinkButton>
        <LinkButton to="/register" icon={Building2} variant="on-brand" size="lg">
          List your business
        </LinkButton>
      </div>
    </section>
  );
}
