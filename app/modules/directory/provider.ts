/**
 * The provider as the public side shows it: register data with the verified claimed listing's
 * fields laid over it. Pure functions only (used by pages and server code alike). The listing's
 * name never hides the register's: `register_name` is the holder's name on the public register,
 * shown wherever a registration is stated (decision 0281).
 */

import { registrationState } from "./registration";

export interface Provider {
  registration_number: string;
  /** The name as displayed: a verified listing's own name, else the register's. */
  business_name: string;
  /**
   * The registration holder's name on the public register, whatever the listing calls itself
   * (decision 0281): a licence check names it, and a different `business_name` is shown as a
   * trading name beside it (`tradingName`).
   */
  register_name: string;
  company_number: string | null;
  registration_type: string | null;
  registration_tier: "UPPER" | "LOWER" | null;
  applicant_type: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  /** Street lines joined, without town and postcode; null when the register has none. */
  address: string | null;
  town: string | null;
  postcode: string | null;
  /**
   * The register's own grid reference (British National Grid, metres); null when the register
   * has none. The map's positions come from these, converted on the server (map-positions.server.ts).
   */
  easting: number | null;
  northing: number | null;
  /** A verified, not suspended claimed listing exists. */
  is_claimed: boolean;
  /** Claimed and on the premium plan (and the plan has not ended). */
  is_premium: boolean;
  verified: boolean;
  logo_url: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  about: string | null;
  services: string[];
  areas_covered: string[];
  subscription_plan: "standard" | "premium";
  subscription_period: "monthly" | "yearly";
  updated_at: string;
}

/** What a result card shows (ProviderCard): all a results page sends its browser of each provider. */
export type CardProvider = Pick<
  Provider,
  | "registration_number"
  | "business_name"
  | "register_name"
  | "registration_tier"
  | "expiry_date"
  | "address"
  | "town"
  | "postcode"
  | "is_claimed"
  | "is_premium"
  | "logo_url"
  | "email"
  | "services"
>;

/**
 * The provider as a result card needs it (issue 18): a results page's data, serialised into every
 * uncached page for hydration, carries these dozen fields, not the listing's two dozen. Written
 * out as one object literal: every card then has the same shape, which V8 copies and serialises
 * fastest.
 */
export function cardProvider<P extends CardProvider & { distanceMiles?: number | null }>(
  p: P,
): CardProvider & Pick<P, "distanceMiles"> {
  const card: CardProvider = {
    registration_number: p.registration_number,
    business_name: p.business_name,
    register_name: p.register_name,
    registration_tier: p.registration_tier,
    expiry_date: p.expiry_date,
    address: p.address,
    town: p.town,
    postcode: p.postcode,
    is_claimed: p.is_claimed,
    is_premium: p.is_premium,
    logo_url: p.logo_url,
    email: p.email,
    services: p.services,
  };
  return p.distanceMiles === undefined ? card : { ...card, distanceMiles: p.distanceMiles };
}

/** A name as a reader compares it: letter case, spaces, punctuation and symbols aside. */
function nameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLocaleLowerCase("en-GB")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The listing's own name when it is not the register's (decision 0281): a trading name its
 * verified owner gave it, shown only beside the register's name ("{name}, trading name of
 * {register name}"). Null when the two are the same name, letter case, spaces and punctuation
 * aside ("Acme Waste Ltd." is "ACME WASTE LTD").
 */
export function tradingName(p: Pick<Provider, "business_name" | "register_name">): string | null {
  const shown = p.business_name.trim();
  const registered = p.register_name.trim();
  const key = nameKey(shown);
  if (shown === registered || (key !== "" && key === nameKey(registered))) return null;
  return shown;
}

export type Validity =
  { status: "valid"; until: string } | { status: "expired"; since: string } | { status: "no-expiry" };

/**
 * Valid if the expiry date is later than now (spec section 4): a registration expiring
 * today is shown as expired. Lower tier registrations have no expiry date and do not expire.
 * The rule is registrationState's (registration.ts); pages use that, with the tier.
 */
export function registrationValidity(expiryDate: string | null, now: Date = new Date()): Validity {
  const state = registrationState({ expiry_date: expiryDate }, now);
  if (state.state === "valid") return { status: "valid", until: state.until };
  if (state.state === "expired") return { status: "expired", since: state.since };
  return { status: "no-expiry" };
}

export function tierLabel(tier: Provider["registration_tier"]): string {
  return tier === "UPPER" ? "Upper tier" : tier === "LOWER" ? "Lower tier" : "Tier not recorded";
}

/** 'carrier_broker_dealer' -> 'Carrier, broker, dealer'. */
export function registrationTypeLabel(type: string | null): string {
  if (!type) return "Not recorded";
  if (!type.includes("_")) return cap(type);
  const words = type
    .split("_")
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return cap(words.join(", "));
}

const APPLICANT_TYPES: Record<string, string> = {
  soletrader: "Sole trader",
  limitedcompany: "Limited company",
  partnership: "Partnership",
  limitedliabilitypartnership: "Limited liability partnership",
  localauthority: "Local authority",
  charity: "Charity",
  overseas: "Overseas business",
  publicbody: "Public body",
};

/** 'limitedCompany' -> 'Limited company'; labels from other sources are shown as they are. */
export function applicantTypeLabel(type: string | null): string {
  if (!type) return "Not recorded";
  return APPLICANT_TYPES[type.replace(/[\s_-]/g, "").toLowerCase()] ?? type;
}

function cap(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s;
}

/** The full one-line address, or null when the register holds none. */
export function fullAddress(p: Pick<Provider, "address" | "town" | "postcode">): string | null {
  const parts = [p.address, p.town, p.postcode].filter((x): x is string => !!x && x.trim() !== "");
  return parts.length ? parts.join(", ") : null;
}

/** Place names are stored as the register writes them; show them in title case. */
export function titleCase(s: string): string {
  return s
    .toLowerCase()
    .replace(/(^|[\s\-(])([a-z])/g, (_m, pre: string, c: string) => pre + c.toUpperCase())
    .replace(/\b(Upon|Under|On|In|The|And|Of|Le|By)\b/g, (w, _x, offset: number) =>
      offset === 0 ? w : w.toLowerCase(),
    );
}

/** A phone number as a tel: URL. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits}`;
}

/** A website as an absolute http(s) URL, or null when it is not one. */
export function websiteHref(website: string | null): string | null {
  if (!website) return null;
  const candidate = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
