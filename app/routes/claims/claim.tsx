/**
 * The claim wizard (/claim/N from cards and profiles, /claim-listing/N from the finder): Verify
 * Business, Add Details, Choose Plan, then Complete. Each step posts to this action, which checks
 * that step and answers the next one (the other steps' values ride along in hidden fields), so the
 * wizard works without JavaScript; the submit creates the account and the pending claim together.
 * An e-mail that already has an account gets the same answer as a new one (decision 0410).
 *
 * Issue 14: the last step takes the licence document, sent with Submit Claim (decision 0506); a
 * registration that expired or left the register is refused when the wizard starts and again on
 * submit; a network that has used up its sign-ups is told so when the wizard starts and at each
 * step, with when it may try again, without counting anything (decision 0508).
 */
import { Ban, CalendarX, CircleHelp, Clock, Hourglass, SearchX } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ClaimHeader, ClaimProblem, StepIndicator } from "~/components/claims/claim-ui";
import { Honeypot } from "~/components/ui/honeypot";
import { PlanStep } from "~/components/claims/plan-step";
import { DetailsStep } from "~/components/claims/details-step";
import { AccountStep } from "~/components/claims/account-step";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { LicenceField } from "~/components/claims/licence-field";
import { retryAfterSeconds, retryIn } from "~/components/auth/messages";
import { createSession } from "~/modules/accounts/create-session.server";
import { signUpLimit } from "~/modules/accounts/sign-up-limit.server";
import { CLAIM_TEXT, WIZARD_STEPS } from "~/modules/claims/constants";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { findClaimTarget, type ClaimTarget } from "~/modules/claims/find-claim-target.server";
import { checkLicenceDocument } from "~/modules/claims/licence-document.server";
import { LICENCE_FIELD, LICENCE_MESSAGES } from "~/modules/claims/licence-rules";
import { submitClaim } from "~/modules/claims/submit-claim.server";
import { readForm } from "~/web/request-input.server";
import {
  addService,
  emptyValues,
  readStep,
  readValues,
  validateAll,
  validateStep,
  type WizardErrors,
  type WizardStep,
  type WizardValues,
} from "~/modules/claims/wizard-state";
import { getApp } from "~/web/context";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { redirectWithToast } from "~/web/toast.server";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/claim";
import { formatDate } from "~/platform/dates";
import { pageMeta } from "~/web/meta";

export function meta({ data: d }: Route.MetaArgs) {
  const name = d && "business" in d ? d.business.businessName : null;
  return pageMeta({ title: name ? `Claim ${name}` : "Claim your listing", noindex: true });
}

type LoadResult =
  | { kind: "missing" | "not-found" | "error" }
  | { kind: "claimed" | "pending"; business: ClaimTarget }
  /** `since`: the expiry date, or the day it left the register, as shown ('1 January 2024'). */
  | { kind: "expired" | "removed"; business: ClaimTarget; since: string | null }
  /** Sign-ups from this network are used up (signed out only): `when` is 'in 23 minutes'. */
  | { kind: "signup-limited"; business: ClaimTarget; when: string }
  | { kind: "ready"; business: ClaimTarget; account: { email: string } | null };

/** What the wizard answers when this network's sign-ups are used up (null: it may go on). */
async function signUpRefusal(db: Parameters<typeof signUpLimit>[0], ip: string) {
  const limit = await signUpLimit(db, ip);
  if (!limit.limited) return null;
  const when = retryIn(limit.retryAt);
  return {
    when,
    message: CLAIM_TEXT.signUpLimited(when),
    headers: { "Retry-After": retryAfterSeconds(limit.retryAt), "Cache-Control": "no-store" },
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  try {
    const user = await getUser(request, context);
    const target = await findClaimTarget(app.db, params.registrationNumber);
    switch (target.status) {
      case "claimable": {
        // Viewing counts nothing: the limit is only read (decision 0508).
        const limited = user ? null : await signUpRefusal(app.db, app.clientIp);
        if (limited)
          return data<LoadResult>(
            { kind: "signup-limited", business: target.business, when: limited.when },
            { status: 429, headers: limited.headers },
          );
        return data<LoadResult>({
          kind: "ready",
          business: target.business,
          account: user ? { email: user.email } : null,
        });
      }
      case "expired":
        return data<LoadResult>(
          { kind: "expired", business: target.business, since: formatDate(target.since) },
          { status: 409 },
        );
      case "removed":
        return data<LoadResult>(
          {
            kind: "removed",
            business: target.business,
            since: target.since ? formatDate(target.since) : null,
          },
          { status: 410 },
        );
      case "claimed":
      case "pending":
        return data<LoadResult>({ kind: target.status, business: target.business }, { status: 409 });
      case "missing":
        return data<LoadResult>({ kind: "missing" }, { status: 400 });
      default:
        return data<LoadResult>({ kind: "not-found" }, { status: 404 });
    }
  } catch (error) {
    app.log.error({ err: error }, "claim wizard: load failed");
    return data<LoadResult>({ kind: "error" }, { status: 500 });
  }
}

interface WizardReply {
  step: WizardStep;
  values: WizardValues;
  errors: WizardErrors;
  formError: string | null;
  toast: ToastMessage | null;
  /** Changes on every answer, so the form is rebuilt with the values the server sent. */
  version: string;
}

function reply(
  r: Omit<WizardReply, "version" | "toast" | "formError"> & Partial<Pick<WizardReply, "toast" | "formError">>,
  status = 200,
  headers: Record<string, string> = {},
) {
  // The answer can hold the passwords typed on step 1 (they travel with the form): never cache it.
  return data<WizardReply>(
    { formError: null, toast: null, ...r, version: crypto.randomUUID() },
    { status, headers: { ...headers, "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const user = await getUser(request, context);
  const read = await readForm(request);
  if (!read.ok) {
    // Over the body limit (a licence document over 10 MB sent without JavaScript, which would have
    // refused it when chosen): nothing of the form can be read, so the wizard starts again and says why.
    if (read.status === 413) {
      const message = `${LICENCE_MESSAGES["too-large"]} Nothing you typed could be read with it, so please fill in the form again and choose a smaller file (a photo of the certificate is usually well under 10 MB).`;
      return reply(
        {
          step: 1,
          values: emptyValues(user?.email),
          errors: {},
          formError: message,
          toast: { title: "Error", description: LICENCE_MESSAGES["too-large"], variant: "destructive" },
        },
        413,
      );
    }
    throw data(read.message, { status: read.status });
  }
  const form = read.form;
  const intent = String(form.get("intent") ?? "next");
  const step = readStep(form.get("step"));
  let values = readValues(form);
  if (user) values = { ...values, contactEmail: user.email, password: "", confirmPassword: "" };
  const signedIn = Boolean(user);
  const number = params.registrationNumber ?? "";

  // A bot filled the field people never see: answer as if it worked, store nothing.
  if (honeypotFilled(form.get(HONEYPOT_FIELD)))
    return redirect(`/claim/${encodeURIComponent(number)}/complete`);

  // Every step says at once when this network cannot sign up now, not only the submit (decision 0508).
  const limited = signedIn ? null : await signUpRefusal(app.db, app.clientIp);
  if (limited) {
    return reply(
      {
        step,
        values,
        errors: {},
        formError: `${limited.message} ${CLAIM_TEXT.signUpLimitAccount}`,
        toast: { title: CLAIM_TEXT.signUpFailed, description: limited.message, variant: "destructive" },
      },
      429,
      limited.headers,
    );
  }

  if (intent === "back")
    return reply({ step: step === 1 ? 1 : ((step - 1) as WizardStep), values, errors: {} });
  if (intent === "add-service") {
    const errors = validateStep(2, { ...values, newService: values.newService.trim() }, signedIn);
    if (errors.newService) return reply({ step: 2, values, errors: { newService: errors.newService } }, 400);
    return reply({ step: 2, values: addService(values), errors: {} });
  }
  if (intent !== "submit" || step !== 3) {
    // Next: check this step (a custom service still typed in counts as added).
    if (step === 2) values = addService(values);
    const errors = validateStep(step, values, signedIn);
    if (Object.keys(errors).length) return reply({ step, values, errors }, 400);
    return reply({ step: Math.min(step + 1, 3) as WizardStep, values, errors: {} });
  }

  const checked = validateAll(values, signedIn);
  if (!checked.ok) {
    return reply(
      {
        step: checked.step,
        values,
        errors: checked.errors,
        formError: CLAIM_TEXT.missingInfo,
        toast: { title: "Error", description: CLAIM_TEXT.missingInfo, variant: "destructive" },
      },
      400,
    );
  }
  const v = checked.value;
  const fail = (
    message: string,
    status: number,
    extra: Partial<WizardReply> = {},
    title = "Error",
    headers: Record<string, string> = {},
  ) =>
    reply(
      {
        step: 3,
        values,
        errors: {},
        formError: message,
        toast: { title, description: message, variant: "destructive" },
        ...extra,
      },
      status,
      headers,
    );
  // The licence document (optional), checked by content before anything is stored.
  const licence = await checkLicenceDocument(form.get(LICENCE_FIELD));
  if (licence.kind === "refused") {
    return reply(
      {
        step: 3,
        values,
        errors: { licence: licence.message },
        toast: { title: "Error", description: licence.message, variant: "destructive" },
      },
      licence.reason === "too-large" ? 413 : 400,
    );
  }
  try {
    const result = await submitClaim(
      app.db,
      app.config,
      {
        registrationNumber: number,
        contactName: v.contactName,
        contactEmail: v.contactEmail,
        contactPhone: v.contactPhone,
        password: (v as { password?: string }).password,
        website: v.website,
        about: v.about,
        services: v.services,
        areas: v.areas,
        plan: v.plan,
        period: v.period,
        licence: licence.kind === "ok" ? licence.document : null,
      },
      {
        account: user ? { id: user.id, email: user.email } : null,
        ip: app.clientIp,
        storage: app.storage,
      },
    );
    const here = encodeURIComponent(number);
    switch (result.status) {
      case "submitted": {
        const complete = `/claim/${encodeURIComponent(number)}/complete`;
        if (result.needsConfirmation) {
          return redirectWithToast(context, `${complete}?email=${encodeURIComponent(result.email)}`, {
            title: CLAIM_TEXT.checkEmailTitle,
            description: CLAIM_TEXT.checkEmail,
            variant: "success",
          });
        }
        if (result.newAccount) {
          // E-mail confirmation is off: the new account is signed in and goes to its dashboard.
          const session = await createSession(app.db, {
            userId: result.userId,
            secondFactorDue: false,
            ip: app.clientIp,
            userAgent: request.headers.get("user-agent"),
          });
          const headers = new Headers({
            "Set-Cookie": await serializeSessionCookie(app.config, session.token),
          });
          return redirectWithToast(
            context,
            "/company",
            {
              title: CLAIM_TEXT.accountCreatedTitle,
              description: CLAIM_TEXT.accountCreated,
              variant: "success",
            },
            { headers },
          );
        }
        return redirectWithToast(context, `${complete}?account=signed-in`, {
          title: "Claim submitted",
          description: CLAIM_TEXT.reviewTime,
          variant: "success",
        });
      }
      case "weak-password":
        return reply({ step: 1, values, errors: { password: CLAIM_TEXT.passwordShort } }, 400);
      case "rate-limited": {
        // The last sign-up of the window went to someone else on this network in the meantime.
        const now = await signUpRefusal(app.db, app.clientIp);
        const message = now?.message ?? CLAIM_TEXT.signUpLimited("in 1 hour");
        return fail(
          `${message} ${CLAIM_TEXT.signUpLimitAccount}`,
          429,
          {},
          CLAIM_TEXT.signUpFailed,
          now?.headers ?? {},
        );
      }
      case "expired":
        return fail(`${CLAIM_TEXT.expiredTitle}. ${CLAIM_TEXT.expired(formatDate(result.since))}`, 409);
      case "removed":
        return fail(`${CLAIM_TEXT.removedTitle}. ${CLAIM_TEXT.removed}`, 410);
      case "pending":
        return fail(CLAIM_TEXT.pendingClaim, 409);
      case "claimed":
        return fail(CLAIM_TEXT.alreadyClaimed, 409);
      case "missing":
        return fail(CLAIM_TEXT.noNumber, 400);
      case "not-found":
        return fail(`${CLAIM_TEXT.notFound} (${here})`, 404);
    }
  } catch (error) {
    app.log.error({ err: error }, "claim submit failed");
    return fail(CLAIM_TEXT.submitFailed, 500);
  }
}

export default function ClaimWizard({ loaderData, actionData }: Route.ComponentProps) {
  const load = loaderData as LoadResult;
  return (
    <main>
      <ClaimHeader
        eyebrow="Claim your listing"
        title={"business" in load ? load.business.businessName : "Claim your listing"}
        lead={
          load.kind === "ready" ? (
            <>Registration number {load.business.registrationNumber}. It takes about two minutes.</>
          ) : undefined
        }
      />
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        {load.kind === "ready" ? (
          <Wizard
            business={load.business}
            account={load.account}
            reply={actionData as WizardReply | undefined}
          />
        ) : load.kind === "missing" ? (
          <ClaimProblem
            icon={<CircleHelp className="size-6" />}
            title={CLAIM_TEXT.noNumber}
            message="Find your business by its registration number or name to start a claim."
          />
        ) : load.kind === "not-found" ? (
          <ClaimProblem
            icon={<SearchX className="size-6" />}
            title={CLAIM_TEXT.notFound}
            message="No business on the register has this registration number. Check it and try again."
          />
        ) : load.kind === "error" ? (
          <ClaimProblem
            icon={<Ban className="size-6" />}
            title={CLAIM_TEXT.loadFailed}
            message="Please try again in a moment."
          />
        ) : load.kind === "expired" ? (
          <ClaimProblem
            icon={<CalendarX className="size-6" />}
            title={CLAIM_TEXT.expiredTitle}
            message={CLAIM_TEXT.expired(load.since ?? "")}
            registrationNumber={load.business.registrationNumber}
            profile
          />
        ) : load.kind === "removed" ? (
          <ClaimProblem
            icon={<CalendarX className="size-6" />}
            title={CLAIM_TEXT.removedTitle}
            message={`${load.since ? `Removed on ${load.since}. ` : ""}${CLAIM_TEXT.removed}`}
            registrationNumber={load.business.registrationNumber}
            profile
          />
        ) : load.kind === "signup-limited" ? (
          <ClaimProblem
            icon={<Hourglass className="size-6" />}
            title={CLAIM_TEXT.signUpLimitTitle}
            message={CLAIM_TEXT.signUpLimited(load.when)}
          >
            <p className="mt-2 text-sm text-slate-600">
              Already have an account?{" "}
              <Link
                to={`/login?redirectTo=${encodeURIComponent(`/claim/${load.business.registrationNumber}`)}`}
                className="font-medium text-brand-700 underline"
              >
                Sign in
              </Link>{" "}
              and claim with it: no new account is needed.
            </p>
          </ClaimProblem>
        ) : load.kind === "claimed" ? (
          <ClaimProblem
            icon={<Ban className="size-6" />}
            title={CLAIM_TEXT.alreadyClaimed}
            message="If you run this business and did not claim it, please contact support."
            registrationNumber={load.business.registrationNumber}
            profile
          />
        ) : (
          <ClaimProblem
            icon={<Clock className="size-6" />}
            title="Claim pending"
            message={CLAIM_TEXT.pendingClaim}
            registrationNumber={"business" in load ? load.business.registrationNumber : null}
            profile
          />
        )}
      </div>
    </main>
  );
}

function Wizard({
  business,
  account,
  reply,
}: {
  business: ClaimTarget;
  account: { email: string } | null;
  reply: WizardReply | undefined;
}) {
  const navigation = useNavigation();
  const state = reply ?? {
    step: 1 as WizardStep,
    values: emptyValues(account?.email),
    errors: {},
    formError: null,
    toast: null,
    version: "initial",
  };
  const { step, values, errors } = state;
  useToastOnce(reply?.toast);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After each answer, move focus to the step's heading (or the first field in error).
    if (!reply) return;
    const invalid = document.querySelector<HTMLElement>("#claim-form [aria-invalid=true]");
    (invalid ?? heading.current)?.focus();
  }, [reply]);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const submitting = busy && navigation.formData?.get("intent") === "submit";
  const errorCount = Object.keys(errors).length;
  return (
    <div className="space-y-6">
      <StepIndicator current={step} />
      <Card>
        <CardContent className="p-5 sm:p-6">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            Step {step} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
          </h2>
          {state.formError ? (
            <Alert tone="error" className="mt-4">
              {state.formError}
            </Alert>
          ) : errorCount ? (
            <Alert tone="error" className="mt-4">
              {errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}
            </Alert>
          ) : null}
          <Form
            method="post"
            encType="multipart/form-data"
            id="claim-form"
            key={state.version}
            noValidate
            className="relative mt-5"
          >
            {/* Enter in a text field presses the first submit button: make it "Next" (or "Submit" on the last step). */}
            <button
              type="submit"
              name="intent"
              value={step === 3 ? "submit" : "next"}
              tabIndex={-1}
              aria-hidden="true"
              className="sr-only"
            >
              {step === 3 ? "Submit" : "Next"}
            </button>
            <input type="hidden" name="step" value={step} />
            <Honeypot />
            <AccountStep
              active={step === 1}
              business={business}
              values={values}
              errors={errors}
              account={account}
            />
            <DetailsStep active={step === 2} values={values} errors={errors} />
            <PlanStep active={step === 3} values={values} errors={errors} />
            {step === 3 ? (
              <div className="mt-6">
                <LicenceField error={errors.licence} />
              </div>
            ) : null}
            <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
              {step > 1 ? (
                <Button type="submit" name="intent" value="back" variant="outline" disabled={busy}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              {step < 3 ? (
                <Button type="submit" name="intent" value="next" disabled={busy}>
                  Next
                </Button>
              ) : (
                <Button type="submit" name="intent" value="submit" disabled={busy}>
                  {submitting ? "Submitting..." : "Submit Claim"}
                </Button>
              )}
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
