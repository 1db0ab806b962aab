/**
 * The owner's draft that a claim's approval publishes (decision 0268). While a claim is pending,
 * what its claimant saves on /company goes to the unverified listing's `draft` (decision 0704), and
 * the approval publishes it over the claim's own details. So the claim's review shows that draft
 * (the fields it changes), the approve form carries its version (a hash of what it publishes),
 * and the approval compares that version with the draft it finds under the listing's lock: a draft
 * changed after the page was loaded is refused, and nothing changes.
 *
 * The same rules decide both: an unverified listing another account holds loses its draft at
 * approval (decision 0256), so there is nothing of it to publish, to show or to check.
 */
import { createHash } from "node:crypto";
import { parseDraft, type ListingDraft } from "~/modules/company/company-listing.server";

/** The listing's columns these rules read. */
export interface ListingForClaim {
  user_id: string | null;
  verified: boolean;
  draft: unknown;
}

/**
 * An unverified listing held by another account than the claim's (an admin gave it to them, its
 * claimant's account is gone, Add Provider over it): what that holder saved does not pass to this
 * claim's owner (decision 0256).
 */
export function heldByAnother(existing: ListingForClaim | undefined, claimUserId: string | null): boolean {
  return (
    existing !== undefined &&
    !existing.verified &&
    !(existing.user_id !== null && existing.user_id === claimUserId)
  );
}

/** The draft's fields the approval publishes, in a fixed order (`publishListingDraft`). */
const DRAFT_FIELDS = ["businessName", "about", "phone", "email", "services", "logoUrl"] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];

/** The draft that approving the claim would publish: null when there is none, or it is not this claim's. */
export function draftToPublish(
  existing: ListingForClaim | undefined,
  claimUserId: string | null,
): ListingDraft | null {
  if (!existing || heldByAnother(existing, claimUserId)) return null;
  const draft = parseDraft(existing.draft);
  if (!draft || !DRAFT_FIELDS.some((k) => draft[k] !== undefined)) return null;
  return draft;
}

/**
 * The version of what a draft publishes: a hash of its fields (an absent field and a null one
 * differ; the time it was saved is left out, so saving the same values again is the same draft).
 * "" when there is nothing to publish.
 */
export function draftVersion(draft: ListingDraft | null): string {
  if (!draft) return "";
  const fields: Partial<Record<DraftField, unknown>> = {};
  for (const k of DRAFT_FIELDS) if (draft[k] !== undefined) fields[k] = draft[k];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 32);
}

/** One field the draft changes: what the claim alone would publish, and what the draft publishes instead. */
export interface DraftChange {
  field: "businessName" | "about" | "phone" | "email" | "services" | "logo";
  label: string;
  /** Services joined with ", "; a logo's address. null: none. */
  claim: string | null;
  draft: string | null;
}

/** The draft as the claim's review shows it. */
export interface ClaimDraftView {
  /** What the approve form sends back (`draftVersion`). */
  version: string;
  savedAt: string | null;
  /** Only the fields the draft sets to something other than the claim's own value. */
  changes: DraftChange[];
}

/** What the approval writes from the claim before the draft (approve-claim.server.ts, step 3). */
export interface ClaimValues {
  businessName: string;
  about: string | null;
  phone: string | null;
  email: string | null;
  services: string[];
  logoUrl: string | null;
}

const text = (v: string | null | undefined) => (v ?? "").trim();

export function claimDraftView(draft: ListingDraft, claim: ClaimValues): ClaimDraftView {
  const changes: DraftChange[] = [];
  const compare = (field: DraftChange["field"], label: string, from: string | null, to: string | null) => {
    if (text(from) !== text(to)) changes.push({ field, label, claim: from || null, draft: to || null });
  };
  if (draft.businessName !== undefined)
    compare("businessName", "Business name", claim.businessName, draft.businessName);
  if (draft.about !== undefined) compare("about", "About", claim.about, draft.about);
  if (draft.phone !== undefined) compare("phone", "Phone", claim.phone, draft.phone);
  if (draft.email !== undefined) compare("email", "Email", claim.email, draft.email);
  if (
    draft.services !== undefined &&
    (draft.services.length !== claim.services.length ||
      draft.services.some((s, i) => s !== claim.services[i]))
  )
    changes.push({
      field: "services",
      label: "Services",
      claim: claim.services.join(", ") || null,
      draft: draft.services.join(", ") || null,
    });
  if (draft.logoUrl !== undefined && draft.logoUrl !== claim.logoUrl)
    changes.push({ field: "logo", label: "Logo", claim: claim.logoUrl, draft: draft.logoUrl });
  return { version: draftVersion(draft), savedAt: draft.savedAt ?? null, changes };
}
