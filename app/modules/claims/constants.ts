/** The claim journey's options, prices and texts (spec: public-side §3, §5, §8, §9; signed-in §8). */

import { SERVICE_TYPES } from "~/modules/directory/constants";
import type { RegistrationState } from "~/modules/directory/registration";
import { formatDate, formatDateTime } from "~/platform/dates";
import type { OtherListing } from "./other-listing.server";

/** The spec's predefined service types, the ones the search filters by (custom ones can be added). */
export const PREDEFINED_SERVICES = SERVICE_TYPES;

export const PLANS = ["standard", "premium"] as const;
export const PERIODS = ["monthly", "yearly"] as const;
export type Plan = (typeof PLANS)[number];
export type Period = (typeof PERIODS)[number];

export const STANDARD_NOTES_PER_MONTH = 20;
export const PREMIUM_PRICE = { monthly: "£200", yearly: "£1999" } as const;
export const PREMIUM_YEARLY_SAVING = "Save £400.00";
export const FREE_TRIAL_MONTHS = 3;
export const MIN_PASSWORD = 6;
export const MAX_SERVICES = 30;
export const MAX_AREAS = 50;

export const WIZARD_STEPS = ["Verify Business", "Add Details", "Choose Plan", "Complete"] as const;

export const CLAIM_TEXT = {
  // Claim finder
  enterNumber: "Please enter a registration number",
  enterName: "Please enter a business name",
  numberValid: "This registration number is valid. You can claim your business listing.",
  numberNotFound: "We couldn't find this registration number in our database",
  numberNotFoundAdvice: "Please double-check the number, or search by business name instead.",
  checkFailed: "Failed to check registration number",
  searchFailed: "Failed to search for businesses",
  // Wizard
  loadFailed: "Could not load provider details",
  missingInfo: "Missing required information",
  signUpFailed: "Sign up failed",
  submitFailed: "Failed to submit claim",
  noNumber: "No registration number provided",
  notFound: "Provider not found",
  alreadyClaimed: "This business has already been claimed",
  pendingClaim:
    "This business already has a pending claim request. Please wait for approval or contact support.",
  otherListing: (registrationNumber: string) =>
    `Your account already manages or has claimed another listing (${registrationNumber}); an account manages one listing. To claim this business as well, sign out and claim it with another email address, or contact support.`,
  passwordShort: "Invalid password: Password must be at least 6 characters.",
  passwordMismatch: "Password mismatch: Passwords do not match.",
  businessEmailHint: "Use a business email address (for example you@yourcompany.co.uk), not a personal one.",
  checkEmailTitle: "Check your email",
  checkEmail: "We sent a confirmation link to verify your email before first login.",
  accountCreatedTitle: "Account created",
  accountCreated: "Redirecting to your dashboard...",
  reviewTime: "Claim review takes 1 to 2 business days.",
  // Registrations not in force (issue 14, item 10; decision 0506)
  expiredTitle: "This registration has expired",
  expired: (since: string) =>
    `The registration expired on ${since}. Only a registration that is in force can be claimed: renew it with the Environment Agency, then claim your listing once the public register shows the renewal.`,
  removedTitle: "This registration is no longer on the register",
  removed:
    "It has been removed from the public register, so its listing cannot be claimed. If your business has registered again, claim the listing of its new registration number.",
  // Sign-ups per network (issue 14, item 21; decision 0508)
  signUpLimitTitle: "Too many sign-ups from your network",
  signUpLimited: (when: string) => `Too many sign-up attempts from your network. You can try again ${when}.`,
  signUpLimitAccount: "Already have an account? Sign in and claim with it: no new account is needed.",
  // Admin
  loadClaimsFailed: "Failed to load claim requests",
  loadClaimFailed: "Failed to load claim details",
  approveFailed: "Failed to approve claim",
  rejectFailed: "Failed to reject claim",
  approved: "Claim approved successfully",
  partial: "Partial Success: Directory data was updated but user account creation may have failed.",
  rejected: "Claim rejected successfully",
  warnAccountProblem:
    "There was a problem creating user account, but we'll continue with the directory update.",
  warnAccountFailed: "User account creation failed, but directory data will still be updated.",
  warnListingIssue: "There was an issue updating the directory listing",
  warnNoEntry: "No directory entry was updated - check registration number",
  warnDirectoryError: "There was an error updating directory data",
  loadListingsFailed: "Failed to load claimed listings",
  // One listing per account (decision 0254): the claim review's warning, and the approval's refusal.
  accountHasListing: (other: OtherListing) =>
    `This account already ${otherListingPhrase(other)}. One account manages one listing: ${
      other.verified
        ? "reject this claim or move the other listing first."
        : "reject one of the two claims first."
    }`,
  /** Add Provider and the owner change: the address typed is an account's that has another listing. */
  addressHasListing: (other: OtherListing) =>
    `That account already ${otherListingPhrase(other)}; an account manages one listing`,
  // A registration no longer in force (decision 0263): the claim review's warning, and the approval's refusal.
  notInForceTitle: "Registration not in force",
  notInForce: (registrationNumber: string, r: RegistrationState) =>
    r.state === "expired"
      ? `The registration ${registrationNumber} expired on ${formatDate(r.since)}. Only a claim whose registration is in force can be approved: reject this claim, or approve it once the public register shows the renewal.`
      : `The registration ${registrationNumber} is no longer on the public register${r.state === "removed" && r.since ? ` (removed on ${formatDate(r.since)})` : ""}. Only a claim whose registration is in force can be approved: reject this claim.`,
  // The owner's draft that approval publishes (decision 0268): the review's section, and the refusal
  // of an approval sent from a page that showed another draft.
  draftTitle: "Draft edits that approval will publish",
  draftIntro: (savedAt: string | null) =>
    `While this claim was pending, the claimant edited their listing on their dashboard${savedAt ? ` (last saved ${formatDateTime(savedAt, "short")})` : ""}. Approving publishes these edits on the public profile in place of the claim's details.`,
  draftSame: "The saved edits are the same as the claim's details: approving publishes nothing more.",
  draftChanged:
    "The claimant changed their draft edits after you opened this claim. Look at the edits shown now, then approve again if they are fine. Nothing was changed.",
} as const;

/** What an account's other listing is to it: "manages NAME (NUMBER)" or "has a pending claim for …". */
export function otherListingPhrase(other: OtherListing): string {
  return `${other.verified ? "manages" : "has a pending claim for"} ${other.businessName} (${other.registrationNumber})`;
}

export function planLabel(plan: Plan): string {
  return plan === "premium" ? "Premium" : "Standard";
}

export function periodLabel(period: Period): string {
  return period === "yearly" ? "Yearly" : "Monthly";
}

/** 'a, b ,, c' -> ['a', 'b', 'c'] (trimmed, blanks and repeats dropped). */
export function splitAreas(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(",")) {
    const area = raw.replace(/\s+/g, " ").trim();
    if (!area || seen.has(area.toLowerCase())) continue;
    seen.add(area.toLowerCase());
    out.push(area);
  }
  return out;
}

/** Services trimmed, blanks and repeats (case-insensitive) ignored, in the order given. */
export function cleanServices(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const s = raw.replace(/\s+/g, " ").trim();
    if (!s || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
  }
  return out;
}

/** Adds `months` calendar months (clamped to the month's last day, like 31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
