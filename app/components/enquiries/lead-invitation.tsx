/**
 * What a results page with results shows in the general quote form's place until the visitor
 * scrolls to it (decision 0225): the form's own heading and words, and a link to the page that
 * holds the same form, which is what a visitor without JavaScript follows. With JavaScript the
 * form takes its place before it comes into view.
 */
import { buttonVariants } from "~/components/ui/button";
import { ClipboardListIcon } from "~/components/ui/icons/clipboard-list";

/** The stand-alone form's page, with the place the visitor searched for its postcode. */
export const leadPageHref = (location?: string) =>
  location ? `/enquiries/lead?${new URLSearchParams({ location })}` : "/enquiries/lead";

export function LeadInvitation({ location }: { location?: string }) {
  // The same heading and words as the form (lead-form.tsx), which takes this one's place.
  return (
    <section
      aria-labelledby="lead-heading"
      className="rounded-xl border border-brand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="lead-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardListIcon className="h-5 w-5 text-brand-600" /> Get free quotes
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Tell us what needs collecting. Our team passes requests on to licensed carriers near you.
      </p>
      <a href={leadPageHref(location)} className={`${buttonVariants()} mt-4 w-full`}>
        Request Quotes
      </a>
    </section>
  );
}
