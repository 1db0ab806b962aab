/**
 * Slots the enquiries issue fills: the general quote-lead form on the results page, and the
 * reviews and quote request form on claimed premium profiles. They render nothing until then:
 * the pages already place them where the spec puts them, and only for the listings that
 * qualify (claimed and premium), so filling them in is a change to this file alone.
 */
import type { Provider } from "~/modules/directory/provider";

/** Results page: 'Shows a quote-lead form' (general leads). */
export function GeneralLeadFormSlot(_props: { location?: string }) {
  return null;
}

/** Profile of a claimed premium provider: customer reviews (verified reviews, review form). */
export function ProviderReviewsSlot(_props: { provider: Provider }) {
  return null;
}

/**
 * Profile of a claimed premium provider: the quote request form. The 'Request a Quote' button
 * and the 'Request Quote' links on result cards point to `#quote`; the form should keep that id.
 */
export function ProviderQuoteFormSlot(_props: { provider: Provider }) {
  return null;
}

export const QUOTE_ANCHOR = "quote";
