/**
 * /enquiries/reviews/confirm?token=…: the page the review confirmation e-mail links to (decision
 * 0250). Opening it changes nothing (mail scanners open links): it shows the review and a button.
 * The button's POST confirms it: the review enters moderation, and this browser keeps a mark of it
 * (decision 0410). A link that cannot confirm gets a page that says why.
 */
import { CheckCircle2, MailCheck, ShieldAlert } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Stars } from "~/components/enquiries/stars";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { SiteLink } from "~/components/ui/site-link";
import {
  checkReviewLink,
  confirmReview,
  type ReviewToConfirm,
} from "~/modules/reviews/confirm-review.server";
import {
  CONFIRM_PROBLEMS,
  CONFIRMED_MESSAGE,
  type ConfirmProblem,
} from "~/modules/reviews/review-confirmation";
import { getApp } from "~/web/context";
import { pageMeta } from "~/web/meta";
import { addReviewMark, getReviewer } from "~/web/reviewer-cookie.server";
import type { Route } from "./+types/review-confirm";
import { loaderHeadersOnly } from "~/web/page-cache";

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/**
 * A used link is not an error (the review is confirmed: 200, so the page after a plain form's POST,
 * whose loader sees the link used, keeps the action's status), whatever became of its review since
 * (decision 0261); an unknown one is 404, the rest 410.
 */
const PROBLEM_STATUS: Record<ConfirmProblem, number> = {
  invalid: 404,
  confirmed: 200,
  published: 200,
  used: 200,
  expired: 410,
  already: 410,
  closed: 410,
  "business-email": 410,
};

/** A used link whose review is waiting or published is good news; one whose review is gone is neutral. */
const PROBLEM_TONE: Partial<Record<ConfirmProblem, "success" | "info">> = {
  confirmed: "success",
  published: "success",
  used: "info",
};
const problemStatus = (problem: ConfirmProblem) => PROBLEM_STATUS[problem];

type LoaderData =
  { ok: true; token: string; review: ReviewToConfirm } | { ok: false; problem: ConfirmProblem };

/** The loader's (and action's) no-store, noindex and no-referrer headers on the page itself. */
export const headers = loaderHeadersOnly;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const token = url.searchParams.get("token") ?? "";
  const check = await checkReviewLink(db, token);
  if (!check.ok) {
    return data<LoaderData>(
      { ok: false, problem: check.problem },
      { status: problemStatus(check.problem), headers: HEADERS },
    );
  }
  return data<LoaderData>({ ok: true, token, review: check.review }, { headers: HEADERS });
}

export function meta() {
  return pageMeta({ title: "Confirm your review", noindex: true });
}

type ActionData =
  { ok: true; registrationNumber: string; businessName: string } | { ok: false; problem: ConfirmProblem };

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const token = (await request.formData()).get("token");
  const result = await confirmReview(app.db, app.config, typeof token === "string" ? token : null);
  if (!result.ok) {
    return data<ActionData>(
      { ok: false, problem: result.problem },
      { status: problemStatus(result.problem), headers: HEADERS },
    );
  }
  const reviewer = await getReviewer(request, context);
  const headers = new Headers(HEADERS);
  headers.append("Set-Cookie", await addReviewMark(app.config, reviewer, result.mark));
  return data<ActionData>(
    { ok: true, registrationNumber: result.registrationNumber, businessName: result.businessName },
    { headers },
  );
}

export default function ConfirmReview({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) return <Confirmed {...actionData} />;
  const problem = actionData?.problem ?? (loaderData.ok ? null : loaderData.problem);
  if (problem || !loaderData.ok) return <LinkProblem problem={problem ?? "invalid"} />;
  const { review, token } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        <MailCheck className="size-7 shrink-0 text-brand-700" aria-hidden /> Confirm your review
      </h1>
      <p className="mt-2 text-slate-700">
        This review of {review.businessName} was written with your email address. Confirm it if you wrote it:
        we then check it and show it on the business&apos;s profile.
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-base">Your review of {review.businessName}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2" data-testid="review-to-confirm">
          <p className="font-semibold text-slate-900">{review.reviewerName}</p>
          <Stars rating={review.rating} />
          <p className="text-sm leading-6 break-words whitespace-pre-line text-slate-700">{review.text}</p>
        </CardContent>
      </Card>
      <ConfirmForm token={token} />
      <p className="mt-4 text-sm text-slate-600">
        Did not write it? Leave this page: the review will not be shown, and it is deleted when the link
        expires.
      </p>
    </main>
  );
}

function ConfirmForm({ token }: { token: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Confirming..." : "Confirm my review"}
      </Button>
    </Form>
  );
}

function Confirmed({
  registrationNumber,
  businessName,
}: {
  registrationNumber: string;
  businessName: string;
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{CONFIRMED_MESSAGE.title}</h1>
      <Alert tone="success" className="mt-6 text-left">
        {CONFIRMED_MESSAGE.description}
      </Alert>
      <Button asChild className="mt-8">
        <SiteLink to={`/provider/${encodeURIComponent(registrationNumber)}`}>Back to {businessName}</SiteLink>
      </Button>
    </main>
  );
}

function LinkProblem({ problem }: { problem: ConfirmProblem }) {
  const message = CONFIRM_PROBLEMS[problem];
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{message.title}</h1>
      <Alert tone={PROBLEM_TONE[problem] ?? "warning"} className="mt-6 text-left">
        {message.text}
      </Alert>
      <Button asChild className="mt-8" variant="outline">
        <SiteLink to="/">Go to the home page</SiteLink>
      </Button>
    </main>
  );
}
