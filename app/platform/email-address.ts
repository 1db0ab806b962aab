/**
 * E-mail addresses are compared and stored trimmed and lower-cased: one rule for accounts,
 * administrators, reviewers, reports and rate limits (and the review form's client check).
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
