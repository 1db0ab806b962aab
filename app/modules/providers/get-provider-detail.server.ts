/**
 * Everything the admin's provider page (/admin/providers/:id) shows: the claimed listing (as the
 * Providers list has it, plus its own texts and the register's facts), the owner's account, the
 * quote-request and waste-note counts and the history.
 */
import { sql } from "kysely";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { listingWithOwner } from "~/modules/plans/listing-with-owner.server";
import type { Database } from "~/platform/db/database.server";
import { countProviderActivity, type ProviderActivity } from "./count-provider-activity.server";
import { listProviderHistory, type HistoryEvent } from "./list-provider-history.server";

export type OwnerState =
  /** A password and a confirmed e-mail: they can sign in. */
  | "active"
  /** No password yet (an invitation's link sets it), or an e-mail not confirmed yet. */
  | "pending";

export interface ProviderOwner {
  id: string;
  email: string;
  state: OwnerState;
  createdAt: Date;
  /** The latest use of any of their sessions. */
  lastSeenAt: Date | null;
}

export interface ProviderDetail {
  listing: ListingRow & {
    about: string | null;
    services: string[];
    areasCovered: string[];
    logoUrl: string | null;
    updatedAt: Date;
    registerExpiry: string | null;
    town: string | null;
    postcode: string | null;
  };
  owner: ProviderOwner | null;
  activity: ProviderActivity;
  history: HistoryEvent[];
}

function listingExtras(db: Database, id: string) {
  return listingWithOwner(db)
    .select([
      "c.about",
      "c.services",
      "c.areas_covered",
      "c.logo_url",
      "c.updated_at",
      "d.town",
      "d.postcode",
    ])
    .select(sql<string | null>`to_char(d.expiry_date, 'YYYY-MM-DD')`.as("expiry"))
    .select([
      "u.id as owner_id",
      "u.email as owner_email",
      "u.created_at as owner_created_at",
      sql<boolean>`u.password_hash IS NOT NULL AND u.email_confirmed_at IS NOT NULL`.as("owner_active"),
    ])
    .select((eb) =>
      eb
        .selectFrom("sessions as s")
        .select((s) => s.fn.max("s.last_seen_at").as("seen"))
        .whereRef("s.user_id", "=", "c.user_id")
        .as("owner_seen"),
    )
    .where("c.id", "=", id)
    .executeTakeFirst();
}

export async function getProviderDetail(db: Database, listingId: string): Promise<ProviderDetail | null> {
  const [row] = await listClaimedListings(db, { id: listingId });
  if (!row) return null;
  const [extras, activity, history] = await Promise.all([
    listingExtras(db, row.id),
    countProviderActivity(db, row.registrationNumber),
    listProviderHistory(db, { id: row.id, registrationNumber: row.registrationNumber }),
  ]);
  if (!extras) return null;
  return {
    listing: {
      ...row,
      about: extras.about,
      services: extras.services,
      areasCovered: extras.areas_covered,
      logoUrl: extras.logo_url,
      updatedAt: extras.updated_at,
      registerExpiry: extras.expiry,
      town: extras.town,
      postcode: extras.postcode,
    },
    owner:
      extras.owner_id && extras.owner_email && extras.owner_created_at
        ? {
            id: extras.owner_id,
            email: extras.owner_email,
            state: extras.owner_active ? "active" : "pending",
            createdAt: extras.owner_created_at,
            lastSeenAt: extras.owner_seen ? new Date(extras.owner_seen) : null,
          }
        : null,
    activity,
    history,
  };
}
