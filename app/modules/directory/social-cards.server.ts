/**
 * What a profile's and a town's link preview card says (decision 0216): only what the page itself
 * shows to anyone (the name as displayed, the licence's state, the register number and tier, the
 * town; for a listing renamed by its owner, the register's name of its holder instead of the town,
 * decision 0281). Null for a registration not on the register and for a town the register does not know,
 * so the card's address answers 404 as the page would.
 */
import type { Database } from "~/platform/db/database.server";
import { formatDate } from "~/platform/dates";
import type { SocialCard } from "~/platform/images/social-card.server";
import { getProvider } from "./get-provider.server";
import { townKey } from "./place-names";
import { tierLabel, titleCase, tradingName, type Provider } from "./provider";
import { EXPIRY_UNKNOWN_TEXT, registrationState } from "./registration";

export type SocialCardKind = "provider" | "town";

/** The licence's state in the profile banner's words (spec: 'Valid Registration until {date}'). */
function licenceBadge(p: Provider, now: Date): NonNullable<SocialCard["badge"]> {
  const state = registrationState(p, now);
  if (state.state === "valid") {
    return {
      text: `Valid Registration until ${formatDate(state.until)}`,
      tone: state.expiringSoon ? "warning" : "good",
    };
  }
  if (state.state === "expired") {
    return { text: `Expired Registration since ${formatDate(state.since)}`, tone: "bad" };
  }
  if (state.state === "removed") return { text: "No longer on the register", tone: "bad" };
  if (state.state === "expiry-unknown") return { text: EXPIRY_UNKNOWN_TEXT, tone: "warning" };
  return { text: "Valid Registration (lower tier registrations do not expire)", tone: "good" };
}

/** Register towns come in capitals ('STOKE-ON-TRENT'): shown in title case. */
const townLabel = (town: string) => (town === town.toUpperCase() ? titleCase(town) : town);

/**
 * A renamed listing's card names the registration's holder as the register does, first at its
 * foot (decision 0281): the licence's badge is never the listing's own name's alone.
 */
export function providerCard(p: Provider, now: Date = new Date()): SocialCard {
  const town = p.town?.trim();
  const registration = `Waste carrier registration ${p.registration_number} · ${tierLabel(p.registration_tier)}`;
  if (tradingName(p)) {
    return {
      title: p.business_name,
      badge: licenceBadge(p, now),
      details: [`Trading name of ${p.register_name}`, registration],
    };
  }
  return {
    title: p.business_name,
    badge: licenceBadge(p, now),
    details: [registration, ...(town ? [townLabel(town)] : [])],
  };
}

export function townCard(label: string): SocialCard {
  return {
    title: `Licensed waste carriers in ${townLabel(label)}`,
    badge: { text: "Check the licence before you hand over your waste", tone: "good" },
    details: [
      "Compare registered carriers and request free quotes",
      "From the public register of waste carriers",
    ],
  };
}

/** The card for /og/{kind}/{name}.png, or null when there is no such profile or town page. */
export async function socialCardFor(
  db: Database,
  kind: SocialCardKind,
  name: string,
  now: Date = new Date(),
): Promise<SocialCard | null> {
  if (kind === "provider") {
    const provider = await getProvider(db, name);
    return provider ? providerCard(provider, now) : null;
  }
  const key = townKey(name);
  if (!key || key.length > 100) return null;
  const town = await db
    .selectFrom("places")
    .select("label")
    .where("kind", "=", "town")
    .where("key", "=", key)
    .executeTakeFirst();
  return town ? townCard(town.label) : null;
}
