/**
 * A provider's history, newest first: the audit log of its listing (suspensions, plan changes,
 * owner changes, upgrade requests) and of the claims made for its business (submitted, approved,
 * rejected, notes), with who acted.
 */
import type { Database } from "~/platform/db/database.server";

export interface HistoryEvent {
  id: string;
  action: string;
  actorEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export async function listProviderHistory(
  db: Database,
  listing: { id: string; registrationNumber: string },
  limit = 200,
): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .select(["a.id", "a.action", "u.email", "a.details", "a.created_at"])
    .where((eb) =>
      eb.or([
        eb.and([eb("a.entity", "=", "claimed_listing"), eb("a.entity_id", "=", listing.id)]),
        eb.and([
          eb("a.entity", "=", "claim_request"),
          eb(
            "a.entity_id",
            "in",
            eb
              .selectFrom("claim_requests")
              .select(eb.cast<string>("id", "text").as("id"))
              .where("registration_number", "=", listing.registrationNumber),
          ),
        ]),
      ]),
    )
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    actorEmail: r.email,
    details: r.details ?? {},
    createdAt: r.created_at,
  }));
}
