/**
 * A company's saved receiving sites and customers (migration 1050, decision 0710): remembered from
 * every note the company writes (`rememberNoteParties`, in the note's transaction), managed on
 * /company/sites and /company/customers, and offered on the next note by a search. One row per
 * company and name, whatever its case ("ACME ltd" is "Acme Ltd"). Every read and change names the
 * company: a row of another company is "not found". Changes on the pages are audited, and made only
 * while the account still holds the registration's listing. The rows belong to whoever holds the
 * listing: when a claim is rejected, or an unverified listing passes to another account, they are
 * deleted with it (`forgetSavedParties`, decision 0256).
 */
import { sql } from "kysely";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { likePattern } from "~/platform/db/like";
import type { SavedCustomerInput, SavedPartyKind, SavedSiteInput } from "./saved-party-input";

export interface SavedSite extends SavedSiteInput {
  id: string;
  updatedAt: Date;
}

export interface SavedCustomer extends SavedCustomerInput {
  id: string;
  updatedAt: Date;
}

export type SavedParty<K extends SavedPartyKind> = K extends "site" ? SavedSite : SavedCustomer;
type Input<K extends SavedPartyKind> = K extends "site" ? SavedSiteInput : SavedCustomerInput;

export interface NoteParties {
  site: { name: string; authorisation: string; address: string; postcode: string } | null;
  customer: {
    name: string;
    address: string;
    email: string | null;
    sicCode: string | null;
    originAddress: string;
  } | null;
}

const TABLE = { site: "company_saved_sites", customer: "company_saved_customers" } as const;
/**
 * The kind's table, typed as the sites' table for the columns both tables share (id,
 * registration_number, name, address, updated_at); rows are read whole and mapped by kind.
 */
const table = (kind: SavedPartyKind) => TABLE[kind] as "company_saved_sites";
const ENTITY = { site: "company_saved_site", customer: "company_saved_customer" } as const;

/** Text cut to the column's limit (a note's values are already checked; this keeps a note safe). */
const clip = (value: string | null | undefined, max: number) => (value ?? "").trim().slice(0, max);

/**
 * Saves the note's receiving site and customer for the company's next note: a new row, or the row
 * of the same name (any case) brought up to date. A customer's e-mail or SIC code the note lacks
 * keeps the saved one. Runs inside the note's transaction; never fails the note on a value.
 */
export async function rememberNoteParties(
  trx: Database,
  registrationNumber: string,
  parties: NoteParties,
): Promise<void> {
  const { site, customer } = parties;
  if (site && clip(site.name, 200)) {
    await trx
      .insertInto("company_saved_sites")
      .values({
        registration_number: registrationNumber,
        name: clip(site.name, 200),
        authorisation: clip(site.authorisation, 100),
        address: clip(site.address, 500),
        postcode: clip(site.postcode, 10),
      })
      .onConflict((oc) =>
        oc.expression(sql`registration_number, lower(name)`).doUpdateSet({
          authorisation: (eb) => eb.ref("excluded.authorisation"),
          address: (eb) => eb.ref("excluded.address"),
          postcode: (eb) => eb.ref("excluded.postcode"),
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
  if (customer && clip(customer.name, 200)) {
    const sic = customer.sicCode && /^\d{5}$/.test(customer.sicCode) ? customer.sicCode : null;
    await trx
      .insertInto("company_saved_customers")
      .values({
        registration_number: registrationNumber,
        name: clip(customer.name, 200),
        address: clip(customer.address, 500),
        email: clip(customer.email, 254) || null,
        sic_code: sic,
        origin_address: clip(customer.originAddress, 500),
      })
      .onConflict((oc) =>
        oc.expression(sql`registration_number, lower(name)`).doUpdateSet({
          address: (eb) => eb.ref("excluded.address"),
          email: sql`coalesce(excluded.email, company_saved_customers.email)`,
          sic_code: sql`coalesce(excluded.sic_code, company_saved_customers.sic_code)`,
          origin_address: (eb) => eb.ref("excluded.origin_address"),
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
}

type SiteRow = {
  id: string;
  name: string;
  authorisation: string;
  address: string;
  postcode: string;
  updated_at: Date;
};
type CustomerRow = {
  id: string;
  name: string;
  address: string;
  email: string | null;
  sic_code: string | null;
  origin_address: string;
  updated_at: Date;
};

const toSite = (r: SiteRow): SavedSite => ({
  id: r.id,
  name: r.name,
  authorisation: r.authorisation,
  address: r.address,
  postcode: r.postcode,
  updatedAt: new Date(r.updated_at),
});
const toCustomer = (r: CustomerRow): SavedCustomer => ({
  id: r.id,
  name: r.name,
  address: r.address,
  email: r.email,
  sicCode: r.sic_code,
  originAddress: r.origin_address,
  updatedAt: new Date(r.updated_at),
});

/** A whole row of the kind's table as the kind's saved party. */
function toParty<K extends SavedPartyKind>(kind: K, row: unknown): SavedParty<K> {
  return (kind === "site" ? toSite(row as SiteRow) : toCustomer(row as CustomerRow)) as SavedParty<K>;
}

export interface SavedPartyPage<T> {
  rows: T[];
  /** How many of the company's rows match the search. */
  total: number;
}

/** Where a search looks: the name, address and postcode (a postcode with or without its space). */
function searchWhere(kind: SavedPartyKind, q: string) {
  const pattern = likePattern(q.toLowerCase());
  const compact = likePattern(q.toLowerCase().replace(/\s+/g, ""));
  const t = table(kind);
  const extra =
    kind === "site"
      ? sql`OR replace(lower(${sql.ref(`${t}.postcode`)}), ' ', '') LIKE ${compact}`
      : sql`OR lower(${sql.ref(`${t}.origin_address`)}) LIKE ${pattern} OR lower(coalesce(${sql.ref(`${t}.email`)}, '')) LIKE ${pattern}`;
  return sql<boolean>`(lower(${sql.ref(`${t}.name`)}) LIKE ${pattern} OR lower(${sql.ref(`${t}.address`)}) LIKE ${pattern} ${extra})`;
}

/**
 * The company's saved sites or customers, by name (A to Z), matching `q` (case-insensitive, in the
 * name, address or postcode) when given; `limit` (at most 100) from `offset`.
 */
export async function listSavedParties<K extends SavedPartyKind>(
  db: Database,
  kind: K,
  registrationNumber: string,
  options: { q?: string; limit?: number; offset?: number } = {},
): Promise<SavedPartyPage<SavedParty<K>>> {
  const q = (options.q ?? "").trim().slice(0, 200);
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const offset = Math.max(options.offset ?? 0, 0);
  const base = () => {
    let query = db.selectFrom(table(kind)).where("registration_number", "=", registrationNumber);
    if (q) query = query.where(searchWhere(kind, q));
    return query;
  };
  const [count, rows] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    base()
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows: rows.map((r) => toParty(kind, r)), total: Number(count.n) };
}

/** One saved row of the company, or null (another company's row is not found). */
export async function getSavedParty<K extends SavedPartyKind>(
  db: Database,
  kind: K,
  registrationNumber: string,
  id: string,
): Promise<SavedParty<K> | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom(table(kind))
    .selectAll()
    .where("registration_number", "=", registrationNumber)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toParty(kind, row) : null;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

/** The columns of a row from its checked input. */
function columns<K extends SavedPartyKind>(kind: K, input: Input<K>) {
  if (kind === "site") {
    const s = input as SavedSiteInput;
    return { name: s.name, authorisation: s.authorisation, address: s.address, postcode: s.postcode };
  }
  const c = input as SavedCustomerInput;
  return {
    name: c.name,
    address: c.address,
    email: c.email,
    sic_code: c.sicCode,
    origin_address: c.originAddress,
  };
}

/** Whether the company has another row with this name (any case). */
async function nameTaken(db: Database, kind: SavedPartyKind, reg: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom(table(kind))
    .select("id")
    .where("registration_number", "=", reg)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface SavedPartyActor {
  userId: string;
  registrationNumber: string;
}

/**
 * Whether the actor's account still holds the registration's listing, the row locked against a
 * rejection or an owner change until the change commits (which then waits, and deletes what was
 * added: `forgetSavedParties`). The route read the listing before; this closes the moment between.
 */
async function holdsListing(trx: Database, actor: SavedPartyActor): Promise<boolean> {
  const row = await trx
    .selectFrom("claimed_listings")
    .select("id")
    .where("registration_number", "=", actor.registrationNumber)
    .where("user_id", "=", actor.userId)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes every saved site and customer of a registration (decision 0256). Called in the
 * transaction that takes the registration's listing from the account that held it before an
 * approval: a rejected claim's unverified listing removed, or an unverified listing passed to
 * another account (a new claim over it, an approval for someone else, an admin's owner change).
 * The next holder then never reads the previous one's customers, and a rejected claimant cannot
 * leave a customer (with their own e-mail address) for the real owner to pick. Not audited row by
 * row: the caller's audit entry carries the counts.
 */
export async function forgetSavedParties(
  trx: Database,
  registrationNumber: string,
): Promise<{ sites: number; customers: number }> {
  const sites = await trx
    .deleteFrom("company_saved_sites")
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  const customers = await trx
    .deleteFrom("company_saved_customers")
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  return { sites: Number(sites.numDeletedRows), customers: Number(customers.numDeletedRows) };
}

export type SaveResult = { status: "saved"; id: string } | { status: "duplicate" | "not_found" };

/**
 * Adds a saved site or customer to the company (audited); "duplicate" when the name is taken,
 * "not_found" when the account no longer holds the listing.
 */
export async function createSavedParty<K extends SavedPartyKind>(
  db: Database,
  kind: K,
  actor: SavedPartyActor,
  input: Input<K>,
): Promise<SaveResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<SaveResult> => {
      if (!(await holdsListing(trx, actor))) return { status: "not_found" };
      if (await nameTaken(trx, kind, actor.registrationNumber, input.name)) return { status: "duplicate" };
      const row = await trx
        .insertInto(table(kind))
        .values({ registration_number: actor.registrationNumber, ...columns(kind, input) } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, kind, "created", actor, row.id, input.name);
      return { status: "saved", id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate" };
    throw error;
  }
}

/** Changes one of the company's saved rows (audited); another company's row is "not_found". */
export async function updateSavedParty<K extends SavedPartyKind>(
  db: Database,
  kind: K,
  actor: SavedPartyActor,
  id: string,
  input: Input<K>,
): Promise<SaveResult> {
  if (!isUuid(id)) return { status: "not_found" };
  try {
    return await db.transaction().execute(async (trx): Promise<SaveResult> => {
      if (!(await holdsListing(trx, actor))) return { status: "not_found" };
      if (await nameTaken(trx, kind, actor.registrationNumber, input.name, id))
        return { status: "duplicate" };
      const row = await trx
        .updateTable(table(kind))
        .set({ ...columns(kind, input), updated_at: sql`now()` } as never)
        .where("registration_number", "=", actor.registrationNumber)
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirst();
      if (!row) return { status: "not_found" };
      await audit(trx, kind, "updated", actor, id, input.name);
      return { status: "saved", id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate" };
    throw error;
  }
}

/** Deletes one of the company's saved rows (audited); another company's row is "not_found". */
export async function deleteSavedParty(
  db: Database,
  kind: SavedPartyKind,
  actor: SavedPartyActor,
  id: string,
): Promise<{ status: "deleted" | "not_found" }> {
  if (!isUuid(id)) return { status: "not_found" };
  return db.transaction().execute(async (trx) => {
    if (!(await holdsListing(trx, actor))) return { status: "not_found" as const };
    const row = await trx
      .deleteFrom(table(kind))
      .where("registration_number", "=", actor.registrationNumber)
      .where("id", "=", id)
      .returning(["id", "name"])
      .executeTakeFirst();
    if (!row) return { status: "not_found" as const };
    await audit(trx, kind, "deleted", actor, id, row.name);
    return { status: "deleted" as const };
  });
}

function audit(
  trx: Database,
  kind: SavedPartyKind,
  verb: "created" | "updated" | "deleted",
  actor: SavedPartyActor,
  id: string,
  name: string,
) {
  return recordAudit(trx, {
    actorUserId: actor.userId,
    action: `saved_${kind}.${verb}`,
    entity: ENTITY[kind],
    entityId: id,
    details: { registrationNumber: actor.registrationNumber, name },
  });
}
