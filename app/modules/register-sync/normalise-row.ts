/**
 * Turns one source row (canonical field names, source spelling) into a directory row, or into
 * a rejection reason. Pure: no I/O, so every rule is tested in isolation.
 */
import type { Selectable } from "kysely";
import { EA_NUMBER, parseRegistrationNumber } from "~/modules/directory/registration";
import type { RegisterColumns } from "~/platform/db/schema";
import { memo } from "~/platform/memo";
import {
  normaliseApplicantType,
  normaliseRegistrationType,
  normaliseTier,
  REGISTER_FIELDS,
  type RawRegisterRow,
} from "./register-fields";
import { FIELD_LABELS, FIELD_MAX_CHARS, formatCount } from "./register-limits";

/**
 * A registration as the sync stages it (register_staging's columns, but the line number and the
 * row's hash, which the staging writer adds: stage-register-rows.server.ts).
 */
export interface RegisterRow extends Selectable<RegisterColumns> {
  business_name: string;
  registration_tier: "UPPER" | "LOWER" | null;
}

export type NormaliseResult =
  { ok: true; row: RegisterRow } | { ok: false; reason: string; registrationNumber: string | null };

/**
 * The rejection of an upper tier row without an expiry date (decision 0280): such a registration
 * would otherwise be shown as valid for ever. The sync counts these to tell a source whose expiry
 * column is missing or renamed (run-register-sync.server.ts).
 */
export const MISSING_EXPIRY_REASON = "missing expiry date";

/** The number as the source wrote it, tidied for reports: trimmed, upper case, single spaces. */
export function normaliseRegistrationNumber(value: string | undefined): string {
  return (value ?? "").trim().toUpperCase().replace(/\s+/g, " ");
}

/**
 * The directory holds the Environment Agency's register (England and Wales): a row is imported
 * only with a well-formed England/Wales number (registration.ts, `kind === "ea"`), stored in its
 * canonical form ('cbdu-999 0001' -> 'CBDU9990001'). Anything else is rejected with the reason,
 * so nothing the directory calls "Valid" has a number the regulator never issued.
 */
function registerNumber(written: string): string {
  const parsed = parseRegistrationNumber(written);
  if (parsed.kind === "ea") return parsed.number;
  if (parsed.kind === "empty") throw new Reject("missing registration number");
  if (parsed.kind === "other") {
    throw new Reject(
      `malformed registration number ${quote(written)}: a ${parsed.regulator.nation} (${parsed.regulator.code}) number, not on the Environment Agency's register (England and Wales: CBDU or CBDL and digits)`,
    );
  }
  throw new Reject(
    `malformed registration number ${quote(written)} (expected CBDU or CBDL and at least 3 digits)`,
  );
}

const MESSY_SPACE = /\s\s|[^\S ]/;

function text(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (isTidy(value)) return value;
  let v = value.trim();
  if (MESSY_SPACE.test(v)) v = v.replace(/\s+/g, " ");
  return v === "" ? null : v;
}

/**
 * Printable ASCII with single spaces between words: nothing for `text` to trim or collapse. Most
 * values are; checking that with one pass over the characters is cheaper than trim and a regex.
 */
function isTidy(value: string): boolean {
  let space = true; // a leading space is not tidy
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32) {
      if (space) return false;
      space = true;
    } else if (c < 33 || c > 126) {
      return false;
    } else {
      space = false;
    }
  }
  return !space; // nor a trailing one
}

// Few distinct values (tiers, types, dates) repeat across rows: their results are remembered (memo).
const tierOf = memo(normaliseTier);
const typeOf = memo(normaliseRegistrationType);
const applicantOf = memo(normaliseApplicantType);

function quote(value: string): string {
  return value.length > 40 ? `'${value.slice(0, 40)}...'` : `'${value}'`;
}

class Reject extends Error {}

const dateOf = memo((v: string): string | Error => {
  try {
    return parseDateText(v, "\u0000");
  } catch (error) {
    return error as Error;
  }
});

/** 'YYYY-MM-DD' from YYYY-MM-DD, an ISO timestamp, or DD/MM/YYYY; a real calendar date. */
export function parseDate(value: string | undefined, label: string): string | null {
  if (value === undefined) return null;
  if (isIsoDate(value)) return value;
  const v = value.trim();
  if (v === "") return null;
  const result = dateOf(v);
  if (result instanceof Error) throw new Reject(result.message.replace("\u0000", label));
  return result;
}

/** 'YYYY-MM-DD', a real date from 1900 to 2200: already what parseDate returns (most dates are). */
function isIsoDate(v: string): boolean {
  if (v.length !== 10 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return false;
  const y = digits(v, 0, 4);
  const m = digits(v, 5, 7);
  const d = digits(v, 8, 10);
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[m - 1]);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by the ASCII digits v[from..to), or -1 when one is not a digit. */
function digits(v: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function parseDateText(v: string, label: string): string {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    throw new Reject(`malformed ${label} ${quote(v)} (expected YYYY-MM-DD)`);
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new Reject(`malformed ${label} ${quote(v)} (no such date)`);
  }
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function parseGrid(value: string | undefined, label: string, max: number): number | null {
  // Most are whole metres, written as digits only.
  if (value && value.length <= 9) {
    const whole = digits(value, 0, value.length); // -1: not digits only
    if (whole > max)
      throw new Reject(`${label} ${quote(value)} is outside Great Britain (0 to ${max} metres)`);
    if (whole >= 0) return whole;
  }
  const v = (value ?? "").trim();
  if (v === "") return null;
  if (!/^-?\d+(\.\d+)?$/.test(v)) throw new Reject(`bad number format for ${label} ${quote(v)}`);
  const n = Math.round(Number(v));
  if (n < 0 || n > max)
    throw new Reject(`${label} ${quote(v)} is outside Great Britain (0 to ${max} metres)`);
  return n;
}

function companyNumber(value: string | undefined): string | null {
  // Most are eight digits already: as they are (all zeros is no number).
  if (value !== undefined && value.length === 8) {
    const n = digits(value, 0, 8);
    if (n > 0) return value;
    if (n === 0) return null;
  }
  const v = (value ?? "").trim().toUpperCase().replace(/\s+/g, "");
  if (v === "" || /^0+$/.test(v)) return null;
  return /^\d{1,7}$/.test(v) ? v.padStart(8, "0") : v;
}

/** A UK postcode as `postcode` writes it: outward code, one space, inward code. */
const TIDY_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/;

function postcode(value: string | undefined): string | null {
  if (value !== undefined && TIDY_POSTCODE.test(value)) return value;
  const v = (value ?? "").trim().toUpperCase().replace(/\s+/g, "");
  if (v === "") return null;
  // Outward and inward codes separated by one space when the shape is a UK postcode.
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(v) ? `${v.slice(0, -3)} ${v.slice(-3)}` : v;
}

/**
 * A value over its field's cap (register-limits.ts) rejects the row before anything else looks at
 * it: such a value is no register data, and would break the directory's indexes (decision 0109).
 */
function checkLengths(raw: RawRegisterRow): void {
  if (!anyTooLong(raw)) return;
  for (const field of REGISTER_FIELDS) {
    const value = raw[field];
    if (value !== undefined && value.length > FIELD_MAX_CHARS[field]) {
      throw new Reject(
        `${FIELD_LABELS[field]} too long: ${formatCount(value.length)} characters (at most ${formatCount(FIELD_MAX_CHARS[field])})`,
      );
    }
  }
}

const CAP = FIELD_MAX_CHARS;

/**
 * Whether any field is over its cap, each field read by name: a loop over the field names (keyed
 * reads) cost a tenth of the import's reading time. Every field of REGISTER_FIELDS is here (the
 * caps test checks each one).
 */
function anyTooLong(r: RawRegisterRow): boolean {
  return (
    (r.registration_number?.length ?? 0) > CAP.registration_number ||
    (r.business_name?.length ?? 0) > CAP.business_name ||
    (r.uprn?.length ?? 0) > CAP.uprn ||
    (r.building?.length ?? 0) > CAP.building ||
    (r.address_line_1?.length ?? 0) > CAP.address_line_1 ||
    (r.address_line_2?.length ?? 0) > CAP.address_line_2 ||
    (r.address_line_3?.length ?? 0) > CAP.address_line_3 ||
    (r.address_line_4?.length ?? 0) > CAP.address_line_4 ||
    (r.town?.length ?? 0) > CAP.town ||
    (r.postcode?.length ?? 0) > CAP.postcode ||
    (r.country?.length ?? 0) > CAP.country ||
    (r.easting?.length ?? 0) > CAP.easting ||
    (r.northing?.length ?? 0) > CAP.northing ||
    (r.applicant_type?.length ?? 0) > CAP.applicant_type ||
    (r.registration_tier?.length ?? 0) > CAP.registration_tier ||
    (r.registration_type?.length ?? 0) > CAP.registration_type ||
    (r.registration_date?.length ?? 0) > CAP.registration_date ||
    (r.expiry_date?.length ?? 0) > CAP.expiry_date ||
    (r.company_number?.length ?? 0) > CAP.company_number
  );
}

export function normaliseRow(raw: RawRegisterRow): NormaliseResult {
  // Most numbers are written in their canonical form already ('CBDU1234').
  const written = raw.registration_number;
  const canonical = written !== undefined && EA_NUMBER.test(written);
  let registrationNumber = canonical ? written : normaliseRegistrationNumber(written);
  try {
    checkLengths(raw);
    if (!canonical) registrationNumber = registerNumber(registrationNumber);
    const businessName = text(raw.business_name);
    if (!businessName) throw new Reject("missing organisation name");

    const tierText = text(raw.registration_tier);
    let tier: "UPPER" | "LOWER" | null = null;
    if (tierText) {
      tier = tierOf(tierText) ?? null;
      if (!tier) throw new Reject(`unknown tier ${quote(tierText)} (expected UPPER or LOWER)`);
    } else if (registrationNumber.startsWith("CBDU")) {
      tier = "UPPER";
    } else if (registrationNumber.startsWith("CBDL")) {
      tier = "LOWER";
    }

    const typeText = text(raw.registration_type);
    let registrationType: string | null = null;
    if (typeText) {
      registrationType = typeOf(typeText) ?? null;
      if (!registrationType) throw new Reject(`unknown registration type ${quote(typeText)}`);
    } else if (tier === "LOWER") {
      registrationType = "carrier_broker_dealer";
    }

    const applicant = text(raw.applicant_type);
    const registrationDate = parseDate(raw.registration_date, "registration date");
    // Lower tier registrations never expire, whatever the source says.
    const expiryDate = tier === "LOWER" ? null : parseDate(raw.expiry_date, "expiry date");
    if (expiryDate === null && tier === "UPPER")
      throw new Reject(`${MISSING_EXPIRY_REASON}: an upper tier registration always has one`);

    const row: RegisterRow = {
      registration_number: registrationNumber,
      business_name: businessName,
      uprn: text(raw.uprn),
      building: text(raw.building),
      address_line_1: text(raw.address_line_1),
      address_line_2: text(raw.address_line_2),
      address_line_3: text(raw.address_line_3),
      address_line_4: text(raw.address_line_4),
      town: text(raw.town),
      postcode: postcode(raw.postcode),
      country: text(raw.country),
      easting: parseGrid(raw.easting, "easting", 700_000),
      northing: parseGrid(raw.northing, "northing", 1_300_000),
      applicant_type: applicant ? applicantOf(applicant) : null,
      registration_tier: tier,
      registration_type: registrationType,
      registration_date: registrationDate,
      expiry_date: expiryDate,
      company_number: companyNumber(raw.company_number),
    };
    return { ok: true, row };
  } catch (error) {
    if (error instanceof Reject) {
      const kept = registrationNumber.length <= FIELD_MAX_CHARS.registration_number ? registrationNumber : "";
      // A number the directory knows in its canonical form, so that a full sync keeps that
      // registration on the register (decision 0279): 'cbdu 999 0001' is CBDU9990001.
      const parsed = kept ? parseRegistrationNumber(kept) : null;
      const number = parsed?.kind === "ea" ? parsed.number : kept;
      return { ok: false, reason: error.message, registrationNumber: number || null };
    }
    throw error;
  }
}
