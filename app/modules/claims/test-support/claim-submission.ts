import type { ClaimSubmission } from "../submit-claim.server";

/**
 * What the claim wizard submits for register number n from the e-mail address: Pat Owner on a
 * standard monthly plan with a password and no services, unless extra says otherwise.
 */
export function claimSubmission(
  n: string,
  email: string,
  extra: Partial<ClaimSubmission> = {},
): ClaimSubmission {
  return {
    registrationNumber: n,
    contactName: "Pat Owner",
    contactEmail: email,
    contactPhone: "0113 496 0000",
    password: "secret-pass",
    services: [],
    plan: "standard",
    period: "monthly",
    ...extra,
  };
}
