/**
 * E-mail addresses: the one rule for what is an address (every form that takes one we mail or
 * count, the settings, and the mail sender itself, decision 0259), and the one normalisation.
 * Browser-safe: no imports.
 */

/** An address is at most 254 characters (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * One plain address, `local@domain`, and nothing else: the local part letters, digits and
 * `_ ' + -` in dot-separated runs (no leading, trailing or double dot, no `'` just before the
 * `@`), the domain dotted labels of letters, digits and `-` ending in a top-level domain of two or
 * more letters. Whitespace, `, ; < > ( ) : " \ /` and every other character that could make a mail
 * library read the text as a list, a display name or a comment are refused. This is zod 4's
 * `z.regexes.email`, written out so the rule is ours and cannot change with a zod upgrade.
 */
export const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `text`, exactly as given (trim it first), is one e-mail address by the rule above. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_ADDRESS.test(text);
}

/**
 * E-mail addresses are compared and stored trimmed and lower-cased: one rule for accounts,
 * administrators, reviewers, reports and rate limits (and the review form's client check).
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
