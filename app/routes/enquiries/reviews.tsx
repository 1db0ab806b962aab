/**
 * /enquiries/reviews/{registrationNumber}: the published reviews (loaded by the profile's reviews
 * section, or shown as a page without JavaScript) and POST: submit a review (stored unconfirmed; the
 * address is e-mailed a link that confirms it, decision 0250). 'Already reviewed' is said only to a
 * visitor who already knows (decision 0410). A business does not review itself: its signed-in owner
 * and its listing's own address are refused (decision 0261), and its signed-in owner reads a notice
 * in place of the form (decision 0267).
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";
import { data } from "react-router";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { ProviderEnquiryPage } from "~/components/enquiries/provider-enquiry-page";
import { ReviewsSection, type ReviewsData } from "~/components/enquiries/reviews-section";
import type { ToastMessage } from "~/components/ui/toast";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { getQuoteProvider } from "~/modules/quotes/create-quote.server";
import { isOwnBusiness } from "~/modules/reviews/is-own-business.server";
import { listProviderReviews } from "~/modules/reviews/list-reviews.server";
import { OWN_REVIEW_MESSAGES } from "~/modules/reviews/own-business";
import { REVIEW_MESSAGES, reviewSchema } from "~/modules/reviews/review-schema";
import { submitReview } from "~/modules/reviews/submit-review.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/reviews";
import { getUser } from "~/web/guards.server";
import { getReviewer } from "~/web/reviewer-cookie.server";
import { pageMeta } from "~/web/meta";

const toast = (
  m: { title: string; description: string },
  variant: ToastMessage["variant"] = "destructive",
): ToastMessage => ({ ...m, variant });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = await getQuoteProvider(app.db, params.registrationNumber);
  if (!provider) throw data("Not found", { status: 404 });
  let reviews: ReviewsData;
  try {
    reviews = { ok: true, ...(await listProviderReviews(app.db, provider.registration_number)) };
  } catch (error) {
    app.log.error({ err: error }, "reviews could not be loaded");
    reviews = { ok: false };
  }
  const user = await getUser(request, context);
  return {
    registrationNumber: provider.registration_number,
    businessName: provider.business_name,
    reviews,
    // The business's signed-in owner: a notice in place of the form (decision 0267).
    ownBusiness: await isOwnBusiness(app.db, provider.registration_number, user?.email ?? null),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta({ title: `Reviews${d ? ` of ${d.businessName}` : ""}`, noindex: true });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const body = await request.formData();
  const honeypot = body.get(HONEYPOT_FIELD);
  const submission = parseWithZod(body, { schema: reviewSchema });
  if (honeypotFilled(honeypot)) {
    app.log.info({ form: "review" }, "honeypot filled; submission ignored");
    return data<EnquiryReply>({ status: "sent", toast: toast(REVIEW_MESSAGES.submitted, "success") });
  }
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const reviewer = await getReviewer(request, context);
    const result = await submitReview(
      { db: app.db, log: app.log, config: app.config },
      {
        registrationNumber: params.registrationNumber,
        input: submission.value,
        honeypot,
        ip: app.clientIp,
        reviewer,
      },
    );
    return reviewResultReply(result, submission);
  } catch (error) {
    app.log.error({ err: error }, "review submission failed");
    return failedReply(submission, REVIEW_MESSAGES.failed, 500);
  }
}

type ReviewSubmission = Submission<z.input<typeof reviewSchema>, string[], z.output<typeof reviewSchema>>;

/** Missing fields first (the spec's order), then a malformed e-mail. */
function invalidReply(submission: Exclude<ReviewSubmission, { status: "success" }>) {
  const missing = Object.values(submission.error ?? {}).some((m) =>
    m?.includes(REVIEW_MESSAGES.missing.description),
  );
  const m = missing ? REVIEW_MESSAGES.missing : REVIEW_MESSAGES.invalidEmail;
  return data<EnquiryReply>(
    { status: "error", result: submission.reply(), toast: toast(m) },
    { status: 400 },
  );
}

/** A refusal with its toast and its description above the form. */
function failedReply(
  submission: ReviewSubmission,
  m: { title: string; description: string },
  status: number,
) {
  return data<EnquiryReply>(
    { status: "error", result: submission.reply(), toast: toast(m), formError: m.description },
    { status },
  );
}

/** What the form is told for each outcome of submitReview. */
function reviewResultReply(
  result: Awaited<ReturnType<typeof submitReview>>,
  submission: Extract<ReviewSubmission, { status: "success" }>,
) {
  switch (result.status) {
    // The same answer whether or not the e-mail had reviewed already (decision 0410), and no mark
    // for this browser: it gets one when the review is confirmed from the e-mail (decision 0250).
    case "created":
    case "accepted":
    case "ignored":
      return data<EnquiryReply>({
        status: "sent",
        result: submission.reply({ resetForm: true }),
        toast: toast(REVIEW_MESSAGES.submitted, "success"),
      });
    case "already":
      return data<EnquiryReply>(
        {
          status: "error",
          result: submission.reply({ fieldErrors: { email: [REVIEW_MESSAGES.alreadyInline] } }),
          toast: toast(REVIEW_MESSAGES.already),
        },
        { status: 409 },
      );
    case "own-business": {
      // The signed-in owner: above the form; the business's own address: at the e-mail field.
      const { field, ...m } = OWN_REVIEW_MESSAGES[result.reason];
      return field
        ? data<EnquiryReply>(
            {
              status: "error",
              result: submission.reply({ fieldErrors: { email: [field] } }),
              toast: toast(m),
            },
            { status: 403 },
          )
        : failedReply(submission, m, 403);
    }
    case "not-found":
      return failedReply(submission, REVIEW_MESSAGES.failed, 404);
    case "rate-limited":
      return failedReply(submission, REVIEW_MESSAGES.rateLimited, 429);
    case "mailbox-limited":
      return failedReply(submission, REVIEW_MESSAGES.mailboxLimited, 429);
  }
}

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProviderEnquiryPage
      registrationNumber={loaderData.registrationNumber}
      businessName={loaderData.businessName}
      title={`Reviews of ${loaderData.businessName}`}
    >
      <ReviewsSection
        registrationNumber={loaderData.registrationNumber}
        businessName={loaderData.businessName}
        initial={loaderData.reviews}
        initialReply={actionData}
        ownBusiness={loaderData.ownBusiness}
      />
    </ProviderEnquiryPage>
  );
}
