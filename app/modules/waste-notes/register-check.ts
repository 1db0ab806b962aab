/**
 * What a note says about the carrier's registration as checked when the note was made (issue 14,
 * item 9), for the view page and the PDF: "Carrier registration CBDU123456 checked against the
 * Environment Agency register on 23 November 2026: valid until 5 March 2027". Pure.
 */
import { OTHER_REGULATORS } from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

export type CarrierStatusValue = "active" | "expired" | "removed" | "not_found" | "not_checked";

export const CARRIER_STATUS_LABELS: Record<CarrierStatusValue, string> = {
  active: "Registered (active on the public register)",
  expired: "Registration expired",
  removed: "No longer on the public register",
  not_found: "Not found on the public register",
  not_checked: "Not checked (held by another UK register)",
};

export interface RegisterCheckFields {
  carrier_license: string;
  carrier_register: "EA" | "SEPA" | "NIEA" | null;
  carrier_status_at_creation: string | null;
  carrier_expiry_at_creation: string | null;
  created_at: Date | string;
}

export interface RegisterCheck {
  text: string;
  /** Checked against the EA register and in force then. */
  valid: boolean;
  /** Where a reader can look the number up (the other regulator's register when not checked). */
  lookUp: { label: string; url: string } | null;
}

export function describeRegisterCheck(note: RegisterCheckFields): RegisterCheck {
  const status = (note.carrier_status_at_creation ?? null) as CarrierStatusValue | null;
  const n = note.carrier_license;
  if (note.carrier_register === "SEPA" || note.carrier_register === "NIEA") {
    const regulator = OTHER_REGULATORS[note.carrier_register];
    return {
      text: `Carrier registration ${n} not checked: held by ${note.carrier_register} (${regulator.nation}). This directory holds the Environment Agency register only; check the number on the ${note.carrier_register} register.`,
      valid: false,
      lookUp: { label: `${note.carrier_register} register of waste carriers`, url: regulator.registerUrl },
    };
  }
  if (note.carrier_register !== "EA" || !status) {
    // Notes made before the check was recorded in full (migration 1012).
    return {
      text: `Register check when the note was made: ${status ? CARRIER_STATUS_LABELS[status] : "Not checked"}`,
      valid: status === "active",
      lookUp: null,
    };
  }
  const expiry = note.carrier_expiry_at_creation;
  const outcome =
    status === "active"
      ? expiry
        ? `valid until ${formatDate(expiry)}`
        : "valid (no expiry date: lower tier registrations do not expire)"
      : status === "expired"
        ? expiry
          ? `expired on ${formatDate(expiry)}`
          : "expired"
        : status === "removed"
          ? "no longer on the register"
          : "not on the register";
  return {
    text: `Carrier registration ${n} checked against the Environment Agency register on ${formatDate(new Date(note.created_at))}: ${outcome}`,
    valid: status === "active",
    lookUp: null,
  };
}
