/**
 * The text query a name search sends (decision 0232). The last word is a prefix (people stop
 * typing early): 'smith wa' finds 'Smith Waste'. A GIN index answers a prefix by collecting every
 * listing of every word that starts with it before it intersects them with the other words: 'white
 * man:*' gathered the 72,800 listings of man, management, manchester and mansfield (30 ms at
 * 1,000,000 rows) to keep 572. The same words given exactly ('white & (man | management |
 * manchester | mansfield)') let the index skip through the rare word's few listings (4 ms). So when
 * the query has other words, the prefix is replaced by the words of the names dictionary
 * (directory_name_words, every word of three letters or more of every name) that start with it.
 * The rows found are the same; the rank is still computed for the query as typed.
 */
import { sql, type RawBuilder } from "kysely";
import { prepared, type Database } from "~/platform/db/database.server";
import { SEARCH_CACHE_TTL_MS } from "./constants";
import { directoryCaches } from "./ttl-cache";
import { likePrefix } from "~/platform/db/like";

/** A prefix with more known words than this is left to the index's own prefix match. */
export const MAX_COMPLETIONS = 50;

/** A name query as SQL: the tsquery rows must match, and the one their rank is computed for. */
export interface NameQuery {
  match: RawBuilder<unknown>;
  rank: RawBuilder<unknown>;
}

/**
 * 'smith wa' -> 'smith & wa:*' (with `prefixLast`), a typo's correction beside its word: '(smiht |
 * smith)'. The search vector is the business name alone (migration 1062), so no weight is asked
 * for: with one, the index could not tell and every match was read again from the table.
 */
export function tsQueryText(
  words: string[],
  alternatives: Record<string, string> = {},
  prefixLast = true,
): string {
  return words
    .map((w, i) => {
      const own = prefixLast && i === words.length - 1 ? `${w}:*` : w;
      const alt = alternatives[w];
      return alt ? `(${own} | ${alt})` : own;
    })
    .join(" & ");
}

/** A word as a tsquery literal's lexeme, taken as it is (quotes and backslashes doubled). */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, (c) => c + c)}'`;

/**
 * The query for these words (from `tokenise`), with `alternatives` for misspelt ones. The last
 * word's completions replace its prefix when there are other words to intersect with, the word
 * is one the dictionary would hold (three letters or more, plain a-z and digits, not all digits)
 * and has no correction of its own.
 */
export async function nameQuery(
  db: Database,
  words: string[],
  alternatives: Record<string, string> = {},
): Promise<NameQuery> {
  const rank = sql`to_tsquery('simple', ${tsQueryText(words, alternatives)})`;
  const last = words[words.length - 1];
  if (words.length < 2 || alternatives[last] || !/^[a-z0-9]{3,}$/.test(last) || /^\d+$/.test(last))
    return { match: rank, rank };
  const completions = await completionsOf(db, last);
  if (!completions) return { match: rank, rank };
  // No known word starts with it: the word itself, which no name has, matches nothing.
  const any = completions.length ? completions.map(lexeme).join(" | ") : lexeme(last);
  const head = tsQueryText(words.slice(0, -1), alternatives, false);
  return { match: sql`(to_tsquery('simple', ${head}) && (${any})::tsquery)`, rank };
}

/** Per prefix; a listing renamed or a sync may bring new words. */
const completions = directoryCaches<string[] | null>(SEARCH_CACHE_TTL_MS, 2000);

/** Forgets this process's completions (with the search cache: `clearSearchCache`). */
export function clearCompletions(db: Database): void {
  completions.clear(db);
}

/** The dictionary's words that start with `prefix`, in order; null when there are too many. */
export async function completionsOf(db: Database, prefix: string): Promise<string[] | null> {
  const cache = completions.get(db);
  const hit = cache.get(prefix);
  if (hit !== undefined) return hit;
  const { rows } = await prepared(sql<{ word: string }>`SELECT word FROM directory_name_words
    WHERE word LIKE ${likePrefix(prefix)} ORDER BY word LIMIT ${sql.lit(MAX_COMPLETIONS + 1)}`).execute(db);
  const found = rows.length > MAX_COMPLETIONS ? null : rows.map((r) => r.word);
  cache.set(prefix, found);
  return found;
}
