/**
 * Test-data builders: the one way a test puts a register entry, an account, an admin, a claimed
 * listing or a claim in its database. Each takes the columns that matter to the test as overrides
 * and fills in the rest with valid, unremarkable values (unique numbers and e-mails per call).
 */
import { hashPassword } from "~/modules/accounts/passwords.server";
import type { Database } from "~/platform/db/database.server";
import type {
  ClaimedListing,
  ClaimedListingsTable,
  ClaimRequest,
  ClaimRequestsTable,
  DirectoryEntry,
  NewDirectoryEntry,
} from "~/platform/db/schema";
import type { Insertable } from "kysely";

/** Columns of a register row, a listing or a claim that a test sets itself. */
export type EntryOverrides = Partial<NewDirectoryEntry>;
export type ListingOverrides = Partial<Insertable<ClaimedListingsTable>>;
export type ClaimOverrides = Partial<Insertable<ClaimRequestsTable>>;

/** The password of the accounts insertUser makes, unless told otherwise. */
export const TEST_PASSWORD = "secret-pass";
/** Far enough ahead that a registration with it is in force whatever the test's clock says. */
export const FUTURE_EXPIRY = "2099-01-01";

let sequence = 0;
const next = () => ++sequence;

/** A valid Environment Agency number (CBDU + 8 digits) no other call returns. */
export function nextRegistrationNumber(): string {
  return `CBDU${90_000_000 + next()}`;
}

/**
 * A register row: an upper-tier carrier in Leeds (LS1 4AP, unless the overrides give a town or a
 * postcode of their own), in force until 2099 (a lower-tier one never expires), unless the
 * overrides say otherwise.
 */
export function registerEntry(overrides: EntryOverrides = {}): NewDirectoryEntry {
  const registration_number = overrides.registration_number ?? nextRegistrationNumber();
  const tier = overrides.registration_tier === undefined ? "UPPER" : overrides.registration_tier;
  const place = "town" in overrides || "postcode" in overrides ? {} : { town: "Leeds", postcode: "LS1 4AP" };
  return {
    registration_number,
    business_name: `CARRIER ${registration_number} LTD`,
    ...place,
    registration_tier: tier,
    expiry_date: tier === "LOWER" ? null : FUTURE_EXPIRY,
    ...overrides,
  };
}

export async function insertRegisterEntry(
  db: Database,
  overrides: EntryOverrides = {},
): Promise<DirectoryEntry> {
  return db
    .insertInto("directory_entries")
    .values(registerEntry(overrides))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Several register rows in one statement (see registerEntry for the defaults). */
export async function insertRegisterEntries(
  db: Database,
  overrides: EntryOverrides[],
): Promise<DirectoryEntry[]> {
  return db.insertInto("directory_entries").values(overrides.map(registerEntry)).returningAll().execute();
}

export interface UserOptions {
  email?: string;
  /** Stored hashed; null for an account without a password (made by hand or by an invitation). */
  password?: string | null;
  /** Whether the e-mail address is confirmed. */
  confirmed?: boolean;
  /** A TOTP secret turns on the second factor. */
  totpSecret?: string;
}

/**
 * An account that can sign in, unless the options say otherwise: a unique e-mail address,
 * password TEST_PASSWORD, e-mail confirmed, no second factor.
 */
export async function insertUser(
  db: Database,
  options: UserOptions = {},
): Promise<{ id: string; email: string }> {
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  return db
    .insertInto("users")
    .values({
      email: options.email ?? `user-${next()}@example.test`,
      password_hash: password === null ? null : await hashPassword(password),
      email_confirmed_at: options.confirmed === false ? null : new Date(),
      totp_secret: options.totpSecret ?? null,
      totp_enabled_at: options.totpSecret ? new Date() : null,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

/** An account (as insertUser makes it) whose e-mail address is on the admin list. */
export async function insertAdmin(
  db: Database,
  options: UserOptions = {},
): Promise<{ id: string; email: string }> {
  const user = await insertUser(db, options);
  await db.insertInto("admin_emails").values({ email: user.email }).execute();
  return user;
}

/** A listing for a register row that exists: approved (verified) unless the overrides say otherwise. */
export async function insertClaimedListing(
  db: Database,
  overrides: ListingOverrides & { registration_number: string },
): Promise<ClaimedListing> {
  return db
    .insertInto("claimed_listings")
    .values({ verified: true, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A carrier that takes enquiries: its register row (as registerEntry makes it, named "Business
 * <number>" and marked claimed) and an approved Premium listing whose owner is e-mailed about
 * them at owner-<number>@example.test. The overrides are the listing's columns.
 */
export async function insertPremiumListing(
  db: Database,
  registrationNumber: string,
  overrides: ListingOverrides = {},
): Promise<ClaimedListing> {
  const entry = await insertRegisterEntry(db, {
    registration_number: registrationNumber,
    business_name: `Business ${registrationNumber}`,
    is_claimed: true,
  });
  return insertClaimedListing(db, {
    registration_number: registrationNumber,
    company_name: entry.business_name,
    email: `owner-${registrationNumber.toLowerCase()}@example.test`,
    subscription_plan: "premium",
    email_notifications: true,
    ...overrides,
  });
}

/** A pending claim on a register row that exists, from a contact with a unique e-mail address. */
export async function insertClaimRequest(
  db: Database,
  overrides: ClaimOverrides & { registration_number: string },
): Promise<ClaimRequest> {
  return db
    .insertInto("claim_requests")
    .values({
      contact_name: "Pat Owner",
      contact_email: `claimant-${next()}@example.test`,
      contact_phone: "0113 496 0000",
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
