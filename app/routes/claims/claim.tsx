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
import { data, redirect } from "react-router";
import { retryAfterSeconds, retryIn } from "~/components/auth/messages";
import { ClaimLoadProblem, type ClaimLoadResult as LoadResult } from "~/components/claims/claim-load-problem";
import { ClaimHeader } from "~/components/claims/claim-ui";
import { ClaimWizardForm, type WizardReply } from "~/components/claims/claim-wizard";
import { createSession } from "~/modules/accounts/create-session.server";
import { signUpLimit } from "~/modules/accounts/sign-up-limit.server";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { findClaimTarget } from "~/modules/claims/find-claim-target.server";
import { checkLicenceDocument } from "~/modules/claims/licence-document.server";
import { LICENCE_FIELD, LICENCE_MESSAGES } from "~/modules/claims/licence-rules";
import { otherListingOf } from "~/modules/claims/other-listing.server";
import { submitClaim } from "~/modules/claims/submit-claim.server";
import { readForm } from "~/web/request-input.server";
import {
  addService,
  emptyValues,
  readStep,
  readValues,
  validateAll,
  validateStep,
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
        // An account manages one listing: a signed-in one that has (or claimed) another is told
        // now, not after the wizard's three steps (the submit refuses it too).
        const other = user ? await otherListingOf(app.db, user.id, target.business.registrationNumber) : null;
        if (other)
          return data<LoadResult>(
            { kind: "other-listing", business: target.business, otherListing: other.registrationNumber },
            { status: 409 },
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

/** Back, Add (a custom service) and Next: the steps before the submit. */
function moveStep(intent: string, step: WizardStep, values: WizardValues, signedIn: boolean) {
  if (intent === "back")
    return reply({ step: step === 1 ? 1 : ((step - 1) as WizardStep), values, errors: {} });
  if (intent === "add-service") {
    const errors = validateStep(2, { ...values, newService: values.newService.trim() }, signedIn);
    if (errors.newService) return reply({ step: 2, values, errors: { newService: errors.newService } }, 400);
    return reply({ step: 2, values: addService(values), errors: {} });
  }
  // Next: check this step (a custom service still typed in counts as added).
  const checked = step === 2 ? addService(values) : values;
  const errors = validateStep(step, checked, signedIn);
  if (Object.keys(errors).length) return reply({ step, values: checked, errors }, 400);
  return reply({ step: Math.min(step + 1, 3) as WizardStep, values: checked, errors: {} });
}

/** The submit refused: the last step again, with the reason above the form and in a toast. */
function refuse(
  values: WizardValues,
  message: string,
  status: number,
  title = "Error",
  headers: Record<string, string> = {},
) {
  return reply(
    {
      step: 3,
      values,
      errors: {},
      formError: message,
      toast: { title, description: message, variant: "destructive" },
    },
    status,
    headers,
  );
}

type App = ReturnType<typeof getApp>;
type SubmitResult = Awaited<ReturnType<typeof submitClaim>>;

/** A new account, with e-mail confirmation off, is signed in at once: its session cookie. */
async function sessionHeaders(app: App, request: Request, userId: string) {
  const session = await createSession(app.db, {
    userId,
    secondFactorDue: false,
    ip: app.clientIp,
    userAgent: request.headers.get("user-agent"),
  });
  return new Headers({ "Set-Cookie": await serializeSessionCookie(app.config, session.token) });
}

/** Where a submitted claim goes: confirm the e-mail, the new account's dashboard, or Complete. */
function submitted(
  context: Route.ActionArgs["context"],
  number: string,
  result: Extract<SubmitResult, { status: "submitted" }>,
  headers: Headers | null,
) {
  const complete = `/claim/${encodeURIComponent(number)}/complete`;
  if (result.needsConfirmation) {
    return redirectWithToast(context, `${complete}?email=${encodeURIComponent(result.email)}`, {
      title: CLAIM_TEXT.checkEmailTitle,
      description: CLAIM_TEXT.checkEmail,
      variant: "success",
    });
  }
  if (headers) {
    // E-mail confirmation is off: the new account is signed in and goes to its dashboard.
    const toast = {
      title: CLAIM_TEXT.accountCreatedTitle,
      description: CLAIM_TEXT.accountCreated,
      variant: "success",
    } as const;
    return redirectWithToast(context, "/company", toast, { headers });
  }
  return redirectWithToast(context, `${complete}?account=signed-in`, {
    title: "Claim submitted",
    description: CLAIM_TEXT.reviewTime,
    variant: "success",
  });
}

/** Why submitClaim refused, on the last step (a weak password sends the claimant back to step 1). */
async function refused(
  app: App,
  number: string,
  values: WizardValues,
  result: Exclude<SubmitResult, { status: "submitted" }>,
) {
  switch (result.status) {
    case "weak-password":
      return reply({ step: 1, values, errors: { password: CLAIM_TEXT.passwordShort } }, 400);
    case "rate-limited": {
      // The last sign-up of the window went to someone else on this network in the meantime.
      const now = await signUpRefusal(app.db, app.clientIp);
      const message = now?.message ?? CLAIM_TEXT.signUpLimited("in 1 hour");
      return refuse(
        values,
        `${message} ${CLAIM_TEXT.signUpLimitAccount}`,
        429,
        CLAIM_TEXT.signUpFailed,
        now?.headers ?? {},
      );
    }
    case "expired":
      return refuse(
        values,
        `${CLAIM_TEXT.expiredTitle}. ${CLAIM_TEXT.expired(formatDate(result.since))}`,
        409,
      );
    case "removed":
      return refuse(values, `${CLAIM_TEXT.removedTitle}. ${CLAIM_TEXT.removed}`, 410);
    case "pending":
      return refuse(values, CLAIM_TEXT.pendingClaim, 409);
    case "other-listing":
      return refuse(values, CLAIM_TEXT.otherListing(result.registrationNumber), 409);
    case "claimed":
      return refuse(values, CLAIM_TEXT.alreadyClaimed, 409);
    case "missing":
      return refuse(values, CLAIM_TEXT.noNumber, 400);
    case "not-found":
      return refuse(values, `${CLAIM_TEXT.notFound} (${encodeURIComponent(number)})`, 404);
  }
}

interface SubmitArgs {
  app: App;
  request: Request;
  context: Route.ActionArgs["context"];
  user: Awaited<ReturnType<typeof getUser>>;
  number: string;
  form: FormData;
  values: WizardValues;
}

/** Submit Claim: every step checked again, the licence document, then the claim and the account. */
async function submitWizard({ app, request, context, user, number, form, values }: SubmitArgs) {
  const checked = validateAll(values, Boolean(user));
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
        log: app.log,
      },
    );
    if (result.status !== "submitted") return await refused(app, number, values, result);
    const signIn = !result.needsConfirmation && result.newAccount;
    const headers = signIn ? await sessionHeaders(app, request, result.userId) : null;
    return submitted(context, number, result, headers);
  } catch (error) {
    app.log.error({ err: error }, "claim submit failed");
    return refuse(values, CLAIM_TEXT.submitFailed, 500);
  }
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
  const number = params.registrationNumber ?? "";

  // A bot filled the field people never see: answer as if it worked, store nothing.
  if (honeypotFilled(form.get(HONEYPOT_FIELD)))
    return redirect(`/claim/${encodeURIComponent(number)}/complete`);

  // Every step says at once when this network cannot sign up now, not only the submit (decision 0508).
  const limited = user ? null : await signUpRefusal(app.db, app.clientIp);
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
  if (intent !== "submit" || step !== 3) return moveStep(intent, step, values, Boolean(user));
  return submitWizard({ app, request, context, user, number, form, values });
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
          <ClaimWizardForm
            business={load.business}
            account={load.account}
            reply={actionData as WizardReply | undefined}
          />
        ) : (
          <ClaimLoadProblem load={load} />
        )}
      </div>
    </main>
  );
}
