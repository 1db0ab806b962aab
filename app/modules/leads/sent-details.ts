/**
 * What the lead and quote forms say once a request is taken (decision 0602): only what the
 * server did. "We've sent a copy" appears only when the copy was queued in the same transaction
 * as the request; a quote "sent to" a business only when its e-mail was queued. Pure: used by the
 * routes (toasts) and the forms (the sent state).
 */

export interface SentDetails {
  /** The visitor's address (as typed). */
  email: string;
  /**
   * The copy to the visitor: queued; held back by the per-mailbox limit; or not needed because
   * the visitor's address is the business's own and the request itself was e-mailed there.
   */
  copy: "queued" | "limited" | "not-needed";
  /** Lead form: the normalised postcode. */
  postcode?: string | null;
  /** Quote form: the business, and whether its e-mail was queued. */
  businessName?: string;
  providerEmailed?: boolean;
}

/** The line about the visitor's copy, or null when there is nothing true to say about one. */
export function copyLine(sent: SentDetails): string | null {
  if (sent.copy === "queued") return `We've sent a copy to ${sent.email}.`;
  if (sent.copy === "limited")
    return `We didn't e-mail you a copy this time, as we've recently sent several to ${sent.email}.`;
  return null;
}

/** What happens to a general lead today: admins read it at /admin/leads; no carrier has it yet. */
export function leadNextSteps(postcode: string): string {
  return `Your request has come to our team, not to any carrier yet. We pass requests on to licensed carriers near ${postcode}, and a carrier will contact you if they can help.`;
}

/** The lead form's sent state, under 'Request sent!'. Without details (a filled honeypot) only thanks. */
export function leadSentLines(sent: SentDetails | null | undefined): string[] {
  if (!sent) return ["Thank you."];
  const copy = copyLine(sent);
  return [
    copy ? `Thank you. ${copy}` : "Thank you.",
    ...(sent.postcode ? [leadNextSteps(sent.postcode)] : []),
  ];
}

/** The quote form's sent state, under 'Quote request submitted', and the toast's shorter text. */
export function quoteSentText(sent: SentDetails | null | undefined): { lines: string[]; toast: string } {
  if (!sent?.businessName) return { lines: ["Thank you."], toast: "Thank you." };
  const copy = copyLine(sent);
  const business = sent.businessName;
  if (sent.providerEmailed) {
    const first = `We've sent your request to ${business}.`;
    return {
      lines: [first, ...(copy ? [copy] : []), "If they can help, they will reply to you directly."],
      toast: [first, copy].filter(Boolean).join(" "),
    };
  }
  const first = `We've saved your request, but ${business} has turned off e-mail notifications, so it has not been sent to them.`;
  return {
    lines: [first, "To reach them, use the contact details on their profile.", ...(copy ? [copy] : [])],
    toast: `Saved, but not sent to ${business}: they have turned off e-mail notifications.`,
  };
}
