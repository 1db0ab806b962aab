/**
 * The European Waste Catalogue (List of Wastes): 20 chapters, 111 sub-chapters and 842 codes,
 * copied from reference/ewc-codes.csv into ./data. Hazardous entries carry "*".
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "~/platform/paths.server";
import { EWC_SYNONYMS } from "./ewc-synonyms";

export interface EwcEntry {
  /** As written in the List of Wastes: "17 01 07", "17 05 03*", "17 01" (sub-chapter), "17" (chapter). */
  code: string;
  description: string;
  kind: "chapter" | "sub-chapter" | "code";
  /** Two-digit chapter this entry belongs to. */
  chapter: string;
  hazardous: boolean;
  /** "Absolute hazardous", "Mirror non-hazardous"... (empty for chapters and sub-chapters). */
  entryType: string;
}

export interface EwcCatalogue {
  entries: EwcEntry[];
  chapters: EwcEntry[];
  codes: EwcEntry[];
  /** Codes by their six digits ("170503"). */
  byDigits: Map<string, EwcEntry>;
  /** The CSV served as /EWCCodes.csv: Code, Description, Hazardous, EntryType (chapters, sub-chapters, codes). */
  csv: string;
}

export function ewcDataFile(name = "ewc-codes.csv"): string {
  return path.join(projectRoot(), "app", "modules", "waste-notes", "data", name);
}

export function parseEwcCsv(text: string): EwcCatalogue {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<
    string,
    string
  >[];
  const entries: EwcEntry[] = [];
  for (const row of rows) {
    const code = (row.Code ?? "").trim();
    const description = (row.Description ?? "").trim();
    const type = (row.EntryType ?? "").trim();
    if (!code || !description)
      throw new Error(`EWC list: a row lacks a code or description (${JSON.stringify(row)})`);
    const digits = code.replace(/[^0-9]/g, "");
    const kind = digits.length === 2 ? "chapter" : digits.length === 4 ? "sub-chapter" : "code";
    if (kind === "code" && !/^\d{2} \d{2} \d{2}\*?$/.test(code))
      throw new Error(`EWC list: bad code ${code}`);
    entries.push({
      code,
      description,
      kind,
      chapter: digits.slice(0, 2),
      hazardous: kind === "code" && code.endsWith("*"),
      entryType: kind === "code" ? type : "",
    });
  }
  const byDigits = new Map<string, EwcEntry>();
  const chapters = new Map<string, EwcEntry>();
  for (const e of entries) {
    if (e.kind === "code") byDigits.set(e.code.replace(/[^0-9]/g, ""), e);
    if (e.kind === "chapter" && !chapters.has(e.code)) chapters.set(e.code, e);
  }
  const codes = [...byDigits.values()];
  return { entries, chapters: [...chapters.values()], codes, byDigits, csv: text };
}

let cached: EwcCatalogue | undefined;

export function loadEwcCatalogue(): EwcCatalogue {
  cached ??= parseEwcCsv(fs.readFileSync(ewcDataFile(), "utf8"));
  return cached;
}

/**
 * Finds a code however it was typed: "170503", "17 05 03", "17-05-03", "17 05 03*".
 * Chapters and sub-chapters are not codes a note may carry.
 */
export function findEwcCode(input: string, catalogue = loadEwcCatalogue()): EwcEntry | null {
  const digits = input.replace(/[\s.\-*]/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  return catalogue.byDigits.get(digits) ?? null;
}

/** True when the code is a hazardous entry of the List of Wastes (marked "*"). */
export function isHazardousEwcCode(input: string, catalogue = loadEwcCatalogue()): boolean {
  return findEwcCode(input, catalogue)?.hazardous ?? false;
}

/** The everyday names' codes (ewc-synonyms.ts) that are not codes of the catalogue: none, a test says. */
export function unknownSynonymCodes(catalogue = loadEwcCatalogue()): string[] {
  return EWC_SYNONYMS.flatMap(([terms, codes]) =>
    codes
      .split(/\s+/)
      .filter((digits) => !/^\d{6}$/.test(digits) || !catalogue.byDigits.has(digits))
      .map((digits) => `${digits} (${terms.slice(0, 30)}…)`),
  );
}
