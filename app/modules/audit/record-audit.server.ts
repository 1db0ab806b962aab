/**
 * The audit log: one row per status change or admin action, saying who did what to which record
 * and when. Write it inside the transaction that makes the change, so the row exists exactly when
 * the change commits. Other areas reuse it (entity names are free text: 'claim_request',
 * 'claimed_listing', 'review', ...).
 */
import type { Database } from "~/platform/db/database.server";

export interface AuditEntry {
  /** The signed-in user who acted (null for the system or an anonymous visitor). */
  actorUserId: string | null;
  /** What happened, e.g. 'claim.approved'. */
  action: string;
  entity: string;
  entityId: string;
  details?: Record<string, unknown>;
  at?: Date;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      details: JSON.stringify(entry.details ?? {}),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}
