/**
 * What a registration number is and what state a registration is in: one vocabulary for the
 * importer, the search, the profile, the company area and the waste notes. Pure functions (pages
 * and server code alike).
 */
import { ukToday } from "~/platform/dates";

/** England and Wales (Environment Agency, Natural Resources Wales): CBDU/CBDL and digits. */
export const EA_NUMBER = /^CBD[LU]\d{3,}$/;

export interface OtherRegulator {
  /** "SEPA" or "NIEA". */
  code: "SEPA" | "NIEA";
  name: string;
  nation: string;
  /** Where a person can look the number up. */
  registerUrl: string;
}

export const OTHER_REGULATORS: Record<OtherRegulator["code"], OtherRegulator> = {
  SEPA: {
    code: "SEPA",
    name: "the Scottish Environment Protection Agency (SEPA)",
    nation: "Scotland",
    registerUrl:
      "https://www.sepa.org.uk/regulations/authorisations-and-permits/application-forms/waste-carriers-and-brokers/",
  },
  NIEA: {
    code: "NIEA",
    name: "the Northern Ireland Environment Agency (NIEA)",
    nation: "Northern Ireland",
    registerUrl: "https://www.daera-ni.gov.uk/articles/registration-carriers-and-brokers",
  },
};

/** The Environment Agency's own public register entry for a number. */
export function publicRegisterUrl(registrationNumber: string): string {
  return `https://environment.data.gov.uk/public-register/waste-carriers-brokers/registration/${encodeURIComponent(registrationNumber)}`;
}

export type ParsedRegistrationNumber =
  | { kind: "empty" }
  /** A well-formed England/Wales number, normalised ("CBDU123456"). */
  | { kind: "ea"; number: string }
  /** A number from another UK register, as written (normalised spacing). */
  | { kind: "other"; regulator: OtherRegulator; number: string }
  | { kind: "malformed"; input: string };

// Hyphens, dashes and spaces people put in numbers ("CBDU-999 0001").
const SEPARATORS = /[\s\u00a0\-\u2010-\u2015\u2212]+/g;

/**
 * Reads what a person typed (or a register row holds): trimmed, upper-cased, spaces and hyphens
 * removed. `cbdu-9990001`, `CBDU 999 0001` and ` cbdu9990001 ` are all CBDU9990001.
 */
export function parseRegistrationNumber(input: string | null | undefined): ParsedRegistrationNumber {
  const text = (input ?? "").trim().toUpperCase();
  if (!text) return { kind: "empty" };
  const compact = text.replace(SEPARATORS, "");
  if (EA_NUMBER.test(compact)) return { kind: "ea", number: compact };
  // Scotland: WCR/R/1234567; older SCO/, SEA/, SNO/, SWE/, WCR/ + 6 digits; PCT-X-nnn collectors.
  const scot = /^(WCR\/R\/\d{7}|(?:SCO|SEA|SNO|SWE|WCR)\/\d{6}|PCT[A-Z]\d{3,})$/.exec(compact);
  if (scot)
    return {
      kind: "other",
      regulator: OTHER_REGULATORS.SEPA,
      number: scot[1].replace(/^PCT([A-Z])(\d+)$/, "PCT-$1-$2"),
    };
  // Northern Ireland: ROC UT 1234 / ROC LT 1234.
  const ni = /^ROC(UT|LT)(\d{1,7})$/.exec(compact);
  if (ni) return { kind: "other", regulator: OTHER_REGULATORS.NIEA, number: `ROC ${ni[1]} ${ni[2]}` };
  return { kind: "malformed", input: text };
}

/** Days before expiry from which a registration is shown as expiring ("Expires in N days"). */
export const EXPIRY_WARNING_DAYS = 60;

export type RegistrationState =
  /** On the register and in date; `daysLeft` counts to the expiry date (1 = expires tomorrow). */
  | { state: "valid"; until: string; daysLeft: number; expiringSoon: boolean }
  /** Lower tier: registrations do not expire. */
  | { state: "no-expiry" }
  /**
   * Upper tier (or tier not recorded) with no expiry date stored: it cannot be told valid, so it
   * is not in force (decision 0280). The import rejects such rows; this is an entry stored before.
   */
  | { state: "expiry-unknown" }
  | { state: "expired"; since: string }
  /** No longer on the register (a full sync did not list it). */
  | { state: "removed"; since: string | null };

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The words for the 'expiry-unknown' state (decision 0280). */
export const EXPIRY_UNKNOWN_TEXT = "Registration not confirmed — expiry date unknown";

/**
 * The registration's state today (UK time). A registration is valid while its expiry date is
 * later than today: one expiring today is expired (spec section 4). Lower tier ones never expire;
 * any other without an expiry date is 'expiry-unknown', not in force (decision 0280).
 */
export function registrationState(
  entry: {
    expiry_date: string | null;
    on_register?: boolean | null;
    removed_at?: Date | string | null;
    registration_tier?: string | null;
  },
  now: Date = new Date(),
): RegistrationState {
  if (entry.on_register === false) {
    const removed = entry.removed_at instanceof Date ? entry.removed_at.toISOString() : entry.removed_at;
    return { state: "removed", since: removed ? removed.slice(0, 10) : null };
  }
  if (entry.registration_tier === "LOWER") return { state: "no-expiry" };
  if (!entry.expiry_date) return { state: "expiry-unknown" };
  const today = ukToday(now);
  if (entry.expiry_date <= today) return { state: "expired", since: entry.expiry_date };
  const daysLeft = daysBetween(today, entry.expiry_date);
  return {
    state: "valid",
    until: entry.expiry_date,
    daysLeft,
    expiringSoon: daysLeft <= EXPIRY_WARNING_DAYS,
  };
}

/**
 * A registration that may be relied on today: valid or lower tier (which does not expire); not one
 * whose expiry date is unknown.
 */
export function isInForce(state: RegistrationState): boolean {
  return state.state === "valid" || state.state === "no-expiry";
}

/** "Expires in 12 days", "Expires in 1 day". */
export function expiresInText(daysLeft: number): string {
  return `Expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"}`;
}

/** Where a carrier renews its registration with the Environment Agency. */
export const RENEW_REGISTRATION_URL = "https://www.gov.uk/waste-carrier-or-broker-registration";

/** A carrier is e-mailed this many days before its registration expires (upper tier only). */
export const EXPIRY_REMINDER_DAYS = [60, 30, 7] as const;
export type ExpiryReminderDays = (typeof EXPIRY_REMINDER_DAYS)[number];

/**
 * The reminder due with `daysLeft` days to go: the nearest threshold not yet passed (29 days
 * left: the 30-day one, so a missed day still sends the right one), or null when more than 60
 * days are left or the registration has expired.
 */
export function expiryReminderDue(daysLeft: number): ExpiryReminderDays | null {
  if (daysLeft < 1) return null;
  const due = [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b).find((t) => daysLeft <= t);
  return due ?? null;
}
