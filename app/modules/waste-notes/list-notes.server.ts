/**
 * A company's notes, newest first, with the counters of the Past Waste Notes page and a search
 * over description, EWC code, waste type and origin address.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { monthOf } from "./plan-limit.server";

export interface NotesList {
  notes: WasteNote[];
  counters: { total: number; hazardous: number; thisMonth: number };
  /** How many notes match the search (all notes when there is none). */
  matching: number;
}

export async function listCompanyNotes(
  db: Database,
  registrationNumber: string,
  options: { search?: string; limit?: number; offset?: number; now?: Date } = {},
): Promise<NotesList> {
  const now = options.now ?? new Date();
  const search = options.search?.trim() ?? "";
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = db.selectFrom("waste_notes").where("registration_number", "=", registrationNumber);
  if (search) {
    query = query.where((eb) =>
      eb.or([
        eb("description", "ilike", pattern),
        eb("ewc_code", "ilike", pattern),
        eb(sql<string>`waste_type`, "ilike", pattern),
        eb("origin_address", "ilike", pattern),
      ]),
    );
  }
  const [notes, counters, matching] = await Promise.all([
    query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(options.limit ?? 500)
      .offset(Math.max(0, options.offset ?? 0))
      .execute(),
    db
      .selectFrom("waste_notes")
      .where("registration_number", "=", registrationNumber)
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        sql<number>`count(*) FILTER (WHERE hazardous)`.as("hazardous"),
        sql<number>`count(*) FILTER (WHERE ${monthOf(now)} @> created_at)`.as("thisMonth"),
      ])
      .executeTakeFirstOrThrow(),
    search ? query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow() : null,
  ]);
  const total = Number(counters.total);
  return {
    notes,
    counters: { total, hazardous: Number(counters.hazardous), thisMonth: Number(counters.thisMonth) },
    matching: matching ? Number(matching.n) : total,
  };
}
