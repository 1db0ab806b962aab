/** The remote signature link's problems and what the signing page says for each (decision 0712). */
export type LinkProblem = "invalid" | "expired" | "used" | "signed" | "void" | "superseded";

/** What the signing page says for each problem (UK English, for the customer). */
export const LINK_MESSAGES: Record<LinkProblem, { title: string; text: string }> = {
  invalid: {
    title: "This signing link is not valid",
    text: "The link is incomplete or is not for this note. Open the link in the latest e-mail about this note, or ask the carrier to send it again.",
  },
  expired: {
    title: "This signing link has expired",
    text: "Signing links work for 14 days. Ask the carrier to send the note again for a new link.",
  },
  used: {
    title: "This signing link has already been used",
    text: "Each link works once, and a newer e-mail replaces the link of an earlier one. Use the link in the latest e-mail, or ask the carrier to send the note again.",
  },
  signed: {
    title: "This note has already been signed",
    text: "The customer's signature is on the note. You can view the signed note below.",
  },
  void: {
    title: "This note has been voided",
    text: "The carrier voided this note, so it can't be signed. Ask the carrier which note replaces it.",
  },
  superseded: {
    title: "This note has been corrected",
    text: "The carrier replaced this note with a corrected version, so this one can't be signed. The carrier will send you the current version.",
  },
};
