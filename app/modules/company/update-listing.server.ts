/**
 * Saving the Listing Details form. Only the owner's own listing (found by the signed-in user's
 * id, never by an id from the form) and only the fields the spec allows are written. A verified
 * listing's save is published at once; an unverified listing's save goes to `draft` (jsonb) and
 * the public listing stays as it is until an administrator approves (`publishListingDraft`).
 * A new business name is free to choose, but never replaces the register's name where a
 * registration is stated: it is shown as a trading name beside it, and audited (decision 0281).
 * A suspended listing is read-only (decisions 0604 and 0256): its save is refused and nothing is
 * stored or audited.
 */
import { sql } from "kysely";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import type { Database } from "~/platform/db/database.server";
import { parseDraft, type ListingDraft } from "./company-listing.server";
import type { ListingDetails } from "./listing-rules";

export type SaveOutcome = "published" | "draft" | "suspended" | "no_listing";

export async function saveListingDetails(
  db: Database,
  userId: string,
  details: ListingDetails,
  now = new Date(),
): Promise<SaveOutcome> {
  const outcome = await saveInTransaction(db, userId, details, now);
  if (outcome === "published") await directoryChanged(db);
  return outcome;
}

function saveInTransaction(
  db: Database,
  userId: string,
  details: ListingDetails,
  now: Date,
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const row = await trx
      .selectFrom("claimed_listings")
      .select(["id", "verified", "suspended_at", "draft", "registration_number", "company_name"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "no_listing";
    if (row.suspended_at) return "suspended";
    await recordAudit(trx, {
      actorUserId: userId,
      action: "listing.edited",
      entity: "claimed_listing",
      entityId: row.id,
      details: {
        registrationNumber: row.registration_number,
        saved: row.verified ? "published" : "draft",
        ...renamed(row.company_name, details.businessName),
      },
      at: now,
    });
    if (row.verified) {
      await trx
        .updateTable("claimed_listings")
        .set({
          company_name: details.businessName,
          about: details.about,
          phone: details.phone,
          email: details.email,
          services: details.services,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .execute();
      return "published";
    }
    const draft: ListingDraft = {
      ...(parseDraft(row.draft) ?? {}),
      businessName: details.businessName,
      about: details.about,
      phone: details.phone,
      email: details.email,
      services: details.services,
      savedAt: now.toISOString(),
    };
    await trx
      .updateTable("claimed_listings")
      .set({ draft: JSON.stringify(draft) })
      .where("id", "=", row.id)
      .execute();
    return "draft";
  });
}

/**
 * A change of the listing's name, for the audit log: a verified owner's rename is published at
 * once, and is shown only as a trading name beside the register's name (decision 0281), so the
 * log keeps what it was and what it became for an administrator to review.
 */
function renamed(
  before: string | null,
  after: string,
): { businessName?: { from: string | null; to: string } } {
  return (before ?? "") === after ? {} : { businessName: { from: before, to: after } };
}

/**
 * Publishes a listing's draft (for the claims approval, after it has set the claim's fields, so
 * the owner's later edits win): the drafted fields replace the published ones and the draft is
 * cleared. Pass the approval's transaction to make it part of the approval. Returns the replaced logo URL when the draft changed
 * the logo, so the caller may delete the old file; false when there was no draft.
 */
export async function publishListingDraft(
  db: Database,
  registrationNumber: string,
  now = new Date(),
): Promise<{ published: boolean; replacedLogoUrl: string | null }> {
  // Callable inside the approval's own transaction, or on its own.
  const run = <T>(fn: (trx: Database) => Promise<T>) =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  return run(async (trx) => {
    const row = await trx
      .selectFrom("claimed_listings")
      .select(["id", "draft", "logo_url"])
      .where("registration_number", "=", registrationNumber)
      .forUpdate()
      .executeTakeFirst();
    const draft = parseDraft(row?.draft);
    if (!row || !draft) return { published: false, replacedLogoUrl: null };
    const set: Record<string, unknown> = { draft: null, updated_at: now };
    if (draft.businessName !== undefined) set.company_name = draft.businessName;
    if (draft.about !== undefined) set.about = draft.about;
    if (draft.phone !== undefined) set.phone = draft.phone;
    if (draft.email !== undefined) set.email = draft.email;
    if (draft.services !== undefined) set.services = draft.services;
    if (draft.logoUrl !== undefined) set.logo_url = draft.logoUrl;
    await trx.updateTable("claimed_listings").set(set).where("id", "=", row.id).execute();
    const replaced =
      draft.logoUrl !== undefined && row.logo_url && row.logo_url !== draft.logoUrl ? row.logo_url : null;
    return { published: true, replacedLogoUrl: replaced };
  });
}

/** The Email Notifications toggle (quote request e-mails). Returns false when the user has no listing. */
export async function setEmailNotifications(db: Database, userId: string, on: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("claimed_listings")
      .set({ email_notifications: on })
      .where(
        "id",
        "=",
        sql<string>`(SELECT id FROM claimed_listings WHERE user_id = ${userId} ORDER BY created_at, id LIMIT 1)`,
      )
      .returning(["id", "registration_number"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actorUserId: userId,
      action: "listing.notifications_changed",
      entity: "claimed_listing",
      entityId: row.id,
      details: { registrationNumber: row.registration_number, emailNotifications: on },
    });
    return true;
  });
}
