/**
 * The visitor forms a profile places: the reviews and quote request form on claimed premium
 * profiles (the page renders these only for the listings that qualify; the servers check again).
 * Built in app/components/enquiries; the results page's form is in ./lead-slot.tsx.
 */
import { useMemo } from "react";
import { deferred } from "~/components/ui/deferred";
import type { Provider } from "~/modules/directory/provider";
import type { ReviewSummary } from "~/modules/reviews/list-reviews.server";

// Loaded after the page's own code, when the visitor heads for them (decisions 0208 and 0224): the
// forms and their validation library would otherwise add ~27 kB gzip to every profile view.
const QuoteForm = deferred("quote-form", () =>
  import("~/components/enquiries/quote-form").then((m) => m.QuoteForm),
);
const ReviewsSection = deferred("reviews", () =>
  import("~/components/enquiries/reviews-section").then((m) => m.ReviewsSection),
);

/**
 * Profile of a claimed premium provider: customer reviews (published reviews, review form). The
 * reviews come from the profile's loader, so they are in the page's HTML; null (they could not
 * be read) leaves the section to load them in the browser. `ownBusiness`: the reader is the
 * business's signed-in owner, who reads a notice in place of the form (decision 0267).
 */
export function ProviderReviewsSlot({
  provider,
  reviews,
  ownBusiness,
}: {
  provider: Provider;
  reviews: ReviewSummary | null;
  ownBusiness: boolean;
}) {
  // One object per loader answer: the section reloads the list when `initial` changes.
  const initial = useMemo(() => (reviews ? { ok: true as const, ...reviews } : undefined), [reviews]);
  return (
    <ReviewsSection
      key={provider.registration_number}
      registrationNumber={provider.registration_number}
      businessName={provider.business_name}
      initial={initial}
      ownBusiness={ownBusiness}
    />
  );
}

/**
 * Profile of a claimed premium provider: the quote request form. The 'Request a Quote' button
 * and the 'Request Quote' links on result cards point to `#quote`; the form keeps that id.
 */
export function ProviderQuoteFormSlot({ provider }: { provider: Provider }) {
  return (
    <QuoteForm
      key={provider.registration_number}
      registrationNumber={provider.registration_number}
      businessName={provider.business_name}
      services={provider.services}
    />
  );
}
