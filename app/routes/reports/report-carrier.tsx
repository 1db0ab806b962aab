/**
 * /provider/:registrationNumber/report: 'Report this carrier'. A small public form (reason,
 * details, optional e-mail) with a honeypot, a rate limit per IP and size limits; the report is
 * listed for admins at /admin/reports.
 */
import { Honeypot } from "~/components/ui/honeypot";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";
import { CheckCircle2, Flag } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { profileHref } from "~/components/directory/provider-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/form";
import { getProvider } from "~/modules/directory/get-provider.server";
import { getRemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import { REPORT_REASONS, reportSchema } from "~/modules/reports/report-schema";
import { submitReport } from "~/modules/reports/submit-report.server";
import { getApp } from "~/web/context";
import { hit } from "~/platform/rate-limit.server";
import type { Route } from "./+types/report-carrier";
import { pageMeta } from "~/web/meta";

const LIMIT = { max: 5, windowMs: 60 * 60_000 };
const MAX_BODY = 20_000;

export function meta({ data: d }: Route.MetaArgs) {
  const name = d?.carrier?.business_name;
  return pageMeta({ title: `Report ${name ?? "a carrier"}`, noindex: true });
}

async function findCarrier(db: Parameters<typeof getProvider>[0], registrationNumber: string) {
  const provider = await getProvider(db, registrationNumber);
  if (provider)
    return { registration_number: provider.registration_number, business_name: provider.business_name };
  const removed = await getRemovedRegistration(db, registrationNumber);
  return removed
    ? { registration_number: removed.registration_number, business_name: removed.business_name }
    : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const carrier = await findCarrier(getApp(context).db, params.registrationNumber);
  if (!carrier) throw data("Not found", { status: 404 });
  return { carrier, sent: false };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const carrier = await findCarrier(app.db, params.registrationNumber);
  if (!carrier) throw data("Not found", { status: 404 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) {
    return data({ result: null, sent: false, error: "The report is too long." }, { status: 413 });
  }
  const form = await request.formData();
  // A bot filled the hidden field: pretend it worked, store nothing.
  if (honeypotFilled(form.get(HONEYPOT_FIELD))) return { result: null, sent: true, error: null };
  const submission = parseWithZod(form, { schema: reportSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false, error: null }, { status: 400 });
  if (!(await hit(app.db, `carrier-report:${app.clientIp}`, LIMIT)).allowed) {
    return data(
      {
        result: submission.reply(),
        sent: false,
        error: "Too many reports from your connection. Please try again later.",
      },
      { status: 429 },
    );
  }
  await submitReport(app.db, app.config, carrier.registration_number, submission.value);
  app.log.info({ registrationNumber: carrier.registration_number }, "carrier reported");
  return { result: null, sent: true, error: null };
}

export default function ReportCarrier({ loaderData, actionData }: Route.ComponentProps) {
  const { carrier } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const profile = profileHref(carrier.registration_number);
  return (
    <main className="bg-slate-50 py-10">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <p className="text-sm">
          <Link to={profile} className="text-brand-700 underline">
            Back to {carrier.business_name}
          </Link>
        </p>
        <h1 className="mt-3 flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Flag aria-hidden className="h-6 w-6 text-red-700" /> Report this carrier
        </h1>
        <p className="mt-1 text-slate-700">
          {carrier.business_name}{" "}
          <span className="font-mono text-slate-600">({carrier.registration_number})</span>
        </p>
        <Card className="mt-6">
          <CardContent className="py-6">
            {actionData?.sent ? (
              <ReportSent profile={profile} />
            ) : (
              <Form method="post" {...getFormProps(form)} className="space-y-5">
                <p className="text-sm text-slate-700">
                  Tell us if this carrier is not licensed, its details are wrong, or you have seen it dump
                  waste illegally. To report fly-tipping as it happens, contact your local council.
                </p>
                {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
                <Honeypot />
                <ReasonField meta={fields.reason} />
                <DetailsField meta={fields.details} />
                <EmailField meta={fields.email} />
                <Button type="submit" disabled={navigation.state === "submitting"}>
                  Send report
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

type ReportFields = ReturnType<typeof useForm<z.input<typeof reportSchema>>>[1];

/** The thank-you once a report is sent. */
function ReportSent({ profile }: { profile: string }) {
  return (
    <div role="status" className="text-center">
      <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-green-700" />
      <h2 className="mt-3 text-xl font-semibold text-slate-900">Thank you, your report has been sent</h2>
      <p className="mt-2 text-slate-700">
        Our team reviews every report. If you left your e-mail address we may contact you about it.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={profile}>Back to the profile</Link>
      </Button>
    </div>
  );
}

function ReasonField({ meta }: { meta: ReportFields["reason"] }) {
  return (
    <Field label="Reason" errors={meta.errors}>
      {(props) => (
        <Select {...getSelectProps(meta)} {...props} key={meta.key} defaultValue={meta.initialValue ?? ""}>
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function DetailsField({ meta }: { meta: ReportFields["details"] }) {
  return (
    <Field
      label="What happened?"
      errors={meta.errors}
      hint="Up to 2,000 characters. Do not include other people's personal details."
    >
      {(props) => (
        <Textarea {...getTextareaProps(meta)} {...props} key={meta.key} rows={6} maxLength={2000} />
      )}
    </Field>
  );
}

function EmailField({ meta }: { meta: ReportFields["email"] }) {
  return (
    <Field
      label="Your e-mail (optional)"
      errors={meta.errors}
      hint="Only if you are happy for us to contact you about this report."
    >
      {(props) => (
        <Input {...getInputProps(meta, { type: "email" })} {...props} key={meta.key} autoComplete="email" />
      )}
    </Field>
  );
}
