/**
 * The audit log's vocabulary, shared by the module and the page: a readable label for every
 * action the product records, the subjects (entities) and where a subject can be opened.
 */

/** Every action written to audit_log, with its label, grouped as the page's filter shows them. */
export const AUDIT_ACTIONS = {
  "claim.submitted": "Claim submitted",
  "claim.approved": "Claim approved",
  "claim.rejected": "Claim rejected",
  "claim.notes_saved": "Claim notes saved",
  "claim.removed": "Claim removed with its claimant's account",
  "listing.edited": "Listing edited",
  "listing.logo_changed": "Logo changed",
  "listing.logo_removed": "Logo removed",
  "listing.notifications_changed": "E-mail notifications changed",
  "listing.owner_changed": "Owner changed",
  "listing.suspended": "Listing suspended",
  "listing.reinstated": "Listing reinstated",
  "listing.plan_changed": "Plan changed",
  "plan_upgrade.requested": "Upgrade requested",
  "plan_upgrade.closed": "Upgrade request closed",
  "review.published": "Review published",
  "review.rejected": "Review rejected",
  "review_reply.submitted": "Reply to a review written",
  "review_reply.edited": "Reply to a review edited",
  "review_reply.published": "Reply to a review published",
  "review_reply.rejected": "Reply to a review rejected",
  "lead.deleted": "Lead deleted",
  "lead.forwarded": "Lead forwarded",
  "lead.closed": "Lead closed",
  "quote_request.deleted": "Quote request deleted",
  "quote_request.carrier_status_changed": "Quote request status changed by the carrier",
  "quote_request.notes_saved": "Quote request notes saved",
  "contact_message.read": "Message marked as read",
  "carrier_report.open": "Report reopened",
  "carrier_report.resolved": "Report resolved",
  "waste_note.created": "Waste note created",
  "waste_note.corrected": "Waste note corrected",
  "waste_note.voided": "Waste note voided",
  "waste_note.transfer_added": "Season ticket transfer added",
  "waste_note.sent_to_customer": "Waste note sent to the customer",
  "waste_note.signed_remotely": "Waste note signed by the customer",
  "saved_site.created": "Saved site added",
  "saved_site.updated": "Saved site edited",
  "saved_site.deleted": "Saved site deleted",
  "saved_customer.created": "Saved customer added",
  "saved_customer.updated": "Saved customer edited",
  "saved_customer.deleted": "Saved customer deleted",
  "register_sync.requested": "Data sync requested",
  "register_sync.uploaded": "Register file uploaded",
  "register_sync.cleared": "Stuck syncs cleared",
  "register_sync.removals_confirmed": "Held register removals confirmed",
  "admin_email.added": "Administrator added",
  "admin_email.removed": "Administrator removed",
  "admin_email.invitation_resent": "Invitation resent",
  "account.deleted": "Account deleted",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The kinds of record an entry is about (audit_log.entity), with their labels. */
export const AUDIT_SUBJECTS = {
  claim_request: "Claim",
  claimed_listing: "Listing",
  review: "Review",
  general_lead: "Lead",
  quote_request: "Quote request",
  contact_message: "Message",
  carrier_report: "Carrier report",
  waste_note: "Waste note",
  sync_log: "Register sync",
  job: "Sync job",
  admin_email: "Administrator",
  account: "Account",
} as const satisfies Record<string, string>;

export type AuditSubject = keyof typeof AUDIT_SUBJECTS;

export const AUDIT_SUBJECT_NAMES = Object.keys(AUDIT_SUBJECTS) as AuditSubject[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export function isAuditSubject(value: string): value is AuditSubject {
  return Object.hasOwn(AUDIT_SUBJECTS, value);
}

/** "claim.approved" → "Claim approved"; an action recorded before its label existed reads as words. */
export function auditActionLabel(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTIONS[action];
  const words = action.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditSubjectLabel(entity: string): string {
  return isAuditSubject(entity) ? AUDIT_SUBJECTS[entity] : entity.replace(/_/g, " ");
}

/**
 * Where the subject of an entry can be opened by an administrator, or null (a deleted lead, say).
 * `registrationNumber` is the entry's details' registration number, when it has one.
 */
export function auditSubjectHref(
  entity: string,
  entityId: string,
  registrationNumber: string | null,
): string | null {
  const profile = registrationNumber ? `/provider/${encodeURIComponent(registrationNumber)}` : null;
  switch (entity) {
    case "claim_request":
      return `/admin/claim-requests?claim=${encodeURIComponent(entityId)}`;
    case "claimed_listing":
      return `/admin/providers/${encodeURIComponent(entityId)}`;
    case "review":
      return profile;
    case "waste_note":
      return `/waste-note/${encodeURIComponent(entityId)}`;
    case "carrier_report":
      return "/admin/reports";
    case "contact_message":
      return "/admin/messages";
    case "sync_log":
    case "job":
      return "/admin/data-management";
    case "admin_email":
      return "/admin/settings";
    default:
      return null;
  }
}
