/**
 * /company/quotes: the listing's quote requests for its owner (issue 19, item 8; decision 0604).
 * Newest first, 20 a page (keyset), filtered by the carrier's status; each with the visitor's
 * details, the photo, the status the carrier moves (new → contacted → won or lost) and private
 * notes. Approved listings only; a suspended listing reads them without changing anything.
 */
import { useMemo } from "react";
import { data } from "react-router";
import { FilteredPager } from "~/components/admin/filtered-pager";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import {
  AccessNotice,
  EmptyList,
  EnquiryPageHeader,
  FilterTabs,
} from "~/components/company/enquiries/enquiry-parts";
import { QuoteCard, type QuoteView } from "~/components/company/enquiries/quote-card";
import { useToastOnce } from "~/components/ui/toast";
import { enquiryAccess } from "~/modules/company/enquiry-access";
import {
  CARRIER_STATUS_LABELS,
  CARRIER_STATUSES,
  isCarrierStatus,
  QUOTE_MESSAGES,
  quoteMoveSchema,
  quoteNotesSchema,
} from "~/modules/quotes/carrier-status";
import { countCompanyQuotes, listCompanyQuotes } from "~/modules/quotes/list-company-quotes.server";
import { moveCompanyQuote, saveCompanyQuoteNotes } from "~/modules/quotes/update-company-quote.server";
import { pageMeta } from "~/web/meta";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/quotes";
import { companyListing } from "./company-user.server";
import {
  fieldRefused,
  refused,
  refusalToast,
  samePage,
  type EnquiryActionData,
} from "./enquiry-outcome.server";

export function meta() {
  return pageMeta({ title: "Quote Requests", noindex: true });
}

const REFUSALS = {
  not_found: QUOTE_MESSAGES.notFound,
  read_only: QUOTE_MESSAGES.readOnly,
  not_approved: QUOTE_MESSAGES.notApproved,
  conflict: QUOTE_MESSAGES.badMove,
};

export async function loader(args: Route.LoaderArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { email: user.email, page: null };
  const access = enquiryAccess(listing);
  if (access === "awaiting-approval") return { email: user.email, page: { access, list: null } };
  const params = args.url.searchParams;
  const wanted = params.get("status");
  const status = isCarrierStatus(wanted) ? wanted : null;
  const [list, counts] = await Promise.all([
    listCompanyQuotes(app.db, listing.registrationNumber, {
      status,
      after: params.get("after"),
      before: params.get("before"),
    }),
    countCompanyQuotes(app.db, listing.registrationNumber),
  ]);
  const quotes: QuoteView[] = list.rows.map((q) => ({
    id: q.id,
    name: q.name,
    email: q.email,
    phone: q.phone,
    postcode: q.postcode,
    service: q.service_type,
    message: q.message,
    createdAt: q.created_at.toISOString(),
    status: q.carrier_status,
    notes: q.carrier_notes,
    hasImage: q.has_image,
  }));
  return {
    email: user.email,
    page: { access, list: { status, counts, quotes, next: list.next, prev: list.prev } },
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return refused("not_found", REFUSALS);
  const read = await readForm(args.request);
  if (!read.ok)
    return data<EnquiryActionData>({ toast: refusalToast(read.message) }, { status: read.status });
  const owner = { userId: user.id, listingId: listing.id };
  const fields = Object.fromEntries(read.form);
  if (fields.intent === "move") {
    const parsed = quoteMoveSchema.safeParse(fields);
    if (!parsed.success) return refused("not_found", REFUSALS);
    const done = await moveCompanyQuote(app.db, owner, parsed.data);
    if (!done.ok) return refused(done.reason === "bad_move" ? "conflict" : done.reason, REFUSALS);
    return redirectWithToast(args.context, samePage(args.url), {
      title: `Marked as ${CARRIER_STATUS_LABELS[parsed.data.to].toLowerCase()}`,
      variant: "success",
    });
  }
  if (fields.intent === "notes") {
    const parsed = quoteNotesSchema.safeParse(fields);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? QUOTE_MESSAGES.notesTooLong;
      return fieldRefused(String(fields.id ?? ""), String(fields.notes ?? ""), message);
    }
    const done = await saveCompanyQuoteNotes(app.db, owner, parsed.data);
    if (!done.ok) return refused(done.reason === "bad_move" ? "conflict" : done.reason, REFUSALS);
    return redirectWithToast(args.context, samePage(args.url), {
      title: parsed.data.notes ? QUOTE_MESSAGES.notesSaved : QUOTE_MESSAGES.notesCleared,
      variant: "success",
    });
  }
  return data<EnquiryActionData>({ toast: refusalToast("Unknown action") }, { status: 400 });
}

export default function CompanyQuotes({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const { page, email } = loaderData;
  if (!page) return <CompanyPageUnavailable title="Quote Requests" email={email} />;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <EnquiryPageHeader title="Quote Requests">
        Requests visitors sent from your profile, newest first. Move each one along as you deal with it; your
        notes are private.
      </EnquiryPageHeader>
      <AccessNotice access={page.access} what="quote requests" />
      {page.list ? (
        <QuoteList list={page.list} canChange={page.access === "manage"} field={actionData?.field} />
      ) : null}
    </main>
  );
}

type QuoteListData = NonNullable<NonNullable<Route.ComponentProps["loaderData"]["page"]>["list"]>;

function QuoteList({
  list,
  canChange,
  field,
}: {
  list: QuoteListData;
  canChange: boolean;
  field?: EnquiryActionData["field"];
}) {
  const total = Object.values(list.counts).reduce((a, b) => a + b, 0);
  const tabs = useMemo(
    () => [
      { label: "All", href: "/company/quotes", count: total, active: list.status === null },
      ...CARRIER_STATUSES.map((s) => ({
        label: CARRIER_STATUS_LABELS[s],
        href: `/company/quotes?status=${s}`,
        count: list.counts[s],
        active: list.status === s,
      })),
    ],
    [list.counts, list.status, total],
  );
  return (
    <>
      <FilterTabs label="Filter by status" tabs={tabs} />
      {list.quotes.length === 0 ? (
        <EmptyList>
          {list.status
            ? `No ${CARRIER_STATUS_LABELS[list.status].toLowerCase()} quote requests.`
            : "No quote requests yet. They will appear here when visitors ask for a quote from your profile."}
        </EmptyList>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Quote requests">
          {list.quotes.map((q) => (
            <li key={q.id}>
              <QuoteCard quote={q} canChange={canChange} notesError={field?.id === q.id ? field : null} />
            </li>
          ))}
        </ul>
      )}
      <FilteredPager prev={list.prev} next={list.next} filters={{ status: list.status ?? "" }} />
    </>
  );
}
