/**
 * One-line text fields (decisions 0249, 0257 and 0275): what is typed into a field shown, printed
 * or e-mailed on one line is kept on one line, and shows what it says. Pure: the forms' schemas use
 * it in the browser too.
 */

/**
 * Invisible characters that change how the text around them is shown rather than being text:
 * the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069; an override
 * shows "Acme\u202Edtl" as "Acmeltd" reversed), the left-to-right and right-to-left marks, the
 * zero-width space, the word joiner and the invisible operators (U+2060-U+2064), and the byte
 * order mark. The zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
const INVISIBLE_FORMAT = /[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * Text typed into a one-line field kept on the record: tabs and line breaks (Unicode's too: next
 * line, line and paragraph separators) become spaces, other control characters and the invisible
 * formatting characters above are dropped, runs of spaces are collapsed, and the ends trimmed.
 */
export function cleanLine(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(/[\t\n\r\v\f\u0085\u2028\u2029]/g, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(INVISIBLE_FORMAT, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
