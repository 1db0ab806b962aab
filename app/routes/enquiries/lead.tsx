/**
 * POST /enquiries/lead: the general quote lead form. The results page posts here with a fetcher;
 * without JavaScript the browser lands here and sees the same form (errors or 'Request sent!').
 * The sent state says only what the server did: the copy to the visitor when it was queued, and
 * that the request is with the team, not with any carrier (decision 0602).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { LeadForm } from "~/components/enquiries/lead-form";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { HONEYPOT_FIELD } from "~/platform/honeypot";
import { createLead } from "~/modules/leads/create-lead.server";
import { IMAGE_MESSAGES } from "~/platform/images/normalise-image.server";
import { LEAD_MESSAGES, leadSchema } from "~/modules/leads/lead-schema";
import { getApp } from "~/web/context";
import type { Route } from "./+types/lead";
import { readForm } from "~/web/request-input.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Get free quotes", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const read = await readForm(request);
  if (!read.ok) {
    const photoError = read.status === 413 ? LEAD_MESSAGES.imageTooLarge : undefined;
    return data<EnquiryReply>(
      { status: "error", photoError, formError: photoError ? undefined : read.message },
      { status: read.status },
    );
  }
  const body = read.form;
  const submission = parseWithZod(body, { schema: leadSchema() });
  if (submission.status !== "success")
    return data<EnquiryReply>({ status: "error", result: submission.reply() }, { status: 400 });
  try {
    const result = await createLead({ db: app.db, storage: app.storage, log: app.log }, app.config, {
      input: submission.value,
      photo: body.get("photo"),
      honeypot: body.get(HONEYPOT_FIELD),
      ip: app.clientIp,
      signal: request.signal,
    });
    switch (result.status) {
      case "created":
        return data<EnquiryReply>({
          status: "sent",
          result: submission.reply({ resetForm: true }),
          sent: { email: submission.value.email, copy: result.copy, postcode: submission.value.postcode },
        });
      case "ignored":
        return data<EnquiryReply>({ status: "sent", result: submission.reply({ resetForm: true }) });
      case "invalid-photo":
        return data<EnquiryReply>(
          {
            status: "error",
            result: submission.reply(),
            photoError:
              result.reason === "too-large" ? LEAD_MESSAGES.imageTooLarge : LEAD_MESSAGES.invalidImage,
          },
          { status: 400 },
        );
      case "busy":
        return data<EnquiryReply>(
          { status: "error", result: submission.reply(), photoError: IMAGE_MESSAGES.busy },
          { status: 503, headers: { "Retry-After": "60" } },
        );
      case "rate-limited":
        return data<EnquiryReply>(
          { status: "error", result: submission.reply(), formError: LEAD_MESSAGES.rateLimited },
          { status: 429 },
        );
    }
  } catch (error) {
    // A visitor who left while the photo waited its turn: nothing was stored, nobody reads this.
    if (request.signal.aborted) app.log.info("lead submission abandoned by the visitor");
    else app.log.error({ err: error }, "lead submission failed");
    return data<EnquiryReply>(
      { status: "error", result: submission.reply(), formError: LEAD_MESSAGES.failed },
      { status: 500 },
    );
  }
}

/** `?location=`: the place a results page's visitor searched, for the postcode (decision 0225). */
export function loader({ url }: Route.LoaderArgs) {
  return { location: url.searchParams.get("location")?.slice(0, 100) || undefined };
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Request free quotes</h1>
      <p className="mt-2 text-slate-700">
        Or{" "}
        <Link to="/search-results" className="font-medium text-brand-700 underline underline-offset-2">
          search the directory
        </Link>{" "}
        for a licensed carrier.
      </p>
      <div className="mt-6">
        <LeadForm location={loaderData.location} initial={actionData} compact={false} />
      </div>
    </main>
  );
}
