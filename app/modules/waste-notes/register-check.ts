/**
 * What a note says about the carrier's registration as checked when the note was made (issue 14,
 * item 9), for the view page and the PDF: "Carrier registration CBDU123456 checked against the
 * Environment Agency register on 23 November 2026: valid until 5 March 2027, registered to AVON
 * SKIP HIRE LTD". The check is about the number; the note's carrier name is compared with the name
 * the register gives for it (decision 0273), and one that is not it is flagged in the same text, so
 * a borrowed number is not shown as "valid" beside another business's name. Pure.
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
  /** The carrier's name on the note. */
  carrier_company?: string;
  /** The register's name for the number when the note was made (migration 1072), or null. */
  carrier_register_name?: string | null;
}

export interface RegisterCheck {
  text: string;
  /** What was checked and found, without the register's name (the PDF puts it beside the number). */
  checked: string;
  /** Checked against the EA register, in force then, and the note's carrier name is the register's. */
  valid: boolean;
  /** The register's name for the number (recorded since migration 1072), else null. */
  registeredTo: string | null;
  /** The flag when the note's carrier name is not the register's name for the number, else null. */
  nameMismatch: string | null;
  /** Where a reader can look the number up (the other regulator's register when not checked). */
  lookUp: { label: string; url: string } | null;
}

export function describeRegisterCheck(note: RegisterCheckFields): RegisterCheck {
  const status = (note.carrier_status_at_creation ?? null) as CarrierStatusValue | null;
  const n = note.carrier_license;
  if (note.carrier_register === "SEPA" || note.carrier_register === "NIEA") {
    const regulator = OTHER_REGULATORS[note.carrier_register];
    return {
      ...sameText(
        `Carrier registration ${n} not checked: held by ${note.carrier_register} (${regulator.nation}). This directory holds the Environment Agency register only; check the number on the ${note.carrier_register} register.`,
      ),
      valid: false,
      registeredTo: null,
      nameMismatch: null,
      lookUp: { label: `${note.carrier_register} register of waste carriers`, url: regulator.registerUrl },
    };
  }
  if (note.carrier_register !== "EA" || !status) {
    // Notes made before the check was recorded in full (migration 1012).
    return {
      ...sameText(
        `Register check when the note was made: ${status ? CARRIER_STATUS_LABELS[status] : "Not checked"}`,
      ),
      valid: status === "active",
      registeredTo: null,
      nameMismatch: null,
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
  const registeredTo = note.carrier_register_name?.trim() || null;
  const nameMismatch =
    registeredTo &&
    note.carrier_company !== undefined &&
    !sameBusinessName(note.carrier_company, registeredTo)
      ? nameMismatchText(note.carrier_company, registeredTo, n)
      : null;
  const checked = `Carrier registration ${n} checked against the Environment Agency register on ${formatDate(new Date(note.created_at))}: ${outcome}`;
  return {
    text: [registeredTo ? `${checked}, registered to ${registeredTo}` : checked, nameMismatch]
      .filter(Boolean)
      .join(". "),
    checked,
    valid: status === "active" && nameMismatch === null,
    registeredTo,
    nameMismatch,
    lookUp: null,
  };
}

const sameText = (text: string) => ({ text, checked: text });

/** The flag beside a number whose register name is not the note's carrier name. */
export const nameMismatchText = (carrier: string, registered: string, number: string) =>
  `Name does not match: this note names the carrier "${carrier}", but the register gives ${number} to ${registered}. Check that they are the same business before relying on this note.`;

/** Words a business name may have or leave out without naming another business. */
const LEGAL_FORMS = new Set(["ltd", "limited", "plc", "llp", "lp", "cic", "inc"]);

/**
 * A name reduced to what tells businesses apart: case, accents, punctuation, spacing, "&" for
 * "and", a leading "The" and the legal form (Ltd, Limited, PLC, LLP) do not count.
 */
export function businessNameKey(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  if (words[0] === "the" && words.length > 1) words.shift();
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1])) words.pop();
  return words.join(" ");
}

/** A name's parts around "trading as" ("t/a"): a sole trader's own name and their trading name. */
function nameParts(name: string): string[] {
  return name
    .split(/\s+(?:t\/a|t\.a\.|trading as)\s+/i)
    .map(businessNameKey)
    .filter((part) => part !== "");
}

/**
 * Whether the note's carrier name and the register's name are one business (decision 0273): equal
 * once reduced by `businessNameKey`, either side's "trading as" parts counting on their own.
 */
export function sameBusinessName(onNote: string, onRegister: string): boolean {
  const register = new Set(nameParts(onRegister));
  return nameParts(onNote).some((part) => register.has(part));
}
