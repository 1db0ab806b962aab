/**
 * Who may write waste notes in the company area (issue 14): only the owner of an approved
 * (verified), not suspended listing, whose registration is in force (valid, or lower tier which
 * does not expire), within the plan's monthly allowance. One pure rule, used by the form's loader
 * (to show why instead of the form) and by createWasteNote inside its transaction (to refuse).
 * Pure: safe to import from components.
 */
import { OFFICIAL } from "~/content/links";
import type { RegistrationState } from "~/modules/directory/registration";
import { STANDARD_MONTHLY_NOTES } from "./constants";
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
} as const;

export type NoteRefusalReason = "no_listing" | "pending" | "suspended" | "expired" | "removed" | "plan_limit";

export interface NoteRefusal {
  reason: NoteRefusalReason;
  title: string;
  message: string;
  /** A second line, when there is more to say. */
  detail?: string;
  /** What to do next. */
  link?: { label: string; href: string; external?: boolean };
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
