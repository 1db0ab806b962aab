/**
 * A season ticket's schedule (issue 19, decision 0711): a note with `season_ticket_until` covers
 * repeated identical transfers between the same parties, and the owner records each one (date
 * and time, quantity with unit, place). A transfer must fall within the ticket's dates (the UK
 * day of the note's collection to `season_ticket_until`, both included) and can only be added to
 * the current version of a note that is not void. A transfer is written under the carrier's
 * registration, as a new note is (decision 0249): the listing must be able to write notes
 * (approved, not suspended, registration in force; the plan's allowance aside), and the transfer's
 * day must be before the registration's expiry. Locked (the listing, then the note), inserted and
 * audited (`waste_note.transfer_added`) in one transaction, with the PDF queued again.
 */
import { z } from "zod";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { formatDate, londonLocalToDate, ukDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import type { QuantityUnit } from "~/platform/db/schema";
import type { RegistrationState } from "~/modules/directory/registration";
import { cleanLine } from "~/platform/one-line";
import { MAX_ITEM_KG } from "./constants";
import { LIFECYCLE_TEXT, noteState, TRANSFER_PLACE_MAX } from "./lifecycle-rules";
import { getNoteEligibility } from "./note-eligibility.server";
import { lockOwnedNote, seasonTicketDays } from "./owned-note.server";
import { queueNotePdf } from "./pdf-job.server";

export interface SeasonTransferInput {
  noteId: string;
  userId: string;
  registrationNumber: string;
  /** As the form sends them: "2026-07-20T10:15" (UK time), "1.5", "t", "Yard 3, Quillbury". */
  fields: { at?: unknown; quantity?: unknown; unit?: unknown; place?: unknown };
  now?: Date;
}

export type TransferFieldErrors = Partial<Record<"at" | "quantity" | "unit" | "place", string>>;

export type SeasonTransferResult =
  | { ok: true; id: string }
  | { ok: false; status: "not_found" }
  /** The listing may not write under its registration now (suspended, expired...): the new note's message. */
  | { ok: false; status: "not_allowed"; error: string }
  | { ok: false; status: "refused"; error: string }
  | { ok: false; status: "invalid"; errors: TransferFieldErrors };

/** A transfer's quantity is capped like an item's: at most 100,000 tonnes (decision 0272). */
const tooLarge = (quantity: string, unit: string) =>
  Number(quantity) * (unit === "t" ? 1000 : 1) > MAX_ITEM_KG;

const schema = z
  .object({
    at: z.string().transform((v, ctx) => {
      const at = londonLocalToDate(v.trim());
      if (at) return at;
      ctx.addIssue({ code: "custom", message: LIFECYCLE_TEXT.when });
      return z.NEVER;
    }),
    quantity: z
      .string()
      .trim()
      .refine((v) => /^\d{1,9}(\.\d{1,3})?$/.test(v) && Number(v) > 0, LIFECYCLE_TEXT.quantity),
    unit: z.enum(["kg", "t"], LIFECYCLE_TEXT.unit),
    place: z
      .unknown()
      .transform(cleanLine)
      .pipe(
        z.string().min(1, LIFECYCLE_TEXT.placeRequired).max(TRANSFER_PLACE_MAX, LIFECYCLE_TEXT.placeTooLong),
      ),
  })
  .superRefine((v, ctx) => {
    if (tooLarge(v.quantity, v.unit))
      ctx.addIssue({ code: "custom", path: ["quantity"], message: LIFECYCLE_TEXT.quantityTooLarge });
  });

function parseTransfer(fields: SeasonTransferInput["fields"]) {
  const asText = (v: unknown) => (typeof v === "string" ? v : "");
  const parsed = schema.safeParse({
    at: asText(fields.at),
    quantity: asText(fields.quantity),
    unit: asText(fields.unit),
    place: fields.place,
  });
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const errors: TransferFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof TransferFieldErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}

/** "Your registration … expires on 5 March 2027: …", for a transfer on or after that day. */
export const afterExpiryText = (registrationNumber: string, expiry: string) =>
  `Your registration ${registrationNumber} expires on ${formatDate(expiry)}: a transfer on or after that day cannot be recorded under it. ` +
  "Renew with the Environment Agency; you can record it as soon as the register shows the renewal.";

/** The transfer's day is not before the registration's expiry (an expiry day is already expired). */
const afterExpiry = (registration: RegistrationState | null, day: string) =>
  registration?.state === "valid" && day >= registration.until ? registration.until : null;

export async function addSeasonTransfer(
  db: Database,
  input: SeasonTransferInput,
): Promise<SeasonTransferResult> {
  const now = input.now ?? new Date();
  const parsed = parseTransfer(input.fields);
  return db.transaction().execute(async (trx): Promise<SeasonTransferResult> => {
    const { refusal, registration } = await getNoteEligibility(trx, input.registrationNumber, {
      now,
      lock: true,
      correction: true,
    });
    if (refusal) return { ok: false, status: "not_allowed", error: refusal.message };
    const note = await lockOwnedNote(trx, input.noteId, input.registrationNumber);
    if (!note) return { ok: false, status: "not_found" };
    const days = seasonTicketDays(note);
    if (!days) return { ok: false, status: "refused", error: LIFECYCLE_TEXT.notSeasonTicket };
    if (noteState(note) !== "current")
      return { ok: false, status: "refused", error: LIFECYCLE_TEXT.transferClosed };
    if (!parsed.ok) return { ok: false, status: "invalid", errors: parsed.errors };
    const { at, quantity, unit, place } = parsed.data;
    const day = ukDay(at);
    if (day < days.from || day > days.until) {
      const outside = LIFECYCLE_TEXT.transferOutside(formatDate(days.from), formatDate(days.until));
      return { ok: false, status: "invalid", errors: { at: outside } };
    }
    const expiry = afterExpiry(registration, day);
    if (expiry)
      return {
        ok: false,
        status: "invalid",
        errors: { at: afterExpiryText(input.registrationNumber, expiry) },
      };
    const row = await trx
      .insertInto("waste_note_transfers")
      .values({
        note_id: note.id,
        transferred_at: at,
        quantity,
        unit: unit satisfies QuantityUnit,
        place,
        created_by: input.userId,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId: input.userId,
      action: "waste_note.transfer_added",
      entity: "waste_note",
      entityId: note.id,
      details: {
        registrationNumber: input.registrationNumber,
        transferId: row.id,
        at,
        quantity,
        unit,
        place,
      },
      at: now,
    });
    // The PDF shows the schedule: make it again.
    await queueNotePdf(trx, note.id);
    return { ok: true, id: row.id };
  });
}
