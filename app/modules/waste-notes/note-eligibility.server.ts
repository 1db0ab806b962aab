/**
 * Whether a company may write a waste note now (note-rules.ts): its listing (approved, not
 * suspended), its registration on the register (in force) and its plan's allowance this month.
 * `createWasteNote` calls it inside its transaction with `lock`, so the listing row is locked
 * (SELECT ... FOR UPDATE) while the month's notes are counted and the note inserted: two
 * submits at once (a second tab, a stale page) cannot both take the last slot.
 * A correction (`correction: true`) is not a new note: every rule applies but the allowance; a
 * season ticket's transfer is checked the same way (decision 0249). `getListingRefusal`: whether
 * the company may still void or send the notes it has. `getNoteActionRefusals`: all of these at
 * once, for the note's page to offer only what these same rules allow (decision 0253).
 */
import { registrationState, type RegistrationState } from "~/modules/directory/registration";
import { effectivePlan } from "~/modules/plans/plan-state";
import type { Database } from "~/platform/db/database.server";
import { NOTE_RULE_TEXT, noteRefusal, type NoteRefusal, type NoteRefusalReason } from "./note-rules";
import { checkPlanLimit, countNotesThisMonth, type PlanUsage } from "./plan-limit.server";

export interface NoteEligibility {
  refusal: NoteRefusal | null;
  /** The month's allowance (null when there is no listing). */
  usage: PlanUsage | null;
  registration: RegistrationState | null;
}

/** What every rule reads: the listing (null: none), its registration's state, the month's allowance. */
interface NoteStanding {
  listing: { verified: boolean; suspended: boolean } | null;
  registration: RegistrationState | null;
  usage: PlanUsage | null;
}

async function readStanding(
  db: Database,
  registrationNumber: string,
  options: { now: Date; lock?: boolean },
): Promise<NoteStanding> {
  const { now } = options;
  let query = db
    .selectFrom("claimed_listings")
    .select(["verified", "suspended_at", "subscription_plan", "subscription_end_date"])
    .where("registration_number", "=", registrationNumber);
  if (options.lock) query = query.forUpdate();
  const listing = await query.executeTakeFirst();
  if (!listing) return { listing: null, registration: null, usage: null };
  const entry = await db
    .selectFrom("directory_entries")
    .select(["expiry_date", "on_register", "removed_at", "registration_tier"])
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  const registration = entry ? registrationState(entry, now) : ({ state: "removed", since: null } as const);
  const usage = checkPlanLimit(
    effectivePlan(listing, now),
    await countNotesThisMonth(db, registrationNumber, now),
  );
  return {
    listing: { verified: listing.verified, suspended: listing.suspended_at !== null },
    registration,
    usage,
  };
}

/** The rule (note-rules.ts) over what was read; a correction is not counted against the allowance. */
function eligibilityOf(
  standing: NoteStanding,
  registrationNumber: string,
  correction: boolean,
): NoteEligibility {
  const { listing, registration, usage } = standing;
  if (!listing || !registration) {
    return {
      refusal: { reason: "no_listing", title: "Account Not Found", message: NOTE_RULE_TEXT.noListing },
      usage: null,
      registration: null,
    };
  }
  const refusal = noteRefusal({
    verified: listing.verified,
    suspended: listing.suspended,
    registrationNumber,
    registration,
    usage: correction ? null : usage,
  });
  return { refusal, usage, registration };
}

export async function getNoteEligibility(
  db: Database,
  registrationNumber: string,
  options: { now?: Date; lock?: boolean; correction?: boolean } = {},
): Promise<NoteEligibility> {
  const now = options.now ?? new Date();
  const standing = await readStanding(db, registrationNumber, { now, lock: options.lock });
  return eligibilityOf(standing, registrationNumber, options.correction ?? false);
}

/** The refusals about the listing itself (noteRefusal says them first), not its registration or plan. */
const LISTING_REASONS: ReadonlySet<NoteRefusalReason> = new Set(["no_listing", "pending", "suspended"]);

/** A listing's refusal in the words of the new note's, for another change ("send", "void"). */
function listingMessage(refusal: NoteRefusal, verb: string): string {
  switch (refusal.reason) {
    case "pending":
      return `Your claim is awaiting approval: you can ${verb} waste notes once it is approved.`;
    case "suspended":
      return `Your listing is suspended: you cannot ${verb} waste notes while it is suspended. Please contact us to find out why and what to do.`;
    default:
      return refusal.message;
  }
}

/**
 * Why the company may not `verb` ("send", "void") a note it already has, or null (decision 0249):
 * only an approved listing that is not suspended may. Unlike a new note or a season ticket's
 * transfer, an expired registration, or one no longer on the register, does not refuse: these
 * changes write no new transfer under the registration. Called first in the change's transaction
 * with `lock`: the listing, then the note, the order `createWasteNote` locks them in.
 */
export async function getListingRefusal(
  db: Database,
  registrationNumber: string,
  verb: string,
  options: { now?: Date; lock?: boolean } = {},
): Promise<NoteRefusal | null> {
  const { refusal } = await getNoteEligibility(db, registrationNumber, { ...options, correction: true });
  return listingRefusalOf(refusal, verb);
}

/** The listing's own refusal among a correction's (getListingRefusal's rule), for `verb`. */
function listingRefusalOf(refusal: NoteRefusal | null, verb: string): NoteRefusal | null {
  if (!refusal || !LISTING_REASONS.has(refusal.reason)) return null;
  return { ...refusal, message: listingMessage(refusal, verb) };
}

/** What the owner may do with a note it has now: each change's refusal, or null (decision 0253). */
export interface NoteActionRefusals {
  /** Send to the customer: `sendNoteToCustomer` (getListingRefusal "send"). */
  send: NoteRefusal | null;
  /** Void: `voidWasteNote` (getListingRefusal "void"). */
  void: NoteRefusal | null;
  /** A season ticket's transfer: `addSeasonTransfer` (getNoteEligibility, correction). */
  transfer: NoteRefusal | null;
  /** Correct: the corrected note (getNoteEligibility, correction). */
  correct: NoteRefusal | null;
  /** Repeat this collection: a new note (getNoteEligibility, counted against the allowance). */
  repeat: NoteRefusal | null;
  /**
   * The one reason to show when any of them is refused: the listing's (suspended, awaiting
   * approval) naming what it stops, else the registration's, else the plan's allowance.
   */
  reason: NoteRefusal | null;
}

/**
 * Each change's refusal as the change itself would decide it now, from one read of the listing
 * (no lock: the page only shows what is offered; each change decides again in its transaction).
 */
export async function getNoteActionRefusals(
  db: Database,
  registrationNumber: string,
  options: { now?: Date } = {},
): Promise<NoteActionRefusals> {
  const now = options.now ?? new Date();
  const standing = await readStanding(db, registrationNumber, { now });
  const correction = eligibilityOf(standing, registrationNumber, true).refusal;
  const newNote = eligibilityOf(standing, registrationNumber, false).refusal;
  return {
    send: listingRefusalOf(correction, "send"),
    void: listingRefusalOf(correction, "void"),
    transfer: correction,
    correct: correction,
    repeat: newNote,
    reason: listingRefusalOf(correction, "write, send or void") ?? correction ?? newNote,
  };
}
