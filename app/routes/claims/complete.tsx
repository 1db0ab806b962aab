/**
 * The wizard's step 4, Complete: what happens after the submit (confirm the e-mail, the review
 * takes 1 to 2 business days, the decision comes by e-mail), then on to /check-email.
 */
import { Link } from "react-router";
import { CheckCircle2, Mail, MailCheck, SearchCheck } from "lucide-react";
import { ClaimHeader, StepIndicator } from "~/components/claims/claim-ui";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { findClaimTarget } from "~/modules/claims/find-claim-target.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/complete";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Claim submitted", noindex: true });
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const target = await findClaimTarget(getApp(context).db, params.registrationNumber);
  const raw = url.searchParams.get("email");
  const email = raw && raw.length <= 254 && raw.includes("@") ? raw : null;
  return {
    businessName: "business" in target ? target.business.businessName : null,
    registrationNumber: "business" in target ? target.business.registrationNumber : null,
    email,
    signedIn: url.searchParams.get("account") === "signed-in",
  };
}

function NextSteps({ steps }: { steps: { icon: typeof Mail; title: string; text: string }[] }) {
  return (
    <ol className="mt-3 space-y-4">
      {steps.map((s, i) => (
        <li key={s.title} className="flex gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
            aria-hidden
          >
            {i + 1}
          </span>
          <div>
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <s.icon aria-hidden className="size-4 text-brand-700" /> {s.title}
            </p>
            <p className="text-sm text-slate-600">{s.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function ClaimComplete({ loaderData }: Route.ComponentProps) {
  const { businessName, email, signedIn } = loaderData;
  const steps = [
    ...(signedIn
      ? []
      : [
          {
            icon: MailCheck,
            title: "Confirm your email",
            text: `${CLAIM_TEXT.checkEmail} We sent it to ${email ?? "your email address"}; it works once and expires in 1 hour.`,
          },
        ]),
    {
      icon: SearchCheck,
      title: "We review your claim",
      text: `${CLAIM_TEXT.reviewTime} We check your details against the public register${businessName ? ` entry for ${businessName}` : ""}.`,
    },
    {
      icon: Mail,
      title: "You hear from us by email",
      text: "When your claim is approved we email you a link to sign in to your company dashboard, where you can manage your listing. If we cannot approve it, we email you the reason.",
    },
  ];
  return (
    <main>
      <ClaimHeader eyebrow="Claim your listing" title={businessName ?? "Claim submitted"} />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <StepIndicator current={4} />
        <Card>
          <CardContent className="p-5 sm:p-6">
            <div className="flex items-start gap-3">
              <CheckCircle2 aria-hidden className="mt-0.5 size-7 shrink-0 text-brand-600" />
              <div>
                <h2 className="text-xl font-semibold text-slate-900">Step 4 of 4: Complete</h2>
                <p className="mt-1 text-slate-700">Your claim has been submitted and is awaiting review.</p>
              </div>
            </div>
            <h3 className="mt-6 font-semibold text-slate-900">What happens next</h3>
            <NextSteps steps={steps} />
            <div className="mt-8 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/">Back to the directory</Link>
              </Button>
              {signedIn ? (
                <Button asChild>
                  <Link to="/company">Go to your dashboard</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link
                    to={email ? `/check-email?email=${encodeURIComponent(email)}` : "/check-email"}
                    state={email ? { email } : undefined}
                  >
                    Continue
                  </Link>
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
