/**
 * The company dashboard's words for the registration's state (issue 14, items 5 and 7), from the
 * one vocabulary of app/modules/directory/registration.ts. Pure: safe to import from components.
 */
import { EXPIRY_UNKNOWN_TEXT, expiresInText, type RegistrationState } from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

export interface RegistrationSummary {
  /** "Valid until 5 March 2027", "Expires in 12 days", "Expired since 1 October 2026", ... */
  label: string;
  /** A second line, e.g. the date behind "Expires in 12 days". */
  detail: string | null;
  tone: "green" | "amber" | "red";
  /** Shown as a warning or an error at the top of the dashboard. */
  alert: "expiring" | "expired" | "removed" | null;
  /** Notes may be issued under it. */
  inForce: boolean;
}

export function summariseRegistration(state: RegistrationState, tier: string | null): RegistrationSummary {
  switch (state.state) {
    case "valid":
      return state.expiringSoon
        ? {
            label: expiresInText(state.daysLeft),
            detail: `Valid until ${formatDate(state.until)}`,
            tone: "amber",
            alert: "expiring",
            inForce: true,
          }
        : {
            label: `Valid until ${formatDate(state.until)}`,
            detail: null,
            tone: "green",
            alert: null,
            inForce: true,
          };
    case "no-expiry":
      return tier === "LOWER"
        ? {
            label: "Valid (lower tier: does not expire)",
            detail: null,
            tone: "green",
            alert: null,
            inForce: true,
          }
        : {
            label: "Valid (no expiry date on the register)",
            detail: null,
            tone: "green",
            alert: null,
            inForce: true,
          };
    case "expiry-unknown":
      return {
        label: EXPIRY_UNKNOWN_TEXT,
        detail:
          "The register shows no expiry date for this upper tier registration: check it on the public register.",
        tone: "amber",
        alert: null,
        inForce: false,
      };
    case "expired":
      return {
        label: `Expired since ${formatDate(state.since)}`,
        detail: null,
        tone: "red",
        alert: "expired",
        inForce: false,
      };
    case "removed":
      return {
        label: "Removed from the public register",
        detail: state.since ? `Since ${formatDate(state.since)}` : null,
        tone: "red",
        alert: "removed",
        inForce: false,
      };
  }
}

/** The Account Status line: 'Active' only when the listing is approved, not suspended and the registration is in force. */
export function accountStatus(input: {
  verified: boolean;
  suspended: boolean;
  registration: RegistrationSummary;
}): string {
  if (!input.verified) return "Pending approval";
  if (input.suspended) return "Suspended";
  if (input.registration.alert === "expired") return "Registration expired";
  if (input.registration.alert === "removed") return "Registration not on the public register";
  return "Active";
}
