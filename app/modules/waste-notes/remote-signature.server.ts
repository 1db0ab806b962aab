/**
 * The customer's remote signature (decision 0712): a link e-mailed to the customer, bound to the
 * note and to the address it was sent to, single use, expiring after 14 days. The table keeps only
 * the token's SHA-256 (as the account tokens do), so a database leak reveals no live link. Signing
 * stores the typed name and the drawn signature as the note's transferor signature, records
 * customer_signed_at, audits it, and queues the PDF again.
 */
import { randomUUID } from "node:crypto";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/session.server";
import type { Storage } from "~/platform/storage/storage.server";
import { formatDateTime } from "~/platform/dates";
import { getNoteItems, getWasteNote } from "./get-note.server";
import { queueNotePdf } from "./pdf-job.server";
import type { LinkProblem } from "./signature-links";
import { signatureKey } from "./storage-keys";

export const SIGNATURE_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The path of the signing page for a link's token. */
export const signPath = (noteId: string, token: string) =>
  `/waste-note/${noteId}/sign?token=${encodeURIComponent(token)}`;

/** A new link for the note and address; the note's earlier unused links stop working. */
export async function issueSignatureLink(
  trx: Database,
  noteId: string,
  email: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SIGNATURE_LINK_TTL_MS);
  await trx
    .updateTable("waste_note_signature_links")
    .set({ used_at: now })
    .where("note_id", "=", noteId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("waste_note_signature_links")
    .values({ note_id: noteId, email, token_hash: hashToken(token), expires_at: expiresAt, created_at: now })
    .execute();
  return { token, expiresAt };
}

export type LinkCheck =
  { ok: true; note: WasteNote; linkId: string; email: string } | { ok: false; problem: LinkProblem };

/** Whether `token` lets its holder sign note `noteId` now (nothing is used up). */
export async function checkSignatureLink(
  db: Database,
  noteId: string,
  token: string | null | undefined,
  now = new Date(),
): Promise<LinkCheck> {
  if (!token || !TOKEN_SHAPE.test(token)) return { ok: false, problem: "invalid" };
  const link = await db
    .selectFrom("waste_note_signature_links")
    .select(["id", "note_id", "email", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const note = link ? await getWasteNote(db, noteId) : null;
  if (!link || !note || link.note_id !== note.id) return { ok: false, problem: "invalid" };
  if (note.voided_at) return { ok: false, problem: "void" };
  if (note.superseded_at) return { ok: false, problem: "superseded" };
  if (note.customer_signed_at) return { ok: false, problem: "signed" };
  if (link.used_at) return { ok: false, problem: "used" };
  if (link.expires_at <= now) return { ok: false, problem: "expired" };
  // Bound to the address it was sent to: a link to an address the note no longer has is dead.
  if (link.email !== note.customer_email) return { ok: false, problem: "used" };
  return { ok: true, note, linkId: link.id, email: link.email };
}

export interface RemoteSignature {
  noteId: string;
  token: string;
  /** The typed name (required): typing it signs the note electronically, as on the form. */
  name: string;
  /** The drawn signature as a clean PNG (readSignature), or null without one. */
  signature: Uint8Array | null;
  now?: Date;
}

/** Signs the note for the customer through the link; the link is used up. */
export async function signNoteRemotely(
  deps: { db: Database; storage: Storage },
  input: RemoteSignature,
): Promise<{ ok: true } | { ok: false; problem: LinkProblem }> {
  const { db, storage } = deps;
  const now = input.now ?? new Date();
  const check = await checkSignatureLink(db, input.noteId, input.token, now);
  if (!check.ok) return check;
  const { note } = check;
  // A file of this attempt's own: two submissions of one link at once (a double click, two tabs)
  // each write theirs, and the one that loses removes only its own (decision 0248).
  const key = input.signature ? signatureKey(note.id, "transferor", randomUUID()) : null;
  if (key && input.signature) await storage.put(key, input.signature, { contentType: "image/png" });
  const result = await signInTransaction(db, check, input, key, now).catch(async (error: unknown) => {
    if (key) await storage.delete(key).catch(() => {});
    throw error;
  });
  if (!result.ok && key) await storage.delete(key).catch(() => {});
  return result;
}

/** Uses the link and signs the note in one transaction; `used` (or why not now) when another got there first. */
function signInTransaction(
  db: Database,
  check: Extract<LinkCheck, { ok: true }>,
  input: RemoteSignature,
  key: string | null,
  now: Date,
): Promise<{ ok: true } | { ok: false; problem: LinkProblem }> {
  const { note } = check;
  return db
    .transaction()
    .execute(async (trx) => {
      const used = await trx
        .updateTable("waste_note_signature_links")
        .set({ used_at: now })
        .where("id", "=", check.linkId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return { ok: false as const, problem: "used" as const };
      const signed = await trx
        .updateTable("waste_notes")
        .set({
          transferor_signature_name: input.name,
          transferor_signature_key: key ?? note.transferor_signature_key,
          customer_signed_at: now,
          // The PDF is made again with the signature; until then the page says it is being prepared.
          pdf_url: null,
        })
        .where("id", "=", note.id)
        .where("customer_signed_at", "is", null)
        .where("voided_at", "is", null)
        .where("superseded_at", "is", null)
        .executeTakeFirst();
      if (Number(signed.numUpdatedRows) !== 1) throw new SignRaceLost();
      await recordAudit(trx, {
        actorUserId: null,
        action: "waste_note.signed_remotely",
        entity: "waste_note",
        entityId: note.id,
        details: { email: check.email, name: input.name, drawn: key !== null },
        at: now,
      });
      await queueNotePdf(trx, note.id);
      return { ok: true as const };
    })
    .catch(async (error: unknown) => {
      // The note was signed, voided or corrected a moment ago: say which, as the page would.
      if (!(error instanceof SignRaceLost)) throw error;
      const again = await checkSignatureLink(db, input.noteId, input.token, now);
      return { ok: false as const, problem: again.ok ? ("used" as const) : again.problem };
    });
}

class SignRaceLost extends Error {}

/** What the signing page shows of the note: who, when, where from, and the waste. */
export interface SigningSummary {
  id: string;
  carrier: string;
  carrierLicence: string;
  collected: string;
  from: string;
  transferor: string;
  waste: string[];
}

export async function signingSummary(db: Database, note: WasteNote): Promise<SigningSummary> {
  const items = (await getNoteItems(db, [note])).get(note.id) ?? [];
  return {
    id: note.id,
    carrier: note.carrier_company,
    carrierLicence: note.carrier_license,
    collected: formatDateTime(note.collection_date_time),
    from: note.origin_address,
    transferor: note.transferor_name,
    waste: items.map((i) => {
      const quantity = `${Number(i.quantity).toLocaleString("en-GB")} ${i.unit === "t" ? "tonnes" : "kg"}`;
      return `${i.description} (EWC ${i.ewc_codes.join(", ")}), ${quantity}${i.estimated ? " (estimated)" : ""}`;
    }),
  };
}
