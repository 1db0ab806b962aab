import { QUOTE_ANCHOR } from "~/components/directory/anchors";
import { quotesClosed, ServiceList } from "~/components/directory/provider-card";
import { ProviderQuoteFormSlot, ProviderReviewsSlot } from "~/components/directory/slots";
import { OwnQuotesNotice } from "~/components/enquiries/own-quotes-notice";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Provider } from "~/modules/directory/provider";
import type { ReviewSummary } from "~/modules/reviews/list-reviews.server";
import { ContactDirectly } from "./contact-directly";
import { QuotesClosedCard } from "./quotes-closed";

function SimpleCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * What the business says about itself (claimed listings), then reviews and the quote form
 * (premium; where its registration has expired, why there is none: decision 0260). `reviews`: the
 * published reviews the loader read, rendered in the page's HTML. `ownBusiness`: the reader is the
 * business's signed-in owner, who gets no review form (decision 0267) and no quote request form
 * (decision 0276): a notice in each one's place.
 */
export function ProfileDetails({
  provider: p,
  quotes,
  website,
  reviews,
  ownBusiness = false,
}: {
  provider: Provider;
  quotes: boolean;
  website: string | null;
  reviews: ReviewSummary | null;
  ownBusiness?: boolean;
}) {
  const closed = quotes ? null : quotesClosed(p);
  return (
    <div className="space-y-6">
      <SimpleCard title="About">
        <p className="leading-7 whitespace-pre-line text-slate-700">
          {p.is_claimed && p.about?.trim() ? p.about : "This business hasn't added a description yet."}
        </p>
      </SimpleCard>
      {p.is_claimed ? (
        <>
          <SimpleCard title="Services offered">
            {p.services.length ? (
              <ServiceList services={p.services} max={p.services.length} />
            ) : (
              <p className="text-slate-600">No services listed yet.</p>
            )}
          </SimpleCard>
          <SimpleCard title="Areas covered">
            {p.areas_covered.length ? (
              <ul className="flex flex-wrap gap-1.5">
                {p.areas_covered.map((a) => (
                  <li key={a} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {a}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600">No areas listed yet.</p>
            )}
          </SimpleCard>
        </>
      ) : null}
      {p.is_claimed && p.is_premium ? (
        <>
          <ProviderReviewsSlot provider={p} reviews={reviews} ownBusiness={ownBusiness} />
          {quotes ? (
            // The quote request form (or the owner's notice) keeps the #quote anchor the cards and
            // the header link to.
            <div id={QUOTE_ANCHOR} className="scroll-mt-24">
              {ownBusiness ? (
                <OwnQuotesNotice businessName={p.business_name} />
              ) : (
                <ProviderQuoteFormSlot provider={p} />
              )}
            </div>
          ) : closed ? (
            <div id={QUOTE_ANCHOR} className="scroll-mt-24">
              <QuotesClosedCard provider={p} closed={closed} />
            </div>
          ) : (
            <ContactDirectly provider={p} website={website} />
          )}
        </>
      ) : null}
    </div>
  );
}
