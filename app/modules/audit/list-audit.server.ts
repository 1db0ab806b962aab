/** The audit trail of one record, oldest first, with the actor's e-mail. */
import type { Database } from "~/platform/db/database.server";

export interface AuditEvent {
  action: string;
  actorEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export async function listAudit(db: Database, entity: string, entityId: string): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .select(["a.action", "u.email", "a.details", "a.created_at"])
    .where("a.entity", "=", entity)
    .where("a.entity_id", "=", entityId)
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actorEmail: r.email,
    details: r.details ?? {},
    createdAt: r.created_at,
  }));
}
