/**
 * /waste-note/:id/sign?token=…: the customer signs the note remotely through the e-mailed link
 * (decision 0712). The link is checked on every load and again when signing; a link that is not
 * valid, expired or used, or a void or corrected note, gets a page that says so.
 */
import { FileSignature, ShieldAlert } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { SignaturePad } from "~/components/waste-notes/signature-pad";
import {
  checkSignatureLink,
  signingSummary,
  signNoteRemotely,
  type SigningSummary,
} from "~/modules/waste-notes/remote-signature.server";
import { cleanLine } from "~/platform/one-line";
import { LINK_MESSAGES, type LinkProblem } from "~/modules/waste-notes/signature-links";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { readSignature } from "~/modules/waste-notes/validate-note.server";
import { getApp } from "~/web/context";
import { pageMeta } from "~/web/meta";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/sign";
import { loaderHeadersOnly } from "~/web/page-cache";

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

type LoaderData =
  { ok: true; token: string; summary: SigningSummary } | { ok: false; problem: LinkProblem; noteId: string };

/** The loader's (and action's) no-store, noindex and no-referrer headers on the page itself. */
export const headers = loaderHeadersOnly;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const token = url.searchParams.get("token") ?? "";
  const check = await checkSignatureLink(db, params.id, token);
  if (!check.ok)
    return data<LoaderData>(
      { ok: false, problem: check.problem, noteId: params.id },
      { status: check.problem === "invalid" ? 404 : 410, headers: HEADERS },
    );
  return data<LoaderData>(
    { ok: true, token, summary: await signingSummary(db, check.note) },
    { headers: HEADERS },
  );
}

export function meta() {
  return pageMeta({ title: "Sign your waste transfer note", noindex: true });
}

// One line, as the form's signatory names (cleanLine): a line break would print as a second line on the PDF.
const nameSchema = z
  .string()
  .check(
    z.overwrite(cleanLine),
    z.minLength(1, "Type your full name to sign the note"),
    z.maxLength(200, "Must be 200 characters or fewer"),
  );

interface ActionResult {
  errors?: { name?: string; signature?: string };
  name?: string;
  problem?: LinkProblem;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage } = getApp(context);
  const read = await readForm(request);
  if (!read.ok) return data<ActionResult>({ errors: { signature: read.message } }, { status: read.status });
  const field = (name: string) => {
    const value = read.form.get(name);
    return typeof value === "string" ? value : "";
  };
  const name = nameSchema.safeParse(field("transferorSignatureName"));
  const drawn = await readSignature(field("transferorSignature"));
  if (!name.success || !drawn.ok) {
    const errors = {
      name: name.success ? undefined : name.error.issues[0]?.message,
      signature: drawn.ok ? undefined : drawn.message,
    };
    return data<ActionResult>({ errors, name: field("transferorSignatureName") }, { status: 400 });
  }
  const result = await signNoteRemotely(
    { db, storage },
    { noteId: params.id, token: field("token"), name: name.data, signature: drawn.png },
  );
  if (!result.ok) return data<ActionResult>({ problem: result.problem }, { status: 409 });
  return redirectWithToast(context, viewPath(params.id.toLowerCase()), {
    title: "Thank you: the note is signed",
    description: "Your signature has been added to the waste transfer note.",
    variant: "success",
  });
}

export default function SignWasteNote({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem ?? (loaderData.ok ? null : loaderData.problem);
  const noteId = loaderData.ok ? loaderData.summary.id : loaderData.noteId;
  if (problem || !loaderData.ok) return <LinkProblemPage problem={problem ?? "invalid"} noteId={noteId} />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        <FileSignature className="size-7 shrink-0 text-brand-700" aria-hidden /> Sign your waste transfer note
      </h1>
      <p className="mt-2 text-slate-700">
        {loaderData.summary.carrier} asks you to sign this note as the person who handed the waste over (the
        transferor). Check the details, then sign below.
      </p>
      <SummaryCard summary={loaderData.summary} />
      <SignForm token={loaderData.token} actionData={actionData} />
    </main>
  );
}

function SummaryCard({ summary }: { summary: SigningSummary }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Carrier", `${summary.carrier} (${summary.carrierLicence})`],
    ["Collected", summary.collected],
    ["Collected from", summary.from],
    ["Transferor", summary.transferor],
    [
      "Waste",
      <ul key="waste" className="list-disc space-y-1 pl-5">
        {summary.waste.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>,
    ],
  ];
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-base">Note {summary.id.slice(0, 8)}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[9rem_1fr]" data-testid="sign-summary">
          {rows.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-700">{term}</dt>
              <dd className="text-slate-900">{detail}</dd>
            </div>
          ))}
        </dl>
        <Link
          to={viewPath(summary.id)}
          target="_blank"
          className="mt-4 inline-block text-sm font-semibold text-brand-700 underline"
        >
          Read the full note<span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </CardContent>
    </Card>
  );
}

function SignForm({ token, actionData }: { token: string; actionData: ActionResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-6 space-y-4">
      <input type="hidden" name="token" value={token} />
      <SignaturePad
        party="transferor"
        title="Your signature"
        nameField="transferorSignatureName"
        imageField="transferorSignature"
        defaultName={actionData?.name}
        nameErrors={actionData?.errors?.name ? [actionData.errors.name] : undefined}
        imageErrors={actionData?.errors?.signature ? [actionData.errors.signature] : undefined}
      />
      <p className="text-sm text-slate-700">
        By signing, you confirm that you handed the waste described above to the carrier, and that the
        description is correct.
      </p>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Signing…" : "Sign the note"}
      </Button>
    </Form>
  );
}

function LinkProblemPage({ problem, noteId }: { problem: LinkProblem; noteId: string }) {
  const message = LINK_MESSAGES[problem];
  const showNote = problem !== "invalid";
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{message.title}</h1>
      <Alert tone={problem === "signed" ? "success" : "warning"} className="mt-6 text-left">
        {message.text}
      </Alert>
      {showNote ? (
        <Button asChild className="mt-8">
          <Link to={viewPath(noteId)}>View the note</Link>
        </Button>
      ) : null}
    </main>
  );
}
