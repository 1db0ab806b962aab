/**
 * /company/reviews: the listing's published reviews for its owner (issue 19, item 8; decision
 * 0604), newest first, 20 a page (keyset), all or only those awaiting a reply; one public reply per
 * review, moderated like reviews and shown under the review on the profile once published.
 * Approved listings only; a suspended listing reads them without replying.
 */
import { data } from "react-router";
import { FilteredPager } from "~/components/admin/filtered-pager";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import {
  AccessNotice,
  EmptyList,
  EnquiryPageHeader,
  FilterTabs,
} from "~/components/company/enquiries/enquiry-parts";
import { ReviewCard, type ReviewView } from "~/components/company/enquiries/review-card";
import { useToastOnce } from "~/components/ui/toast";
import { getEnquiryCounts } from "~/modules/company/enquiry-counts.server";
import { enquiryAccess } from "~/modules/company/enquiry-access";
import { listCompanyReviews } from "~/modules/reviews/list-company-reviews.server";
import { REPLY_MESSAGES, replySchema } from "~/modules/reviews/reply-rules";
import { saveReviewReply } from "~/modules/reviews/save-reply.server";
import { pageMeta } from "~/web/meta";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/reviews";
import { companyListing } from "./company-user.server";
import {
  fieldRefused,
  refused,
  refusalToast,
  samePage,
  type EnquiryActionData,
} from "./enquiry-outcome.server";

export function meta() {
  return pageMeta({ title: "Reviews", noindex: true });
}

const REFUSALS = {
  not_found: REPLY_MESSAGES.notFound,
  read_only: REPLY_MESSAGES.readOnly,
  not_approved: REPLY_MESSAGES.notApproved,
  conflict: REPLY_MESSAGES.final,
};

export async function loader(args: Route.LoaderArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { email: user.email, page: null };
  const access = enquiryAccess(listing);
  if (access === "awaiting-approval") return { email: user.email, page: { access, list: null } };
  const params = args.url.searchParams;
  const unansweredOnly = params.get("show") === "unanswered";
  const [list, counts] = await Promise.all([
    listCompanyReviews(app.db, listing.registrationNumber, {
      unansweredOnly,
      after: params.get("after"),
      before: params.get("before"),
    }),
    getEnquiryCounts(app.db, listing.registrationNumber),
  ]);
  const reviews: ReviewView[] = list.rows.map((r) => ({
    id: r.id,
    name: r.reviewer_name,
    rating: r.rating,
    text: r.review_text,
    createdAt: r.created_at.toISOString(),
    reply: r.reply ? { text: r.reply.text, status: r.reply.status, updatedAt: r.reply.updated_at } : null,
  }));
  return {
    email: user.email,
    page: {
      access,
      list: {
        unansweredOnly,
        unanswered: counts.unansweredReviews,
        reviews,
        next: list.next,
        prev: list.prev,
      },
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return refused("not_found", REFUSALS);
  const read = await readForm(args.request);
  if (!read.ok)
    return data<EnquiryActionData>({ toast: refusalToast(read.message) }, { status: read.status });
  const fields = Object.fromEntries(read.form);
  const parsed = replySchema.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? REPLY_MESSAGES.missing;
    return fieldRefused(String(fields.reviewId ?? ""), String(fields.text ?? ""), message);
  }
  const done = await saveReviewReply(app.db, { userId: user.id, listingId: listing.id }, parsed.data);
  if (!done.ok) return refused(done.reason === "final" ? "conflict" : done.reason, REFUSALS);
  return redirectWithToast(args.context, samePage(args.url), {
    title: done.outcome === "created" ? REPLY_MESSAGES.sent : REPLY_MESSAGES.updated,
    description: REPLY_MESSAGES.sentDescription,
    variant: "success",
  });
}

export default function CompanyReviews({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const { page, email } = loaderData;
  if (!page) return <CompanyPageUnavailable title="Reviews" email={email} />;
  const list = page.list;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <EnquiryPageHeader title="Reviews">
        Your published reviews, newest first. Reply once to each: an administrator checks your reply, then it
        shows under the review on your profile.
      </EnquiryPageHeader>
      <AccessNotice access={page.access} what="reviews" />
      {list ? (
        <>
          <FilterTabs
            label="Filter reviews"
            tabs={[
              { label: "All reviews", href: "/company/reviews", active: !list.unansweredOnly },
              {
                label: "Awaiting your reply",
                href: "/company/reviews?show=unanswered",
                count: list.unanswered,
                active: list.unansweredOnly,
              },
            ]}
          />
          {list.reviews.length === 0 ? (
            <EmptyList>
              {list.unansweredOnly ? "Every review has a reply." : "No published reviews yet."}
            </EmptyList>
          ) : (
            <ul className="mt-6 space-y-4" aria-label="Reviews">
              {list.reviews.map((r) => (
                <li key={r.id}>
                  <ReviewCard
                    review={r}
                    canReply={page.access === "manage"}
                    replyError={actionData?.field?.id === r.id ? actionData.field : null}
                  />
                </li>
              ))}
            </ul>
          )}
          <FilteredPager
            prev={list.prev}
            next={list.next}
            filters={{ show: list.unansweredOnly ? "unanswered" : "" }}
          />
        </>
      ) : null}
    </main>
  );
}
