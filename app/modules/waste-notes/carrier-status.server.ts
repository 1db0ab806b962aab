/**
 * The carrier's registration on the public register, for a note: checked when the note is made
 * (and recorded with it) and again when the note is viewed. Numbers and states use the one
 * vocabulary of app/modules/directory/registration.ts.
 *
 * - An England/Wales number (CBDU/CBDL) is looked up in the directory's copy of the Environment
 *   Agency register: active (valid or lower tier), expired, removed or not found.
 * - A Scottish (SEPA) or Northern Irish (NIEA) number cannot be checked here (the directory does
 *   not hold those registers): 'not_checked', with the regulator named (decision 0705).
 */
import {
  isInForce,
  parseRegistrationNumber,
  registrationState,
  type OtherRegulator,
  type RegistrationState,
} from "~/modules/directory/registration";
import type { Database } from "~/platform/db/database.server";
import { CARRIER_STATUS_LABELS, type CarrierStatusValue } from "./register-check";

export type CarrierStatus = CarrierStatusValue;
export { CARRIER_STATUS_LABELS };

export type CarrierCheck =
  | { kind: "empty" }
  | { kind: "malformed"; input: string }
  /** Held by SEPA or NIEA: well formed, not checked. */
  | { kind: "other"; number: string; regulator: OtherRegulator; status: "not_checked" }
  | {
      kind: "ea";
      number: string;
      status: Exclude<CarrierStatus, "not_checked">;
      /** null when the number is not on the register. */
      state: RegistrationState | null;
      /** The expiry that applies: null for a lower tier (or undated) registration. */
      expiryDate: string | null;
    };

function toDay(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === "string" && value ? value.slice(0, 10) : null;
}

/** Checks a carrier licence as a person typed it (spaces, hyphens and case do not matter). */
export async function checkCarrierRegistration(
  db: Database,
  licence: string,
  now = new Date(),
): Promise<CarrierCheck> {
  const parsed = parseRegistrationNumber(licence);
  if (parsed.kind === "empty") return { kind: "empty" };
  if (parsed.kind === "malformed") return { kind: "malformed", input: parsed.input };
  if (parsed.kind === "other")
    return { kind: "other", number: parsed.number, regulator: parsed.regulator, status: "not_checked" };
  const row = await db
    .selectFrom("directory_entries")
    .select(["on_register", "removed_at", "expiry_date", "registration_tier"])
    .where("registration_key", "=", parsed.number)
    .orderBy("on_register", "desc")
    .executeTakeFirst();
  if (!row) return { kind: "ea", number: parsed.number, status: "not_found", state: null, expiryDate: null };
  const state = registrationState({ ...row, expiry_date: toDay(row.expiry_date) }, now);
  const status = isInForce(state) ? "active" : state.state === "removed" ? "removed" : "expired";
  // The expiry that applies (a lower tier registration's stored date does not).
  const expiryDate = state.state === "valid" ? state.until : state.state === "expired" ? state.since : null;
  return { kind: "ea", number: parsed.number, status, state, expiryDate };
}

/** The status alone (the view page's "now" line). */
export async function lookUpCarrierStatus(
  db: Database,
  licence: string,
  now = new Date(),
): Promise<CarrierStatus> {
  const check = await checkCarrierRegistration(db, licence, now);
  if (check.kind === "ea" || check.kind === "other") return check.status;
  return "not_found";
}
