/**
 * POST /enquiries/quote/{registrationNumber}: a visitor's quote request to a claimed premium
 * provider. Profiles post here with a fetcher; without JavaScript this page shows the result.
 * A listing with no e-mail to send requests to, or whose registration is not in force (expired;
 * decision 0260), offers no form here, says why, and refuses posts (409, nothing stored or sent).
 * 'Sent to {business}' and 'a copy to {email}' are said only for e-mails that
 * were queued (decision 0602). A business does not ask itself for a quote: its signed-in owner
 * reads a notice in place of the form, and their post is refused (403, nothing stored or sent;
 * decision 0276).
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";
import { data } from "react-router";
import { ProviderEnquiryPage } from "~/components/enquiries/provider-enquiry-page";
import { QuoteForm } from "~/components/enquiries/quote-form";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { OwnQuotesNotice } from "~/components/enquiries/own-quotes-notice";
import { Alert } from "~/components/ui/alert";
import type { ToastMessage } from "~/components/ui/toast";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { quoteSentText, type SentDetails } from "~/modules/leads/sent-details";
import {
  createQuoteRequest,
  getQuoteProvider,
  quoteRecipient,
  type CreateQuoteResult,
} from "~/modules/quotes/create-quote.server";
import { OWN_QUOTE_REFUSAL } from "~/modules/quotes/own-business";
import { quotesClosedBy } from "~/modules/quotes/quote-registration";
import { isOwnBusiness } from "~/modules/reviews/is-own-business.server";
import { QUOTE_MESSAGES, quoteSchema } from "~/modules/quotes/quote-schema";
import { IMAGE_MESSAGES } from "~/platform/images/normalise-image.server";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/quote";
import { readForm } from "~/web/request-input.server";
import { pageMeta } from "~/web/meta";

const toast = (
  m: { title: string; description: string },
  variant: ToastMessage["variant"] = "destructive",
): ToastMessage => ({ ...m, variant });
const sentToast = (sent: SentDetails | null): ToastMessage => ({
  title: QUOTE_MESSAGES.submitted.title,
  description: quoteSentText(sent).toast,
  variant: "success",
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = await getQuoteProvider(app.db, params.registrationNumber);
  if (!provider) throw data("Not found", { status: 404 });
  const user = await getUser(request, context);
  return {
    registrationNumber: provider.registration_number,
    businessName: provider.business_name,
    services: provider.services,
    /** Why it takes no quote requests: its registration is not in force (decision 0260). */
    closed: quotesClosedBy(provider),
    acceptsRequests: quoteRecipient(provider) !== null,
    /** The business's signed-in owner: a notice in place of the form (decision 0276). */
    ownBusiness: await isOwnBusiness(app.db, provider.registration_number, user?.email ?? null),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta({ title: `Request a quote${d ? ` from ${d.businessName}` : ""}`, noindex: true });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const read = await readForm(request);
  if (!read.ok) return unreadableForm(read);
  const body = read.form;
  // A filled honeypot is answered as a success before anything else is looked at.
  const honeypot = body.get(HONEYPOT_FIELD);
  const submission = parseWithZod(body, { schema: quoteSchema });
  if (honeypotFilled(honeypot)) {
    app.log.info({ form: "quote" }, "honeypot filled; submission ignored");
    return data<EnquiryReply>({ status: "sent", toast: sentToast(null) });
  }
  if (submission.status !== "success") {
    return data<EnquiryReply>(
      { status: "error", result: submission.reply(), toast: toast(QUOTE_MESSAGES.missing) },
      { status: 400 },
    );
  }
  try {
    const user = await getUser(request, context);
    const result = await createQuoteRequest({ db: app.db, storage: app.storage, log: app.log }, app.config, {
      registrationNumber: params.registrationNumber,
      input: submission.value,
      photo: body.get("photo"),
      honeypot,
      ip: app.clientIp,
      signedInEmail: user?.email ?? null,
      signal: request.signal,
    });
    return quoteResultReply(result, submission);
  } catch (error) {
    // A visitor who left while the photo waited its turn: nothing was stored, nobody reads this.
    if (request.signal.aborted)
      app.log.info({ provider: params.registrationNumber }, "quote request abandoned by the visitor");
    else app.log.error({ err: error, provider: params.registrationNumber }, "quote request failed");
    return failedReply(submission, QUOTE_MESSAGES.failed, 500);
  }
}

type QuoteSubmission = Extract<
  Submission<z.input<typeof quoteSchema>, string[], z.output<typeof quoteSchema>>,
  { status: "success" }
>;

/** The body could not be read: too large (said under the photo input) or not a form. */
function unreadableForm(read: Extract<Awaited<ReturnType<typeof readForm>>, { ok: false }>) {
  if (read.status === 413) {
    return data<EnquiryReply>(
      {
        status: "error",
        photoError: QUOTE_MESSAGES.tooLarge.description,
        toast: toast(QUOTE_MESSAGES.tooLarge),
      },
      { status: 413 },
    );
  }
  return data<EnquiryReply>({ status: "error", formError: read.message }, { status: read.status });
}

/** A refusal with its toast and the same message above the form. */
function failedReply(submission: QuoteSubmission, m: { title: string; description: string }, status: number) {
  return data<EnquiryReply>(
    {
      status: "error",
      result: submission.reply(),
      toast: toast(m),
      formError: `${m.title}: ${m.description}`,
    },
    { status },
  );
}

/** What the form is told for each outcome of createQuoteRequest. */
function quoteResultReply(result: CreateQuoteResult, submission: QuoteSubmission) {
  switch (result.status) {
    case "created": {
      const sent: SentDetails = {
        email: submission.value.email,
        copy: result.copy,
        businessName: result.businessName,
        providerEmailed: result.emailed,
      };
      return data<EnquiryReply>({
        status: "sent",
        result: submission.reply({ resetForm: true }),
        toast: sentToast(sent),
        sent,
      });
    }
    case "ignored":
      return data<EnquiryReply>({
        status: "sent",
        result: submission.reply({ resetForm: true }),
        toast: sentToast(null),
      });
    case "not-found":
      return failedReply(submission, QUOTE_MESSAGES.failed, 404);
    case "own-business":
      return failedReply(submission, OWN_QUOTE_REFUSAL, 403);
    case "not-in-force":
      return failedReply(submission, result.closed, 409);
    case "no-contact":
      return failedReply(submission, QUOTE_MESSAGES.configuration, 409);
    case "invalid-service":
      return data<EnquiryReply>(
        {
          status: "error",
          result: submission.reply({
            fieldErrors: { serviceType: ["Please choose a service from the list"] },
          }),
          toast: toast(QUOTE_MESSAGES.missing),
        },
        { status: 400 },
      );
    case "invalid-photo": {
      const m = result.reason === "too-large" ? QUOTE_MESSAGES.tooLarge : QUOTE_MESSAGES.invalidFile;
      return data<EnquiryReply>(
        { status: "error", result: submission.reply(), toast: toast(m), photoError: m.description },
        { status: 400 },
      );
    }
    case "busy": {
      const m = { title: "Error", description: IMAGE_MESSAGES.busy };
      return data<EnquiryReply>(
        { status: "error", result: submission.reply(), toast: toast(m), photoError: m.description },
        { status: 503, headers: { "Retry-After": "60" } },
      );
    }
    case "rate-limited":
      return failedReply(submission, QUOTE_MESSAGES.rateLimited, 429);
  }
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProviderEnquiryPage
      registrationNumber={loaderData.registrationNumber}
      businessName={loaderData.businessName}
      title={`Request a quote from ${loaderData.businessName}`}
    >
      {loaderData.closed ? (
        <Alert tone="warning" title={loaderData.closed.title} data-testid="quotes-closed">
          {loaderData.closed.description}
        </Alert>
      ) : loaderData.acceptsRequests && loaderData.ownBusiness ? (
        <>
          {/* Without JavaScript, the refusal of a form sent from a page opened before signing in. */}
          {actionData?.formError ? (
            <Alert tone="error" className="mb-4" data-testid="own-quote-refused">
              {actionData.formError}
            </Alert>
          ) : null}
          <OwnQuotesNotice businessName={loaderData.businessName} />
        </>
      ) : loaderData.acceptsRequests ? (
        <QuoteForm
          registrationNumber={loaderData.registrationNumber}
          businessName={loaderData.businessName}
          services={loaderData.services}
          initial={actionData}
        />
      ) : (
        <Alert
          tone="warning"
          title={`${QUOTE_MESSAGES.configuration.title}: ${QUOTE_MESSAGES.configuration.description}`}
        >
          {loaderData.businessName} cannot receive quote requests through this site at the moment, so this
          form is not available. Their profile lists other ways to contact them.
        </Alert>
      )}
    </ProviderEnquiryPage>
  );
}
