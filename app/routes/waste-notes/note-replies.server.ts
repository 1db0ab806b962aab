/**
 * The answers of the two waste note forms' actions (the public generator and /company/waste-note)
 * to what the submit came to.
 */
import { data, redirect } from "react-router";
import { MESSAGES } from "~/modules/waste-notes/constants";
import type { NoteRefusal } from "~/modules/waste-notes/note-rules";
import type { PlanUsage } from "~/modules/waste-notes/plan-limit.server";
import type { SubmitResult } from "~/modules/waste-notes/submit-note.server";

/** What the form shows again after a submit that made no note. */
export type NoteFormReply = {
  errors: Partial<Record<string, string[]>>;
  values: Record<string, string | string[]>;
  formError: string | null;
  /** Company notes: why the company may not write one, and its fresher count. */
  refusal?: NoteRefusal;
  usage?: PlanUsage | null;
  /** Public generator: a company user's submit, sent to their company area. */
  companyArea?: boolean;
};

/** The body could not be read: too large is the photos' error, anything else the form's. */
export function unreadFormReply(read: { status: number; message: string }) {
  const tooLarge = read.status === 413;
  return data<NoteFormReply>(
    {
      errors: tooLarge ? { photos: [read.message] } : {},
      values: {},
      formError: tooLarge ? null : read.message,
    },
    { status: read.status },
  );
}

/**
 * The note's page once made; the empty form at `formPath` for a filled honeypot; otherwise the form
 * with its errors (a refusal with its reason and count when `withRefusal`).
 */
export function submittedNoteReply(result: SubmitResult, formPath: string, withRefusal: boolean) {
  switch (result.status) {
    case "created":
      return redirect(`/waste-note/${result.id}?submitted=1`);
    case "spam":
      return redirect(formPath);
    case "edited":
      // An item added or removed without JavaScript: the form again, no errors, nothing saved.
      return data<NoteFormReply>({ errors: {}, values: result.values, formError: null });
    case "invalid":
      return data<NoteFormReply>(
        { errors: result.errors, values: result.values, formError: null },
        { status: 400 },
      );
    case "refused":
      return data<NoteFormReply>(
        {
          errors: {},
          values: result.values,
          formError: result.refusal.message,
          ...(withRefusal ? { refusal: result.refusal, usage: result.usage } : {}),
        },
        { status: 403 },
      );
    case "rate_limited":
      return data<NoteFormReply>(
        { errors: {}, values: result.values, formError: result.message },
        { status: 429 },
      );
  }
}

/**
 * A refusal the carrier can put right on the form (a correction naming other parties, a date
 * moved too far, a season ticket's transfers, the day's customer e-mails; decision 0272): the form
 * again with its values, the message above it and on each field to change. Nothing was saved.
 */
export function correctableRefusalReply(result: Extract<SubmitResult, { status: "refused" }>) {
  const { refusal } = result;
  const errors: NoteFormReply["errors"] = {};
  for (const [field, message] of Object.entries(refusal.fields ?? {})) if (message) errors[field] = [message];
  return data<NoteFormReply>(
    { errors, values: result.values, formError: refusal.message, usage: result.usage },
    { status: 409 },
  );
}

/** The note could not be made (logged by the caller). */
export function failedNoteReply() {
  return data<NoteFormReply>({ errors: {}, values: {}, formError: MESSAGES.createFailed }, { status: 500 });
}
