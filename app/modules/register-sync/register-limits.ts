/**
 * What a register source may hold (decision 0109): one place for every cap the importer applies
 * to a file it did not write. A value over its cap rejects that row, reported by line; a record
 * over the record cap is skipped without being held in memory; a source over the size or
 * compression caps is refused as a whole (SourceError).
 *
 * Lengths are JavaScript string lengths (UTF-16 code units): one unit is at most 3 bytes of
 * UTF-8, so the caps also bound the bytes PostgreSQL stores. The B-tree indexes on
 * directory_entries hold business_name with town_key or postcode_key and the registration number
 * (migration 0201); a B-tree entry may not exceed 2,704 bytes. With these caps the largest such
 * entry is about 1,500 + 300 + 40 bytes, so no valid row can fail the merge.
 */
import type { RegisterField } from "./register-fields";

/** A record (one CSV row, quoted line breaks included; one JSON item) longer than this is skipped. */
export const MAX_RECORD_CHARS = 64 * 1024;

/** Longest value kept per register field (characters, before trimming). */
export const FIELD_MAX_CHARS: Readonly<Record<RegisterField, number>> = {
  registration_number: 60,
  business_name: 500,
  uprn: 20,
  building: 300,
  address_line_1: 300,
  address_line_2: 300,
  address_line_3: 300,
  address_line_4: 300,
  town: 100,
  postcode: 20,
  country: 60,
  easting: 20,
  northing: 20,
  applicant_type: 60,
  registration_tier: 30,
  registration_type: 60,
  registration_date: 40,
  expiry_date: 40,
  company_number: 20,
};

/** How rejections name the fields. */
export const FIELD_LABELS: Readonly<Record<RegisterField, string>> = {
  registration_number: "registration number",
  business_name: "organisation name",
  uprn: "UPRN",
  building: "building",
  address_line_1: "address line 1",
  address_line_2: "address line 2",
  address_line_3: "address line 3",
  address_line_4: "address line 4",
  town: "town",
  postcode: "postcode",
  country: "country",
  easting: "easting",
  northing: "northing",
  applicant_type: "applicant type",
  registration_tier: "registration tier",
  registration_type: "registration type",
  registration_date: "registration date",
  expiry_date: "expiry date",
  company_number: "company number",
};

/** Largest source: bytes of CSV or JSON read (after decompression), and size of a downloaded ZIP. */
export const MAX_SOURCE_BYTES = 2 * 1024 ** 3;

/** A ZIP entry compressed more than this (uncompressed : compressed) is taken for a zip bomb... */
export const MAX_COMPRESSION_RATIO = 200;
/** ...when it is larger than this once uncompressed (small, very regular files are harmless). */
export const RATIO_CHECKED_ABOVE_BYTES = 16 * 1024 * 1024;

export interface SourceLimits {
  maxBytes: number;
  maxRatio: number;
  ratioCheckedAbove: number;
}

export const SOURCE_LIMITS: Readonly<SourceLimits> = {
  maxBytes: MAX_SOURCE_BYTES,
  maxRatio: MAX_COMPRESSION_RATIO,
  ratioCheckedAbove: RATIO_CHECKED_ABOVE_BYTES,
};

/** "65,536" */
export function formatCount(n: number): string {
  return n.toLocaleString("en-GB");
}

/** "2 GiB", "16 MiB", "512 KiB", "900 bytes" */
export function formatBytes(n: number): string {
  const units = [
    [1024 ** 3, "GiB"],
    [1024 ** 2, "MiB"],
    [1024, "KiB"],
  ] as const;
  for (const [size, unit] of units) {
    if (n >= size) {
      const v = n / size;
      return `${Number.isInteger(v) ? v : v.toFixed(1)} ${unit}`;
    }
  }
  return `${n} bytes`;
}

/** The rejection for a record (a CSV record, a JSON item) over MAX_RECORD_CHARS. */
export function recordTooLongReason(note = "", what = "record"): string {
  return `${what} too long: over ${formatCount(MAX_RECORD_CHARS)} characters (skipped without being read${note})`;
}
