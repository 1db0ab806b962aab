/**
 * A company's notes, newest first, with the counters of the Past Waste Notes page, a search over
 * description, EWC code, waste type and origin address, and the filters (collection days,
 * hazardous, customer, status: decision 0713). The exports read the same filters.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { likePattern } from "~/platform/db/like";
import type { DB, WasteNote, WasteNoteItem } from "~/platform/db/schema";
import { getNoteItems } from "./get-note.server";
import { monthOf } from "./plan-limit.server";
import { EMPTY_NOTES_QUERY, type NoteStatus, type PastNotesQuery } from "./past-notes-filters";

export interface NotesList {
  notes: WasteNote[];
  /** The listed notes' waste items, by note id. */
  items: Map<string, WasteNoteItem[]>;
  counters: { total: number; hazardous: number; thisMonth: number };
  /** How many of the list's rows (each version its own card) match the search and filters. */
  matching: number;
  /** The list's rows in all, before the search and filters. */
  listed: number;
}

/** Any item hazardous (a note written before items existed: its own flag). */
const HAZARDOUS = sql<SqlBool>`(waste_notes.hazardous OR EXISTS (SELECT 1 FROM waste_note_items i WHERE i.note_id = waste_notes.id AND i.hazardous))`;

/** "Awaiting customer signature": asked for, not given, and the transferor did not sign on the phone. */
export const AWAITING_SIGNATURE = sql<SqlBool>`(waste_notes.customer_signature_requested_at IS NOT NULL AND waste_notes.customer_signed_at IS NULL AND waste_notes.transferor_signature_key IS NULL)`;

const STATUS_SQL: Record<NoteStatus, ReturnType<typeof sql<SqlBool>>> = {
  void: sql<SqlBool>`waste_notes.voided_at IS NOT NULL`,
  superseded: sql<SqlBool>`(waste_notes.voided_at IS NULL AND waste_notes.superseded_at IS NOT NULL)`,
  current: sql<SqlBool>`(waste_notes.voided_at IS NULL AND waste_notes.superseded_at IS NULL)`,
  awaiting: sql<SqlBool>`(waste_notes.voided_at IS NULL AND waste_notes.superseded_at IS NULL AND ${AWAITING_SIGNATURE})`,
};

/** The note's status as the cards show it. */
export function noteStatus(n: WasteNote): NoteStatus {
  if (n.voided_at) return "void";
  if (n.superseded_at) return "superseded";
  if (n.customer_signature_requested_at && !n.customer_signed_at && !n.transferor_signature_key)
    return "awaiting";
  return "current";
}

/** The search and filters applied to a query over waste_notes. */
export function applyNoteFilters<O>(
  query: SelectQueryBuilder<DB, "waste_notes", O>,
  filters: Partial<PastNotesQuery>,
): SelectQueryBuilder<DB, "waste_notes", O> {
  const f = { ...EMPTY_NOTES_QUERY, ...filters };
  let q = query;
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb("waste_notes.description", "ilike", pattern),
        eb("waste_notes.ewc_code", "ilike", pattern),
        eb(sql<string>`waste_notes.waste_type`, "ilike", pattern),
        eb("waste_notes.origin_address", "ilike", pattern),
      ]),
    );
  }
  if (f.customer) q = q.where("waste_notes.transferor_name", "ilike", likePattern(f.customer));
  if (f.hazardous !== null) q = q.where(f.hazardous ? HAZARDOUS : sql<SqlBool>`NOT ${HAZARDOUS}`);
  if (f.status) q = q.where(STATUS_SQL[f.status]);
  if (f.bounds.start) q = q.where("waste_notes.collection_date_time", ">=", f.bounds.start);
  if (f.bounds.end) q = q.where("waste_notes.collection_date_time", "<", f.bounds.end);
  return q;
}

function isFiltered(f: Partial<PastNotesQuery>): boolean {
  return !!(f.search || f.customer || f.hazardous != null || f.status || f.bounds?.start || f.bounds?.end);
}

export async function listCompanyNotes(
  db: Database,
  registrationNumber: string,
  options: {
    search?: string;
    filters?: Partial<PastNotesQuery>;
    limit?: number;
    offset?: number;
    now?: Date;
  } = {},
): Promise<NotesList> {
  const now = options.now ?? new Date();
  const filters: Partial<PastNotesQuery> = {
    ...options.filters,
    search: options.search?.trim() ?? options.filters?.search ?? "",
  };
  const query = applyNoteFilters(
    db.selectFrom("waste_notes").where("registration_number", "=", registrationNumber),
    filters,
  );
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
      // Notes, not versions (decision 0709): a correction is the same note, so each note counts
      // once: written (its first version) in all and this month, as the plan's "N of 20 this
      // month" counts them; hazardous by what its current version says.
      .select((eb) => [
        eb.fn.countAll<number>().as("rows"),
        sql<number>`count(*) FILTER (WHERE supersedes_id IS NULL)`.as("total"),
        sql<number>`count(*) FILTER (WHERE superseded_at IS NULL AND ${HAZARDOUS})`.as("hazardous"),
        sql<number>`count(*) FILTER (WHERE supersedes_id IS NULL AND ${monthOf(now)} @> created_at)`.as(
          "thisMonth",
        ),
      ])
      .executeTakeFirstOrThrow(),
    isFiltered(filters)
      ? query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    notes,
    items: await getNoteItems(db, notes),
    counters: {
      total: Number(counters.total),
      hazardous: Number(counters.hazardous),
      thisMonth: Number(counters.thisMonth),
    },
    matching: matching ? Number(matching.n) : Number(counters.rows),
    listed: Number(counters.rows),
  };
}
