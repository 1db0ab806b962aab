/**
 * The carriers a general lead can be forwarded to (issue 20, item 7; decision 0807): premium,
 * verified, not suspended claimed listings whose registration is in force and whose listing has a
 * usable e-mail address, within FORWARD_RADIUS_MILES of the lead's postcode, nearest first.
 *
 * The distance search is the directory's own: the postcode resolves to a point with resolvePlace
 * (the full postcode's centroid, else its sector, district or town) and the carriers around it
 * come from runNearPlan (the GiST index's nearest-first scan); only the eligibility filter is
 * written here. The same function answers the page and re-checks a forward on the server.
 */
import { sql, type RawBuilder } from "kysely";
import { METRES_PER_MILE } from "~/modules/directory/british-grid";
import { resolvePlace } from "~/modules/directory/places.server";
import { allOf, inForceSql } from "~/modules/directory/registration-sql.server";
import { runNearPlan } from "~/modules/directory/search-near.server";
import type { Database } from "~/platform/db/database.server";
import { ukToday } from "~/platform/dates";
import { isEmailAddress } from "~/platform/email-address";
import { FORWARD_RADIUS_MILES } from "./forwarding";

/** How many carriers the page offers (the nearest). */
export const FORWARD_CANDIDATES = 20;

export interface ForwardCandidate {
  registrationNumber: string;
  /** The name shown (the listing's, else the register's). */
  businessName: string;
  town: string | null;
  /** Miles from the lead's place, to one decimal place. */
  distanceMiles: number;
  /** Where the lead is sent: the listing's e-mail address. */
  email: string;
}

export interface ForwardCandidates {
  /** The place the lead's postcode resolved to ('FW1 1AA', 'FW1 1', 'FW1'), or null when unknown. */
  place: { label: string; approximate: boolean } | null;
  carriers: ForwardCandidate[];
}

/** A carrier that may receive forwarded leads (alias d): its listing premium, verified, not suspended. */
function eligibleSql(): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM claimed_listings fl
    WHERE fl.registration_number = d.registration_number AND fl.verified AND fl.suspended_at IS NULL
      AND fl.subscription_plan = 'premium'
      AND (fl.subscription_end_date IS NULL OR fl.subscription_end_date > now())
      AND NULLIF(btrim(fl.email), '') IS NOT NULL)`;
}

/** The eligible carriers around a lead's postcode, nearest first (the place unknown: none). */
export async function findForwardCandidates(
  db: Database,
  postcode: string,
  now: Date = new Date(),
): Promise<ForwardCandidates> {
  const place = await resolvePlace(db, postcode);
  if (!place) return { place: null, carriers: [] };
  const page = await runNearPlan(
    db,
    {
      easting: place.easting,
      northing: place.northing,
      radiusMetres: FORWARD_RADIUS_MILES * METRES_PER_MILE,
      // Only carriers with coordinates: a distance is what the admin chooses by.
      unlocated: null,
      filter: allOf([inForceSql(ukToday(now)), eligibleSql()]),
      match: null,
      services: [],
      sort: "distance",
      hidden: null,
    },
    { page: 1, size: FORWARD_CANDIDATES },
  );
  const carriers: ForwardCandidate[] = [];
  for (const p of page.providers) {
    const email = p.email?.trim();
    // The row's own judgement as the pages make it (claimed and premium), besides the filter.
    if (!email || !isEmailAddress(email) || !p.is_claimed || !p.is_premium || p.distanceMiles === null)
      continue;
    carriers.push({
      registrationNumber: p.registration_number,
      businessName: p.business_name,
      town: p.town,
      distanceMiles: p.distanceMiles,
      email,
    });
  }
  return { place: { label: place.label, approximate: place.approximate }, carriers };
}
