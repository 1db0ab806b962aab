/**
 * Turns one source row (canonical field names, source spelling) into a directory row, or into
 * a rejection reason. Pure: no I/O, so every rule is tested in isolation.
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { parseRegistrationNumber } from "~/modules/directory/registration";
import type { RegisterColumns } from "~/platform/db/schema";
import {
  normaliseApplicantType,
  normaliseRegistrationType,
  normaliseTier,
  REGISTER_FIELDS,
  type RawRegisterRow,
} from "./register-fields";
import { FIELD_LABELS, FIELD_MAX_CHARS, formatCount } from "./register-limits";

/** A registration as the sync stages it (register_staging's columns, the line number aside). */
export interface RegisterRow extends Selectable<RegisterColumns> {
  business_name: string;
  registration_tier: "UPPER" | "LOWER" | null;
  /** Hash of every other field: equal hashes mean an unchanged registration. */
  row_hash: string;
}

export type NormaliseResult =
  { ok: true; row: RegisterRow } | { ok: false; reason: string; registrationNumber: string | null };

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
  if (value === undefined) return null;
  let v = value.trim();
  if (MESSY_SPACE.test(v)) v = v.replace(/\s+/g, " ");
  return v === "" ? null : v;
}

/** Few distinct values (tiers, types, dates) repeat across rows: remember their result. */
function memo<T>(fn: (value: string) => T, limit = 20_000): (value: string) => T {
  const cache = new Map<string, T>();
  return (value) => {
    let result = cache.get(value);
    if (result === undefined && !cache.has(value)) {
      result = fn(value);
      if (cache.size >= limit) cache.clear();
      cache.set(value, result);
    }
    return result as T;
  };
}

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
  const v = (value ?? "").trim();
  if (v === "") return null;
  const result = dateOf(v);
  if (result instanceof Error) throw new Reject(result.message.replace("\u0000", label));
  return result;
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
  const v = (value ?? "").trim();
  if (v === "") return null;
  if (!/^-?\d+(\.\d+)?$/.test(v)) throw new Reject(`bad number format for ${label} ${quote(v)}`);
  const n = Math.round(Number(v));
  if (n < 0 || n > max)
    throw new Reject(`${label} ${quote(v)} is outside Great Britain (0 to ${max} metres)`);
  return n;
}

function companyNumber(value: string | undefined): string | null {
  const v = (value ?? "").trim().toUpperCase().replace(/\s+/g, "");
  if (v === "" || /^0+$/.test(v)) return null;
  return /^\d{1,7}$/.test(v) ? v.padStart(8, "0") : v;
}

function postcode(value: string | undefined): string | null {
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
  for (const field of REGISTER_FIELDS) {
    const value = raw[field];
    if (value !== undefined && value.length > FIELD_MAX_CHARS[field]) {
      throw new Reject(
        `${FIELD_LABELS[field]} too long: ${formatCount(value.length)} characters (at most ${formatCount(FIELD_MAX_CHARS[field])})`,
      );
    }
  }
}

export function normaliseRow(raw: RawRegisterRow): NormaliseResult {
  let registrationNumber = normaliseRegistrationNumber(raw.registration_number);
  try {
    checkLengths(raw);
    registrationNumber = registerNumber(registrationNumber);
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
      row_hash: "",
    };
    row.row_hash = hashRow(row);
    return { ok: true, row };
  } catch (error) {
    if (error instanceof Reject) {
      const kept = registrationNumber.length <= FIELD_MAX_CHARS.registration_number ? registrationNumber : "";
      return { ok: false, reason: error.message, registrationNumber: kept || null };
    }
    throw error;
  }
}

/**
 * The hashed fields: every register field, in REGISTER_FIELDS' order (reordering that list
 * changes every hash, and the next sync rewrites every row once).
 */
const HASHED = REGISTER_FIELDS satisfies readonly Exclude<keyof RegisterRow, "row_hash">[];

function hashRow(row: RegisterRow): string {
  let text = "";
  for (const key of HASHED) {
    const value = row[key];
    text += (value === null ? "\u0000" : String(value)) + "\u001f";
  }
  return crypto.hash("md5", text, "base64");
}
