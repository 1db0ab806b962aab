/**
 * Who may write waste notes in the company area (issue 14): only the owner of an approved
 * (verified), not suspended listing, whose registration is in force (valid, or lower tier which
 * does not expire), within the plan's monthly allowance. One pure rule, used by the form's loader
 * (to show why instead of the form) and by createWasteNote inside its transaction (to refuse).
 * Pure: safe to import from components.
 */
import { OFFICIAL } from "~/content/links";
import type { RegistrationState } from "~/modules/directory/registration";
import { CONSIGNMENT_CODE_PATTERNS, ITEM_MESSAGES, STANDARD_MONTHLY_NOTES } from "./constants";
import { formatDate } from "~/platform/dates";

/** Where a carrier in England renews (or registers again). */
export const RENEW_URL = OFFICIAL.registerAsCarrier.href;
export const UPGRADE_PATH = "/company/upgrade";

export const PLAN_LIMIT_MESSAGE =
  `Your Standard plan includes ${STANDARD_MONTHLY_NOTES} waste notes per calendar month and you have used them all. ` +
  "Upgrade to Premium for unlimited waste notes, or wait until the 1st of next month.";

export const NOTE_RULE_TEXT = {
  pending: "Your claim is awaiting approval: you can write waste notes once it is approved",
  suspended:
    "Your listing is suspended: you cannot write waste notes while it is suspended. Please contact us to find out why and what to do.",
  noListing: "There is no business listing linked to your account.",
  notCurrent:
    "This note has already been corrected or voided, or is not one of your notes: only the current version of your own note can be corrected.",
} as const;

/** A correction's refusal when the note it corrects is not the company's current version. */
export const NOT_CURRENT_REFUSAL: NoteRefusal = {
  reason: "not_current",
  title: "Note cannot be corrected",
  message: NOTE_RULE_TEXT.notCurrent,
};

export type NoteRefusalReason =
  | "no_listing"
  | "pending"
  | "suspended"
  | "expired"
  | "removed"
  | "plan_limit"
  | "not_current"
  /** A correction's limits (correction-rules.ts, decision 0272). */
  | "correction_parties"
  | "correction_date"
  | "correction_limit"
  | "correction_transfers"
  /** The listing's customer e-mails of the day are used up (customer-email-limit.server.ts). */
  | "customer_email_limit";

export interface NoteRefusal {
  reason: NoteRefusalReason;
  title: string;
  message: string;
  /** A second line, when there is more to say. */
  detail?: string;
  /** What to do next. */
  link?: { label: string; href: string; external?: boolean };
  /** The form's fields to put right, each with its message (a refusal the carrier can fix on the form). */
  fields?: Partial<Record<string, string>>;
}

const renew = { label: "Renew with the Environment Agency", href: RENEW_URL, external: true } as const;

export function noteRefusal(input: {
  verified: boolean;
  suspended: boolean;
  registrationNumber: string;
  registration: RegistrationState;
  /** null: not counted (the other rules refused first). */
  usage: { allowed: boolean } | null;
}): NoteRefusal | null {
  if (!input.verified) {
    return {
      reason: "pending",
      title: "Awaiting approval",
      message: NOTE_RULE_TEXT.pending,
      detail:
        "Claim review takes 1 to 2 business days. Meanwhile you can edit your listing on your dashboard; your changes are published when it is approved.",
    };
  }
  if (input.suspended) {
    return {
      reason: "suspended",
      title: "Listing suspended",
      message: NOTE_RULE_TEXT.suspended,
      link: { label: "Contact us", href: "/contact" },
    };
  }
  const reg = input.registration;
  if (reg.state === "expired") {
    return {
      reason: "expired",
      title: "Registration expired",
      message:
        `Your registration ${input.registrationNumber} expired on ${formatDate(reg.since)}: you cannot issue new waste notes under an expired registration. ` +
        "Renew with the Environment Agency; you can write notes again as soon as the register shows the renewal.",
      link: renew,
    };
  }
  if (reg.state === "removed") {
    return {
      reason: "removed",
      title: "Registration not on the public register",
      message:
        `Your registration ${input.registrationNumber} is no longer on the Environment Agency public register, so you cannot issue new waste notes under it. ` +
        "If you have renewed or registered again, you can write notes as soon as the register shows it; otherwise renew with the Environment Agency.",
      link: renew,
    };
  }
  if (input.usage && !input.usage.allowed) {
    return {
      reason: "plan_limit",
      title: "Monthly limit reached",
      message: PLAN_LIMIT_MESSAGE,
      link: { label: "Upgrade to Premium", href: UPGRADE_PATH },
    };
  }
  return null;
}

/** A consignment code as typed ("abcdef/12345 ", "sa 1234567"), upper case and without spaces. */
export function normaliseConsignmentCode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** True for an England and Wales, Scottish or Northern Irish consignment code (normalised). */
export function isConsignmentCode(code: string): boolean {
  return CONSIGNMENT_CODE_PATTERNS.some((p) => p.test(code));
}

/** The day `months` calendar months after a 'YYYY-MM-DD' day (29 February + 12 months: 28 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * Why a season ticket's last day is refused, or null: it must be a real date, not before the
 * collection day, at most 12 months after it, and the waste must not be hazardous (the law allows
 * season tickets for non-hazardous waste only).
 */
export function seasonTicketProblem(
  until: string,
  collectionDay: string | null,
  hazardous: boolean,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || addMonths(until, 0) !== until) return ITEM_MESSAGES.seasonDate;
  if (hazardous) return ITEM_MESSAGES.seasonHazardous;
  if (collectionDay === null) return null; // the collection date's own error says what to fix
  if (until < collectionDay) return ITEM_MESSAGES.seasonBefore;
  if (until > addMonths(collectionDay, 12)) return ITEM_MESSAGES.seasonTooLong;
  return null;
}
