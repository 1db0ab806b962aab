/**
 * The audit log page (/admin/audit): every entry, newest first, keyset-paged on (created_at, id)
 * (audit_log's id is a bigserial), filtered by the actor's e-mail (or part of it), the action, the
 * subject (kind and/or id) and a range of UK days; with the actor's e-mail and the registration
 * number the entry names, if any. Indexes: migration 1042.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page, type PageRequest } from "~/platform/db/keyset-page.server";
import { likePattern } from "~/platform/db/like";
import type { AuditFilters } from "./audit-filters";
import type { DayRangeBounds } from "./day-range";

export interface AuditLogRow {
  id: string;
  created_at: Date;
  action: string;
  entity: string;
  entityId: string;
  /** Null for the system or a visitor, or an account since deleted. */
  actorEmail: string | null;
  details: Record<string, unknown>;
  /** The registration number the entry names (its details'), if any. */
  registrationNumber: string | null;
}

const NO_BOUNDS: DayRangeBounds = { start: null, end: null };

export async function listAuditLog(
  db: Database,
  filters: Partial<AuditFilters> = {},
  req: PageRequest = {},
  bounds: DayRangeBounds = NO_BOUNDS,
): Promise<Page<AuditLogRow>> {
  const page = await keysetPage(
    { after: req.after, before: req.before, limit: req.limit },
    ({ window, dir, limit }) => {
      let query = db
        .selectFrom("audit_log")
        .select(["id", "created_at", "action", "entity", "entity_id", "actor_user_id", "details"]);
      const actor = filters.actor?.trim();
      if (actor) {
        query = query.where("actor_user_id", "in", (eb) =>
          eb
            .selectFrom("users")
            .select("users.id")
            .where(sql<SqlBool>`users.email ILIKE ${likePattern(actor.toLowerCase())}`),
        );
      }
      if (filters.action) query = query.where("action", "=", filters.action);
      if (filters.entity) query = query.where("entity", "=", filters.entity);
      const subject = filters.subject?.trim();
      if (subject) query = query.where("entity_id", "=", subject);
      if (bounds.start) query = query.where("created_at", ">=", bounds.start);
      if (bounds.end) query = query.where("created_at", "<", bounds.end);
      if (window) query = query.where(window as Expression<SqlBool>);
      return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute();
    },
    { idType: "bigint" },
  );
  const actorIds = [...new Set(page.rows.map((r) => r.actor_user_id).filter((id): id is string => !!id))];
  const emails = new Map(
    actorIds.length
      ? (await db.selectFrom("users").select(["id", "email"]).where("id", "in", actorIds).execute()).map(
          (u) => [u.id, u.email] as const,
        )
      : [],
  );
  return {
    ...page,
    rows: page.rows.map((r) => {
      const details = r.details ?? {};
      const reg = details.registrationNumber;
      return {
        id: String(r.id),
        created_at: r.created_at,
        action: r.action,
        entity: r.entity,
        entityId: r.entity_id,
        actorEmail: r.actor_user_id ? (emails.get(r.actor_user_id) ?? null) : null,
        details,
        registrationNumber: typeof reg === "string" && reg ? reg : null,
      };
    }),
  };
}
