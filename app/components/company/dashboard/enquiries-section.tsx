/**
 * The dashboard's counts of what waits for the owner (decision 0604): new quote requests and
 * reviews without a reply, each linking to its page. Shown once the listing is approved.
 */
import { ChevronRight, Inbox, MessageSquareText } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import type { EnquiryCounts } from "~/modules/company/enquiry-counts.server";

function CountLink({
  to,
  label,
  count,
  hint,
  testId,
  icon: Icon,
}: {
  to: string;
  label: string;
  count: number;
  hint: string;
  testId: string;
  icon: typeof Inbox;
}) {
  return (
    <Card className="hover:border-brand-300 transition-colors">
      <Link to={to} className="flex items-center gap-4 px-5 py-4" aria-label={`${label}: ${count}. ${hint}`}>
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-600">{label}</span>
          <span className="block text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
            {count.toLocaleString("en-GB")}
          </span>
          <span className="block text-xs text-slate-600">{hint}</span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
    </Card>
  );
}

export function EnquiriesSection({ counts }: { counts: EnquiryCounts }) {
  return (
    <section aria-label="Quote requests and reviews" className="mt-6 grid gap-4 sm:grid-cols-2">
      <CountLink
        to="/company/quotes?status=new"
        label="New Quote Requests"
        count={counts.newQuotes}
        hint="Not yet contacted"
        testId="count-new-quotes"
        icon={Inbox}
      />
      <CountLink
        to="/company/reviews?show=unanswered"
        label="Reviews Awaiting a Reply"
        count={counts.unansweredReviews}
        hint="Published reviews you have not replied to"
        testId="count-unanswered-reviews"
        icon={MessageSquareText}
      />
    </section>
  );
}
