/**
 * One-line text fields (decisions 0249 and 0257): what is typed into a field shown, printed or
 * e-mailed on one line is kept on one line. Pure: the forms' schemas use it in the browser too.
 */

/**
 * Text typed into a one-line field kept on the record: tabs and line breaks (Unicode's too: next
 * line, line and paragraph separators) become spaces, other control characters are dropped, runs
 * of spaces are collapsed, and the ends trimmed.
 */
export function cleanLine(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(/[\t\n\r\v\f\u0085\u2028\u2029]/g, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
