/**
 * A saved site or customer as the note form's pickers offer it (decision 0710): a label, a line of
 * detail, and the values it fills, keyed by the note form's field names (the issue 19 contract).
 * Browser-safe: the picker reads this shape from /company/saved-parties.json.
 */
import type { SavedPartyKind } from "./saved-party-input";

export interface SavedPartyMatch {
  id: string;
  label: string;
  detail: string;
  fill: Record<string, string>;
}

/** The note form's fields each kind fills. */
export const SAVED_PARTY_FILLS = {
  site: ["receivingSiteName", "receivingSiteAuthorisation", "receivingSiteAddress", "receivingSitePostcode"],
  customer: ["transferorName", "transferorAddress", "transferorSicCode", "originAddress", "customerEmail"],
} as const;

interface SiteLike {
  id: string;
  name: string;
  authorisation: string;
  address: string;
  postcode: string;
}
interface CustomerLike {
  id: string;
  name: string;
  address: string;
  email: string | null;
  sicCode: string | null;
  originAddress: string;
}

export function savedPartyMatches(kind: SavedPartyKind, rows: ReadonlyArray<SiteLike | CustomerLike>) {
  return rows.map((row): SavedPartyMatch => {
    if (kind === "site") {
      const s = row as SiteLike;
      return {
        id: s.id,
        label: s.name,
        detail: [s.authorisation, [s.address, s.postcode].filter(Boolean).join(", ")]
          .filter(Boolean)
          .join(" · "),
        fill: {
          receivingSiteName: s.name,
          receivingSiteAuthorisation: s.authorisation,
          receivingSiteAddress: s.address,
          receivingSitePostcode: s.postcode,
        },
      };
    }
    const c = row as CustomerLike;
    return {
      id: c.id,
      label: c.name,
      detail: [c.address, c.email].filter(Boolean).join(" · "),
      fill: {
        transferorName: c.name,
        transferorAddress: c.address,
        transferorSicCode: c.sicCode ?? "",
        originAddress: c.originAddress,
        customerEmail: c.email ?? "",
      },
    };
  });
}
