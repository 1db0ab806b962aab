/**
 * Customer reviews on a claimed premium profile: published reviews newest first with the average
 * and count, and the review form (name, email, rating 1-5 default 5, text). The e-mail is checked
 * while typing ('Review already submitted'): the server answers only for a review this browser
 * confirmed or the signed-in user's own e-mail (decision 0410); after a review is sent the form gives
 * way to a thank-you that asks the writer to confirm it from the e-mail sent to them (decision 0250).
 */
import { isEmailAddress, normaliseEmail } from "~/platform/email-address";
import { formatDate } from "~/platform/dates";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, MessageSquareReply, MessageSquareText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { FormError } from "~/components/auth/form-field";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { toast, useToastOnce } from "~/components/ui/toast";
import type { ReviewSummary } from "~/modules/reviews/list-reviews.server";
import { DEFAULT_RATING, REVIEW_MESSAGES, reviewSchema } from "~/modules/reviews/review-schema";
import { replyLabel } from "~/modules/reviews/reply-rules";
import { OWN_BUSINESS_NOTICE } from "~/modules/reviews/own-business";
import { Honeypot } from "~/components/ui/honeypot";
import { SelectField, TextAreaField, TextField } from "./fields";
import type { EnquiryReply } from "./reply";
import { useEnquiryForm } from "./use-enquiry-form";
import { Stars } from "./stars";

export const reviewsPath = (reg: string) => `/enquiries/reviews/${encodeURIComponent(reg)}`;
const RATINGS = [
  { value: "5", label: "5 stars - Excellent" },
  { value: "4", label: "4 stars - Good" },
  { value: "3", label: "3 stars - Average" },
  { value: "2", label: "2 stars - Poor" },
  { value: "1", label: "1 star - Terrible" },
];

/** Bumps after any review submission settles, so the list reloads (like a loader revalidating). */
function useReviewsVersion(): number {
  const fetchers = useFetchers();
  const [version, setVersion] = useState(0);
  const busy = fetchers.some((f) => f.key.startsWith("review-") && f.state !== "idle");
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) setVersion((v) => v + 1);
    wasBusy.current = busy;
  }, [busy]);
  return version;
}

export type ReviewsData = ({ ok: true } & ReviewSummary) | { ok: false };

/**
 * `initial`: the reviews the page's loader read (the profile, the no-JavaScript reviews page), so
 * they are in the server's HTML; without it the section loads them itself. After a review is sent
 * they are loaded again. `ownBusiness`: the reader is the business's signed-in owner, whose review
 * the server would refuse (decision 0261): a notice takes the form's place (decision 0267).
 */
export function ReviewsSection({
  registrationNumber,
  businessName,
  initial,
  initialReply,
  ownBusiness = false,
}: {
  registrationNumber: string;
  businessName: string;
  initial?: ReviewsData;
  initialReply?: EnquiryReply;
  ownBusiness?: boolean;
}) {
  const reviews = useReviews(registrationNumber, initial);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="reviews-heading">Customer reviews</CardTitle>
        {reviews?.ok && reviews.count > 0 ? (
          <ReviewsAverage average={reviews.average} count={reviews.count} />
        ) : null}
      </CardHeader>
      <CardContent className="space-y-6">
        <ReviewsList
          reviews={reviews}
          registrationNumber={registrationNumber}
          businessName={businessName}
          ownBusiness={ownBusiness}
        />
        {ownBusiness ? (
          <OwnBusinessNotice businessName={businessName} />
        ) : (
          <ReviewForm registrationNumber={registrationNumber} initial={initialReply} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The reviews, fetched again after every review submission. Plain fetches of JSON endpoints: a
 * failed load shows 'Could not load reviews' in place, never the page's error boundary.
 */
function useReviews(registrationNumber: string, initial?: ReviewsData): ReviewsData | undefined {
  const [loaded, setLoaded] = useState<ReviewsData | undefined>(undefined);
  const version = useReviewsVersion();
  useEffect(() => {
    if (initial && version === 0) return;
    const controller = new AbortController();
    fetch(`${reviewsPath(registrationNumber)}/list`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((r) => r.json() as Promise<ReviewsData>)
      .then(setLoaded, (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ ok: false });
        return error;
      });
    return () => controller.abort();
  }, [initial, registrationNumber, version]);
  return loaded ?? initial;
}

function ReviewsAverage({ average, count }: { average: ReviewSummary["average"]; count: number }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <Stars rating={average ?? 0} />
      <span className="font-semibold text-slate-900">{average?.toFixed(1)}</span>
      <span>
        ({count} {count === 1 ? "review" : "reviews"})
      </span>
    </p>
  );
}

function ReviewsList({
  reviews,
  registrationNumber,
  businessName,
  ownBusiness,
}: {
  reviews: ReviewsData | undefined;
  registrationNumber: string;
  businessName: string;
  ownBusiness: boolean;
}) {
  if (!reviews) {
    return (
      <>
        <p className="text-sm text-slate-600" aria-live="polite">
          Loading reviews...
        </p>
        <noscript>
          <SiteLink
            to={reviewsPath(registrationNumber)}
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            Read the reviews of {businessName}
          </SiteLink>
        </noscript>
      </>
    );
  }
  if (!reviews.ok) return <Alert tone="error">{REVIEW_MESSAGES.loadFailed}</Alert>;
  if (reviews.count === 0) {
    // The owner is not invited to be the first (decision 0267).
    return ownBusiness ? (
      <p className="text-slate-600">{OWN_BUSINESS_NOTICE.noReviews}</p>
    ) : (
      <p className="text-slate-600">No reviews yet. Be the first to review {businessName}.</p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Reviews">
      {reviews.reviews.map((r) => (
        <li key={r.id} className="py-4 first:pt-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">{r.reviewer_name}</p>
            <time dateTime={r.created_at} className="text-xs text-slate-600">
              {formatDate(r.created_at)}
            </time>
          </div>
          <Stars rating={r.rating} className="mt-1" />
          <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-700">{r.review_text}</p>
          {r.reply ? <BusinessReply reply={r.reply} businessName={businessName} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The business's published reply under its review (decision 0604). */
function BusinessReply({ reply, businessName }: { reply: { text: string }; businessName: string }) {
  return (
    <div
      className="mt-3 rounded-md border-l-4 border-brand-200 bg-slate-50 px-3 py-2"
      data-testid="review-reply"
    >
      <p className="text-xs font-semibold text-slate-800">{replyLabel(businessName)}</p>
      <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-700">{reply.text}</p>
    </div>
  );
}

function ReviewForm({ registrationNumber, initial }: { registrationNumber: string; initial?: EnquiryReply }) {
  const fetcher = useFetcher<EnquiryReply>({ key: `review-${registrationNumber}` });
  const reply = fetcher.data ?? initial;
  useToastOnce(fetcher.data?.toast);
  const { alreadyLive, onEmail } = useReviewedEmailCheck(registrationNumber);
  const [form, fields] = useEnquiryForm("review-form", () => reviewSchema, reply, {
    rating: String(DEFAULT_RATING),
  });
  const busy = fetcher.state !== "idle";
  const formProps = getFormProps(form);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    toastIfInvalid(event);
    formProps.onSubmit(event);
  };

  if (reply?.status === "sent") return <ReviewSent />;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <MessageSquareText aria-hidden className="h-5 w-5 text-brand-600" /> Write a review
      </h3>
      <fetcher.Form
        method="post"
        action={reviewsPath(registrationNumber)}
        {...formProps}
        onSubmit={onSubmit}
        aria-label="Write a review"
        className="relative mt-4 space-y-4"
      >
        <Honeypot />
        <FormError id={form.errorId} errors={reply?.formError ? [reply.formError] : form.errors} />
        <ReviewerFields fields={fields} alreadyLive={alreadyLive} onEmail={onEmail} />
        <SelectField label="Rating" meta={fields.rating} options={RATINGS} />
        <TextAreaField label="Your review" meta={fields.text} rows={4} maxLength={2000} />
        <Button type="submit" disabled={busy || alreadyLive}>
          {busy ? "Submitting..." : "Submit Review"}
        </Button>
      </fetcher.Form>
    </div>
  );
}

/**
 * Where visitors have the review form, the business's signed-in owner reads why there is none for
 * them, and where they answer their reviews (decision 0267).
 */
function OwnBusinessNotice({ businessName }: { businessName: string }) {
  return (
    <section
      aria-labelledby="own-business-notice-heading"
      data-testid="own-business-notice"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h3 id="own-business-notice-heading" className="flex items-start gap-2 font-semibold text-slate-900">
        <MessageSquareText aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        {OWN_BUSINESS_NOTICE.title}
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-700">{OWN_BUSINESS_NOTICE.text(businessName)}</p>
      <p className="mt-4">
        <SiteLink to="/company/reviews" className={buttonVariants({ variant: "outline", size: "md" })}>
          <MessageSquareReply aria-hidden className="h-4 w-4" /> {OWN_BUSINESS_NOTICE.link}
        </SiteLink>
      </p>
    </section>
  );
}

/** Asks the server, 400 ms after typing stops, whether this e-mail has a review here already. */
function useReviewedEmailCheck(registrationNumber: string) {
  const [reviewedEmail, setReviewedEmail] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onEmail = (value: string) => {
    setEmail(value);
    if (timer.current) clearTimeout(timer.current);
    const v = value.trim();
    if (!isEmailAddress(v)) return;
    timer.current = setTimeout(() => {
      fetch(`${reviewsPath(registrationNumber)}/check?email=${encodeURIComponent(v)}`, {
        headers: { Accept: "application/json" },
      })
        .then((r) => r.json() as Promise<{ reviewed?: boolean }>)
        .then((d) => setReviewedEmail(d.reviewed ? normaliseEmail(v) : null))
        .catch(() => setReviewedEmail(null));
    }, 400);
  };
  const alreadyLive = reviewedEmail !== null && reviewedEmail === normaliseEmail(email);
  return { alreadyLive, onEmail };
}

/** Client-side checks stop the request, so the spec's toasts are raised here as the server would. */
function toastIfInvalid(event: React.FormEvent<HTMLFormElement>) {
  const result = parseWithZod(new FormData(event.currentTarget), { schema: reviewSchema });
  if (result.status !== "success") {
    const missing = Object.values(result.error ?? {}).some((m) =>
      m?.includes(REVIEW_MESSAGES.missing.description),
    );
    toast({
      ...(missing ? REVIEW_MESSAGES.missing : REVIEW_MESSAGES.invalidEmail),
      variant: "destructive",
    });
  }
}

function ReviewSent() {
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-5 text-green-900">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="h-5 w-5" /> Thank you for your review!
      </p>
      <p className="mt-1 text-sm">{REVIEW_MESSAGES.submitted.description}</p>
      <p className="mt-2 text-sm">{REVIEW_MESSAGES.checkEmail}</p>
    </div>
  );
}

function ReviewerFields({
  fields,
  alreadyLive,
  onEmail,
}: {
  fields: Record<"name" | "email", FieldMetadata<unknown>>;
  alreadyLive: boolean;
  onEmail: (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Your name" meta={fields.name} autoComplete="name" maxLength={100} />
      <div>
        <TextField
          label="Your email"
          meta={fields.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          hint="Not shown with your review."
          onInput={(e) => onEmail(e.currentTarget.value)}
        />
        {alreadyLive ? (
          <p role="status" className="mt-1 text-sm font-medium text-amber-800">
            {REVIEW_MESSAGES.alreadyInline}
          </p>
        ) : null}
      </div>
    </div>
  );
}
