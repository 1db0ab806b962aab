/**
 * The owner's changes to a quote request (/company/quotes, decision 0604): move its carrier status
 * one allowed step, or save its private notes. Each in one transaction with its audit entry; the
 * request must be one sent to the owner's own approved, unsuspended listing, otherwise nothing
 * changes ("not_found" for another listing's request or an unknown id, as the route's 404).
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { OwnerRefusal } from "~/modules/company/enquiry-access";
import { ownedListingForChange, type ListingOwner } from "~/modules/company/owned-listing.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import { canMoveQuote, type CarrierStatus } from "./carrier-status";

export type QuoteChange = { ok: true } | { ok: false; reason: OwnerRefusal | "bad_move" };

/** The request, locked, if it was sent to the owner's listing and they may change it. */
async function ownQuote(trx: Database, owner: ListingOwner, id: string) {
  if (!isUuid(id)) return { ok: false as const, reason: "not_found" as const };
  const owned = await ownedListingForChange(trx, owner);
  const row = await trx
    .selectFrom("quote_requests as q")
    .innerJoin("claimed_listings as c", "c.registration_number", "q.provider_id")
    .select(["q.id", "q.provider_id", "q.carrier_status", "q.carrier_notes"])
    .where("q.id", "=", id)
    .where("c.id", "=", owner.listingId)
    .where("c.user_id", "=", owner.userId)
    .forUpdate("q")
    .executeTakeFirst();
  // A suspended or unapproved owner learns nothing about ids that are not theirs either.
  if (!row) return { ok: false as const, reason: "not_found" as const };
  if (!owned.ok) return { ok: false as const, reason: owned.reason };
  return { ok: true as const, row, registrationNumber: owned.listing.registrationNumber };
}

export function moveCompanyQuote(
  db: Database,
  owner: ListingOwner,
  args: { id: string; to: CarrierStatus },
): Promise<QuoteChange> {
  return db.transaction().execute(async (trx) => {
    const found = await ownQuote(trx, owner, args.id);
    if (!found.ok) return found;
    const from = found.row.carrier_status;
    if (!canMoveQuote(from, args.to)) return { ok: false, reason: "bad_move" };
    await trx
      .updateTable("quote_requests")
      .set({ carrier_status: args.to, carrier_updated_at: new Date() })
      .where("id", "=", args.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: owner.userId,
      action: "quote_request.carrier_status_changed",
      entity: "quote_request",
      entityId: args.id,
      details: { registrationNumber: found.registrationNumber, from, to: args.to },
    });
    return { ok: true };
  });
}

/** Saves the notes (already checked: trimmed, at most 2,000 characters; "" clears them). */
export function saveCompanyQuoteNotes(
  db: Database,
  owner: ListingOwner,
  args: { id: string; notes: string },
): Promise<QuoteChange> {
  return db.transaction().execute(async (trx) => {
    const found = await ownQuote(trx, owner, args.id);
    if (!found.ok) return found;
    const notes = args.notes === "" ? null : args.notes;
    await trx
      .updateTable("quote_requests")
      .set({ carrier_notes: notes, carrier_updated_at: new Date() })
      .where("id", "=", args.id)
      .execute();
    // The notes are the carrier's private text: the audit says that they changed, not what they say.
    await recordAudit(trx, {
      actorUserId: owner.userId,
      action: "quote_request.notes_saved",
      entity: "quote_request",
      entityId: args.id,
      details: {
        registrationNumber: found.registrationNumber,
        characters: notes?.length ?? 0,
        before: found.row.carrier_notes?.length ?? 0,
      },
    });
    return { ok: true };
  });
}
