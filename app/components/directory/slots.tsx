/**
 * The visitor forms the directory pages place: the general quote-lead form on the results page,
 * and the reviews and quote request form on claimed premium profiles (the pages render these
 * only for the listings that qualify; the servers check again). Built in app/components/enquiries.
 */
import { LeadForm } from "~/components/enquiries/lead-form";
import { QuoteForm } from "~/components/enquiries/quote-form";
import { ReviewsSection } from "~/components/enquiries/reviews-section";
import type { Provider } from "~/modules/directory/provider";

/** Results page: 'Shows a quote-lead form' (general leads). */
export function GeneralLeadFormSlot({ location }: { location?: string }) {
  return <LeadForm location={location} />;
}

/** Profile of a claimed premium provider: customer reviews (verified reviews, review form). */
export function ProviderReviewsSlot({ provider }: { provider: Provider }) {
  return <ReviewsSection key={provider.registration_number} registrationNumber={provider.registration_number} businessName={provider.business_name} />;
}

/**
 * Profile of a claimed premium provider: the quote request form. The 'Request a Quote' button
 * and the 'Request Quote' links on result cards point to `#quote`; the form keeps that id.
 */
export function ProviderQuoteFormSlot({ provider }: { provider: Provider }) {
  return <QuoteForm key={provider.registration_number} registrationNumber={provider.registration_number} businessName={provider.business_name} services={provider.services} />;
}

export const QUOTE_ANCHOR = "quote";
