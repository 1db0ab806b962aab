/** A real FAQ instead of the spec's placeholder (docs/decisions/0302-real-faq-page.md). */
import { ChevronDown, CircleHelp } from "lucide-react";
import { proseClass } from "~/content/elements";
import { FAQ_GROUPS } from "~/content/faq";
import { CONTACT_RESPONSE_TIME } from "~/content/site";
import { ContactUsCard, OnThisPage, PageBody, PageHeader, PageMain, WithAside } from "./page-shell";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/faq");

export const meta = staticPageMeta({
  title: "Frequently Asked Questions",
  description:
    "Answers to common questions about checking a waste carrier's licence, CBDU and CBDL numbers, fly-tipping fines, quotes, reviews and listing your business.",
});

export default function Faq() {
  return (
    <PageMain>
      <PageHeader
        eyebrow="Help"
        title="Frequently Asked Questions"
        lead="Quick answers about checking waste carriers, using the directory and listing your business."
        icon={CircleHelp}
      />
      <PageBody>
        <WithAside
          aside={
            <>
              <OnThisPage items={FAQ_GROUPS.map((g) => ({ id: g.id, heading: g.title }))} />
              <ContactUsCard title="Still have a question?" text={<>We respond {CONTACT_RESPONSE_TIME}.</>} />
            </>
          }
        >
          <div className="max-w-[72ch] space-y-12">
            {FAQ_GROUPS.map((group) => (
              <section key={group.id} aria-labelledby={group.id}>
                <h2 id={group.id} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
                  {group.title}
                </h2>
                <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
                  {group.items.map((item) => (
                    <details key={item.id} id={item.id} className="group scroll-mt-24">
                      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                        <h3 className="text-base">{item.question}</h3>
                        <ChevronDown
                          aria-hidden="true"
                          className="mt-0.5 size-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
                        />
                      </summary>
                      <div className={`${proseClass} px-5 pb-5`}>{item.answer}</div>
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>
        </WithAside>
      </PageBody>
    </PageMain>
  );
}
