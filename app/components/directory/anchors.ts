/**
 * Fragment ids shared by the directory's pages. Kept apart from slots.tsx so that a page that
 * only links to a form (result cards on the home and search pages) does not bundle the form.
 */

/** The quote request form on a premium profile: 'Request a Quote' and 'Request Quote' link here. */
export const QUOTE_ANCHOR = "quote";

/** The filters on the results page: on a phone, a sheet that is open while the URL targets it. */
export const FILTERS_ANCHOR = "filters";
