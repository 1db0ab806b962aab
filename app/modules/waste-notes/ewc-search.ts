/**
 * Searching the List of Wastes as people type (decision 0710): digits match codes starting with
 * them; words match a code when each is in its description or in one of its everyday names
 * (ewc-synonyms.ts), and the codes an everyday name points at come first, in the order the list
 * gives them ("garden" → 20 02 01 Biodegradable waste). Case and simple plurals are ignored
 * ("Tyres", "tyre", "batteries", "battery"). Browser-safe: the picker runs it on every key.
 */
import { EWC_SYNONYMS } from "./ewc-synonyms";

export interface SearchableCode {
  code: string;
  description: string;
}

/** A word without its plural or "-y" ending: "batteries"/"battery" → "batter", "boxes" → "box". */
export function wordRoot(word: string): string {
  const w = word.toLowerCase();
  let root = w;
  if (w.endsWith("ies")) root = w.slice(0, -3);
  else if (w.endsWith("y")) root = w.slice(0, -1);
  else if (/(s|x|z|ch|sh)es$/.test(w)) root = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) root = w.slice(0, -1);
  return root.length >= 2 ? root : w;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface CompiledSynonym {
  /** Each term's words' roots. */
  terms: string[][];
  /** Six digits each, most likely first. */
  codes: string[];
}

let compiled: CompiledSynonym[] | undefined;
function synonyms(): CompiledSynonym[] {
  compiled ??= EWC_SYNONYMS.map(([terms, codes]) => ({
    terms: terms.split(",").map((term) => wordsOf(term).map(wordRoot)),
    codes: codes.split(/\s+/).filter(Boolean),
  }));
  return compiled;
}

/** How well a typed word matches a term's word: 2 the same, 1 its beginning (3+ letters), 0 not. */
function rootMatch(termRoot: string, typed: string): 0 | 1 | 2 {
  if (termRoot === typed) return 2;
  return typed.length >= 3 && termRoot.startsWith(typed) ? 1 : 0;
}

interface SynonymHit {
  /** How many typed words the entry's names matched. */
  words: number;
  /** Whether one of its names was typed whole ("wood" whole beats "treated wood" in part). */
  whole: boolean;
  /** Sum of the matches' strengths (exact words before beginnings). */
  strength: number;
  /** The code's place in its entry, then the entry's place in the list. */
  position: number;
  entry: number;
  /** Which typed words it matched (bit i = word i). */
  matched: number;
}

function better(a: SynonymHit, b: SynonymHit): boolean {
  if (a.words !== b.words) return a.words > b.words;
  if (a.whole !== b.whole) return a.whole;
  if (a.strength !== b.strength) return a.strength > b.strength;
  return a.position !== b.position ? a.position < b.position : a.entry < b.entry;
}

/** How an entry's names match the typed roots, or null when none does. */
function entryHit(entry: CompiledSynonym, roots: string[]): Omit<SynonymHit, "position" | "entry"> | null {
  let words = 0;
  let strength = 0;
  let matched = 0;
  roots.forEach((typed, i) => {
    const best = Math.max(0, ...entry.terms.flat().map((r) => rootMatch(r, typed)));
    if (best > 0) {
      words++;
      strength += best;
      matched |= 1 << i;
    }
  });
  if (words === 0) return null;
  const whole = entry.terms.some((term) => term.every((r) => roots.some((typed) => rootMatch(r, typed) > 0)));
  return { words, whole, strength, matched };
}

/** The codes (six digits) whose everyday names match some of the typed roots, with their best hit. */
export function synonymHits(roots: string[]): Map<string, SynonymHit> {
  const hits = new Map<string, SynonymHit>();
  synonyms().forEach((entry, index) => {
    const found = entryHit(entry, roots);
    if (!found) return;
    entry.codes.forEach((digits, position) => {
      const hit = { ...found, position, entry: index };
      const prev = hits.get(digits);
      if (!prev) hits.set(digits, hit);
      else hits.set(digits, { ...(better(hit, prev) ? hit : prev), matched: prev.matched | hit.matched });
    });
  });
  return hits;
}

const digitsOf = (code: string) => code.replace(/\D/g, "");

/**
 * The codes matching what was typed, best first: a code prefix keeps the list's order; words put
 * the codes an everyday name points at first, then the codes whose descriptions hold every word.
 */
export function searchEwcCodes<T extends SearchableCode>(codes: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...codes];
  const compact = q.replace(/[\s*.-]/g, "");
  if (/^\d+$/.test(compact)) return codes.filter((c) => digitsOf(c.code).startsWith(compact));
  const typed = wordsOf(q);
  const roots = typed.map(wordRoot);
  if (roots.length === 0) return [];
  const all = (1 << roots.length) - 1;
  const hits = synonymHits(roots);
  const found: { code: T; hit: SynonymHit | undefined; index: number }[] = [];
  codes.forEach((code, index) => {
    const text = `${code.code} ${code.description}`.toLowerCase();
    const hit = hits.get(digitsOf(code.code));
    let matched = hit?.matched ?? 0;
    let textRoots: string[] | undefined;
    typed.forEach((word, i) => {
      if (matched & (1 << i)) return;
      // As typed ("gyps" finds gypsum), or the same word in another number ("battery", "batteries").
      textRoots ??= wordsOf(text).map(wordRoot);
      if (text.includes(word) || textRoots.includes(roots[i])) matched |= 1 << i;
    });
    if (matched === all) found.push({ code, hit, index });
  });
  found.sort((a, b) => {
    if (a.hit && b.hit) return better(a.hit, b.hit) ? -1 : better(b.hit, a.hit) ? 1 : a.index - b.index;
    if (a.hit || b.hit) return a.hit ? -1 : 1;
    return a.index - b.index;
  });
  return found.map((f) => f.code);
}
