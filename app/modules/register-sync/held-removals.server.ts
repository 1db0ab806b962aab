/**
 * Removals a full sync held (decision 0279): what Data Management shows of them, and the
 * administrator's confirmation, which marks them removed as the sync would have, audited.
 *
 * A confirmation applies only to the newest successful sync, while no sync is running: any
 * later successful sync has read the register again (and dropped the held list), so the list
 * still says what that source did not hold. A registration back on the register since (or already
 * marked removed) is left alone.
 */
import { sql } from "kysely";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import { rebuildPlaces } from "~/modules/directory/places.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { redactUrls } from "./redact-source";

/** How many of the held registrations the page lists by name. */
export const HELD_SAMPLE = 10;

export interface HeldRemovalsView {
  syncId: string;
  source: string | null;
  finishedAt: string;
  held: number;
  reason: string;
  /** The first held registrations, by number. */
  sample: { registrationNumber: string; businessName: string }[];
}

/** The held removals of the newest successful sync, or null when it held none (or they were confirmed). */
export async function heldRemovals(db: Database): Promise<HeldRemovalsView | null> {
  const log = await db
    .selectFrom("sync_log")
    .select(["id", "source", "finished_at", "removals_held", "removals_held_reason", "removals_confirmed_at"])
    .where("status", "=", "success")
    .orderBy("finished_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!log || log.removals_held === 0 || log.removals_confirmed_at) return null;
  const sample = await db
    .selectFrom("sync_held_removals as h")
    .innerJoin("directory_entries as d", "d.registration_number", "h.registration_number")
    .select(["d.registration_number", "d.business_name"])
    .where("h.sync_id", "=", log.id)
    .orderBy("d.registration_number")
    .limit(HELD_SAMPLE)
    .execute();
  if (sample.length === 0) return null;
  return {
    syncId: String(log.id),
    source: log.source === null ? null : redactUrls(log.source),
    finishedAt: (log.finished_at ?? new Date()).toISOString(),
    held: log.removals_held,
    reason: redactUrls(log.removals_held_reason ?? ""),
    sample: sample.map((r) => ({ registrationNumber: r.registration_number, businessName: r.business_name })),
  };
}

/** Why held removals could not be confirmed (shown to the administrator as it is). */
export class HeldRemovalsError extends Error {}

export interface ConfirmedRemovals {
  held: number;
  removed: number;
}

/**
 * Marks the held registrations of sync `syncId` as no longer on the register, with the sync's
 * id, in one transaction with the places' rebuild, the sync log's counts and the audit entry.
 */
export async function confirmHeldRemovals(
  db: Database,
  input: { syncId: string; adminId: string },
): Promise<ConfirmedRemovals> {
  if (!/^\d{1,18}$/.test(input.syncId)) throw new HeldRemovalsError("No such sync");
  const result = await db.transaction().execute(async (trx) => {
    const log = await trx
      .selectFrom("sync_log")
      .select(["id", "status", "removals_held", "removals_confirmed_at"])
      .where("id", "=", input.syncId)
      .forUpdate()
      .executeTakeFirst();
    if (!log || log.status !== "success" || log.removals_held === 0)
      throw new HeldRemovalsError("That sync held no removals");
    if (log.removals_confirmed_at) throw new HeldRemovalsError("These removals were already confirmed");
    const running = await trx
      .selectFrom("sync_log")
      .select("id")
      .where("status", "=", "running")
      .executeTakeFirst();
    if (running) throw new HeldRemovalsError("A sync is running: wait for it to finish, then look again");
    const later = await trx
      .selectFrom("sync_log")
      .select("id")
      .where("status", "=", "success")
      .where("id", ">", input.syncId)
      .executeTakeFirst();
    if (later)
      throw new HeldRemovalsError(
        "A newer sync has run since: these held removals no longer apply. Run a full sync again.",
      );
    const marked = await sql`
      UPDATE directory_entries d
      SET on_register = false, removed_at = now(), updated_at = now(), last_sync_id = ${input.syncId}::bigint
      FROM sync_held_removals h
      WHERE h.sync_id = ${input.syncId}::bigint AND h.registration_number = d.registration_number
        AND d.on_register`.execute(trx);
    const removed = Number(marked.numAffectedRows ?? 0);
    if (removed > 0) await rebuildPlaces(trx);
    await trx
      .updateTable("sync_log")
      .set({
        records_removed: sql<number>`records_removed + ${removed}::int`,
        removals_confirmed_at: sql<Date>`now()`,
      })
      .where("id", "=", input.syncId)
      .execute();
    await trx.deleteFrom("sync_held_removals").where("sync_id", "=", input.syncId).execute();
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "register_sync.removals_confirmed",
      entity: "sync_log",
      entityId: input.syncId,
      details: { held: log.removals_held, removed },
    });
    return { held: log.removals_held, removed };
  });
  if (result.removed > 0) {
    await directoryChanged(db).catch(() => undefined);
    await sql`ANALYZE directory_entries`.execute(db).catch(() => undefined);
  }
  return result;
}
