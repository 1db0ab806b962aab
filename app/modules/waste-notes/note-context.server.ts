/**
 * The checks of a note's form that need the database and the clock (submit-note.server.ts runs them
 * with the form's own, so the person sees every problem at once):
 *
 * - the public generator's carrier licence, against the register (decision 0705);
 * - the collection date: not after today, not more than 2 years ago, before the registration's
 *   expiry, and a season ticket ending before it (collection-date.ts, decision 0273);
 * - a company's customer e-mail is not the business's own (decision 0274).
 *
 * The carrier's name is not refused here: the note records the register's name for the number and
 * flags a name that is not it (register-check.ts, decision 0273).
 */
import type { Database } from "~/platform/db/database.server";
import { formatDate, londonLocalToDate } from "~/platform/dates";
import { normaliseEmail } from "~/platform/email-address";
import { checkCarrierRegistration, type CarrierCheck } from "./carrier-status.server";
import { collectionDateProblem, seasonTicketExpiryProblem } from "./collection-date";
import type { NoteOwner } from "./create-note.server";
import { isBusinessOwnAddress, OWN_ADDRESS_MESSAGE } from "./own-address.server";
import type { FieldErrors } from "./validate-note.server";

export const CARRIER_LICENCE_MESSAGES = {
  malformed:
    "Enter the carrier's registration number as it is on their certificate, e.g. CBDU123456 (England and Wales), WCR/R/1234567 (Scotland) or ROC UT 1234 (Northern Ireland)",
  notFound: (n: string) =>
    `${n} is not on the Environment Agency public register. Check the number on the carrier's registration certificate: a waste note must name a registered carrier.`,
  expired: (n: string, day: string) =>
    `The registration ${n} expired on ${day}: a waste note cannot name a carrier whose registration has expired. Ask the carrier to renew it, or use a registered carrier.`,
  removed: (n: string) =>
    `${n} is no longer on the Environment Agency public register: a waste note cannot name it. Check the number with the carrier.`,
} as const;

/** The field message for a carrier licence the register does not back, or null when it may be used. */
export function carrierLicenceProblem(check: CarrierCheck): string | null {
  switch (check.kind) {
    case "empty":
      return null; // 'Required' comes from the validator
    case "malformed":
      return CARRIER_LICENCE_MESSAGES.malformed;
    case "other":
      return null; // accepted, the note says it was not checked (decision 0705)
    case "ea":
      if (check.status === "active") return null;
      if (check.status === "not_found") return CARRIER_LICENCE_MESSAGES.notFound(check.number);
      if (check.status === "removed") return CARRIER_LICENCE_MESSAGES.removed(check.number);
      return CARRIER_LICENCE_MESSAGES.expired(
        check.number,
        check.state?.state === "expired" ? formatDate(check.state.since) : "",
      );
  }
}

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** A company's customer e-mail is not the business's own (decision 0274). */
async function companyErrors(
  db: Database,
  form: FormData,
  owner: NoteOwner,
  add: (name: string, message: string) => void,
): Promise<void> {
  const email = normaliseEmail(field(form, "customerEmail"));
  if (email !== "" && (await isBusinessOwnAddress(db, owner.registrationNumber, email)))
    add("customerEmail", OWN_ADDRESS_MESSAGE);
}

/**
 * The form's problems that need the register, the clock or the company's addresses, as field errors
 * (none on a field the form's own validation already faults).
 */
export async function noteContextErrors(
  db: Database,
  form: FormData,
  options: { owner?: NoteOwner; now: Date; faulted: FieldErrors },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (name: string, message: string) => {
    if (!options.faulted[name]) (errors[name] ??= []).push(message);
  };
  const licence = options.owner?.registrationNumber ?? field(form, "carrierLicense");
  const check = await checkCarrierRegistration(db, licence, options.now);
  if (!options.owner) {
    const problem = carrierLicenceProblem(check);
    if (problem) add("carrierLicense", problem);
  }
  const registration = check.kind === "ea" ? { number: check.number, expiry: check.expiryDate } : null;
  const collected = londonLocalToDate(field(form, "collectionDateTime"));
  const dateProblem = collected && collectionDateProblem(collected, options.now, registration);
  if (dateProblem) add("collectionDateTime", dateProblem);
  const seasonProblem = seasonTicketExpiryProblem(field(form, "seasonTicketUntil") || null, registration);
  if (seasonProblem) add("seasonTicketUntil", seasonProblem);
  if (options.owner) await companyErrors(db, form, options.owner, add);
  return errors;
}
