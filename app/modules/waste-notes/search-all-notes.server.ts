/**
 * The admin's search over every company's waste notes (/admin/waste-notes), newest first,
 * keyset-paged on (created_at, id): by note number (the id or its start), carrier (name, or
 * registration number when the text is one), EWC code (or chapter / sub-chapter) of the note or
 * of any of its waste items (decision 0713), the company that wrote the note, and the days it was
 * made (UK). Indexes: migration 1042; the items' codes: the GIN index of migration 1050.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { parseRegistrationNumber } from "~/modules/directory/registration";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page, type PageRequest } from "~/platform/db/keyset-page.server";
import { likePattern } from "~/platform/db/like";
import { findEwcCode } from "./ewc-codes.server";
import type { NoteSearch } from "./note-search-filters";

export interface AdminNoteRow {
  id: string;
  created_at: Date;
  collection_date_time: Date;
  waste_type: "Commercial" | "Residential";
  description: string;
  ewc_code: string;
  hazardous: boolean;
  weight: string;
  carrier_company: string;
  carrier_license: string;
  /** The company that wrote it (null: the public generator). */
  registration_number: string | null;
  /** That company's name on the directory. */
  company_name: string | null;
  pdf_ready: boolean;
}

const EWC_DIGITS = sql<string>`regexp_replace(ewc_code, '[^0-9]', '', 'g')`;

/**
 * The note's own code or any item's is the code (six digits: the items' GIN index, through every
 * way the code may be written) or starts with the chapter or sub-chapter.
 */
function ewcMatch(digits: string): Expression<SqlBool> {
  if (digits.length === 6) {
    const entry = findEwcCode(digits);
    const spaced = `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
    const forms = [...new Set([digits, spaced, `${spaced}*`, ...(entry ? [entry.code] : [])])];
    return sql<SqlBool>`(${EWC_DIGITS} = ${digits} OR EXISTS (SELECT 1 FROM waste_note_items i WHERE i.note_id = waste_notes.id AND i.ewc_codes && ${sql.val(forms)}::text[]))`;
  }
  return sql<SqlBool>`(${EWC_DIGITS} LIKE ${`${digits}%`} OR EXISTS (SELECT 1 FROM waste_note_items i, unnest(i.ewc_codes) c WHERE i.note_id = waste_notes.id AND regexp_replace(c, '[^0-9]', '', 'g') LIKE ${`${digits}%`}))`;
}

const EMPTY: NoteSearch = {
  number: "",
  carrier: "",
  ewcDigits: "",
  company: "",
  bounds: { start: null, end: null },
};

export function searchAllWasteNotes(
  db: Database,
  search: Partial<NoteSearch> = {},
  req: PageRequest = {},
): Promise<Page<AdminNoteRow>> {
  const s = { ...EMPTY, ...search };
  return keysetPage({ after: req.after, before: req.before, limit: req.limit }, ({ window, dir, limit }) => {
    let query = db
      .selectFrom("waste_notes")
      .select([
        "id",
        "created_at",
        "collection_date_time",
        "waste_type",
        "description",
        "ewc_code",
        "hazardous",
        "weight",
        "carrier_company",
        "carrier_license",
        "registration_number",
      ])
      .select(sql<boolean>`pdf_url IS NOT NULL`.as("pdf_ready"))
      .select(
        sql<
          string | null
        >`(SELECT d.business_name FROM directory_entries d WHERE d.registration_number = waste_notes.registration_number)`.as(
          "company_name",
        ),
      );
    if (s.number) {
      query =
        s.number.length === 36
          ? query.where("id", "=", s.number)
          : query.where(sql<SqlBool>`id::text LIKE ${`${s.number}%`}`);
    }
    if (s.carrier) {
      const parsed = parseRegistrationNumber(s.carrier);
      query =
        parsed.kind === "ea" || parsed.kind === "other"
          ? query.where("carrier_license", "=", parsed.number)
          : query.where((eb) =>
              eb.or([
                eb("carrier_company", "ilike", likePattern(s.carrier)),
                eb("carrier_license", "ilike", likePattern(s.carrier)),
              ]),
            );
    }
    if (s.ewcDigits) query = query.where(ewcMatch(s.ewcDigits));
    if (s.company) query = query.where("registration_number", "=", s.company);
    if (s.bounds.start) query = query.where("created_at", ">=", s.bounds.start);
    if (s.bounds.end) query = query.where("created_at", "<", s.bounds.end);
    if (window) query = query.where(window as Expression<SqlBool>);
    return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute() as Promise<
      AdminNoteRow[]
    >;
  });
}
