/**
 * The claim wizard's licence document: what is accepted and what each refusal says (decision 0506).
 * Pure: shared by the wizard's page, its server checks and the request body limit.
 */

/** The registration certificate: a PDF or an image, at most 10 MB. */
export const LICENCE_MAX_BYTES = 10 * 1024 * 1024;
/** A wizard submit with the document: the file plus the wizard's text fields (well under 256 kB). */
export const CLAIM_FORM_MAX_BYTES = LICENCE_MAX_BYTES + 256 * 1024;
/** What the file picker offers (the server checks the content, whatever the picker allowed). */
export const LICENCE_ACCEPT = "application/pdf,.pdf,image/jpeg,image/png,image/gif,image/webp";
/** The form field's name. */
export const LICENCE_FIELD = "licence";

export const LICENCE_MESSAGES = {
  label: "Licence document (optional)",
  why: "Upload your waste carrier registration certificate to speed up approval: it shows us you run this business, so we can check your claim sooner.",
  hint: "A PDF, or a photo or scan of the certificate (JPEG, PNG, GIF or WebP), up to 10 MB. It is seen only by our team.",
  noScript: "It is sent when you press Submit Claim.",
  "too-large": "The licence document is too large: it must be 10 MB or smaller.",
  "not-document": "The licence document must be a PDF or an image (JPEG, PNG, GIF or WebP).",
  "pdf-damaged":
    "The PDF could not be read: it is damaged or incomplete. Please save the certificate again, or upload a photo of it.",
  "pdf-encrypted":
    "The PDF is password-protected. Please upload an unprotected copy, or a photo of the certificate.",
  "pdf-active":
    "The PDF contains scripts, embedded files or actions, which we do not accept. Please print it to a new PDF, or upload a photo of the certificate.",
  "pdf-uncheckable":
    "The PDF is stored in a way we cannot check. Please print it to a new PDF, or upload a photo of the certificate.",
  imagePrefix: "The licence image was not accepted:",
} as const;

/** Where admins open a claim's document (access-checked: app/routes/admin/claims/licence-document.ts). */
export function licenceUrl(claimId: string): string {
  return `/admin/claim-requests/${claimId}/licence`;
}
