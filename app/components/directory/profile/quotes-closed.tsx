import { CalendarX2Icon } from "~/components/ui/icons/calendar-x-2";
import { MessageSquareQuoteIcon } from "~/components/ui/icons/message-square-quote";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Provider } from "~/modules/directory/provider";
import type { QuotesClosed } from "~/modules/quotes/quote-registration";

/** The header's note where "Request a Quote" would be: why this carrier takes no quote requests. */
export function QuotesClosedNote({ closed }: { closed: QuotesClosed }) {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800 sm:max-w-60"
      data-testid="quotes-closed"
    >
      <CalendarX2Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
      <span>{closed.description}</span>
    </p>
  );
}

/**
 * Where the quote form would be on a premium profile whose registration has expired (decision
 * 0260): why there is none, and the way to carriers near it whose registration is in force.
 */
export function QuotesClosedCard({ provider: p, closed }: { provider: Provider; closed: QuotesClosed }) {
  // A place's results leave expired registrations out (decision 0210).
  const search = p.town ? `/search-results/${encodeURIComponent(p.town)}` : "/search-results";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuoteIcon aria-hidden className="h-5 w-5 text-brand-700" /> Quote requests
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="font-semibold text-slate-900">{closed.title}</p>
        <p className="text-slate-700">{closed.description}</p>
        <SiteLink to={search} className={buttonVariants({ variant: "outline", size: "md" })}>
          Find a registered carrier
        </SiteLink>
      </CardContent>
    </Card>
  );
}
