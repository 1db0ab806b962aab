/** Reads /EWCCodes.csv in the browser: chapters (two digits) and six-digit codes. */
import { searchEwcCodes } from "~/modules/waste-notes/ewc-search";

export interface EwcOption {
  code: string;
  description: string;
  chapter: string;
  hazardous: boolean;
}
export interface EwcList {
  chapters: Array<{ code: string; description: string }>;
  codes: EwcOption[];
}

function parseLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export function parseEwcList(csv: string): EwcList {
  const lines = csv.split(/\r?\n/).filter(Boolean);
  const header = parseLine(lines[0]).map((h) => h.trim().toLowerCase());
  const ci = header.indexOf("code");
  const di = header.indexOf("description");
  const chapters = new Map<string, string>();
  const codes = new Map<string, EwcOption>();
  for (const line of lines.slice(1)) {
    const cells = parseLine(line);
    const code = (cells[ci] ?? "").trim();
    const description = (cells[di] ?? "").trim();
    const digits = code.replace(/\D/g, "");
    if (digits.length === 2 && !chapters.has(digits)) chapters.set(digits, description);
    if (digits.length === 6 && !codes.has(digits)) {
      codes.set(digits, { code, description, chapter: digits.slice(0, 2), hazardous: code.endsWith("*") });
    }
  }
  return {
    chapters: [...chapters].map(([code, description]) => ({ code, description })),
    codes: [...codes.values()],
  };
}

export const EMPTY_SEARCH_LIMIT = 75;

/**
 * A query of digits matches codes starting with them; otherwise every typed word must be in the
 * code's description or one of its everyday names ("garden", "plasterboard", "tyres"), and the
 * codes an everyday name points at come first (decision 0710, modules/waste-notes/ewc-search.ts).
 */
export function filterEwc(codes: EwcOption[], query: string, chapter: string): EwcOption[] {
  const inChapter = chapter ? codes.filter((c) => c.chapter === chapter) : codes;
  return query.trim() ? searchEwcCodes(inChapter, query) : inChapter;
}

export function findOption(codes: EwcOption[], value: string): EwcOption | undefined {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 6) return undefined;
  return codes.find((c) => c.code.replace(/\D/g, "") === digits);
}
