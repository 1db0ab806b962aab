/**
 * A provider profile's title, description, cards and structured data (decision 0216). Claimed
 * listings are a schema.org LocalBusiness; on a premium profile, which shows its published
 * reviews, the same reviews are marked up: the rating over all of them (`aggregateRating`) and
 * each review on the page (`review`). Only what the page shows: nothing for a profile without
 * published reviews, never a pending or rejected one (listProviderReviews reads published ones only).
 * The registration's holder is named as the register names it (`legalName`, and in the
 * description beside a listing's trading name), and the description says the registration's state
 * today, never "registered" for one that has expired (decision 0281).
 */
import { tierLabel, tradingName, websiteHref, type Provider } from "~/modules/directory/provider";
import { registrationState } from "~/modules/directory/registration";
import type { PublicReview, ReviewSummary } from "~/modules/reviews/list-reviews.server";
import { formatDate, ukDay } from "~/platform/dates";
import { socialCardUrl, type PageMeta } from "./meta";

const rating = (value: number) => ({
  "@type": "Rating",
  ratingValue: value,
  bestRating: 5,
  worstRating: 1,
});

/** A review as the page shows it: the name the reviewer gave, the day, the stars and the text. */
function reviewLd(r: PublicReview): Record<string, unknown> {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: r.reviewer_name },
    datePublished: ukDay(new Date(r.created_at)),
    reviewRating: rating(r.rating),
    reviewBody: r.review_text,
  };
}

/** aggregateRating and review, when the page shows published reviews; nothing otherwise. */
export function reviewsLd(reviews: ReviewSummary | null): Record<string, unknown> {
  if (!reviews || reviews.count === 0 || reviews.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map(reviewLd),
  };
}

function localBusinessLd(
  p: Provider,
  canonical: string,
  publicUrl: string,
  reviews: ReviewSummary | null,
): Record<string, unknown> {
  // Logos are served from this site ('/company-logo/...'): structured data needs absolute URLs.
  const logo = p.logo_url ? new URL(p.logo_url, `${publicUrl}/`).href : null;
  const website = websiteHref(p.website);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: p.business_name,
    // The registration's holder on the public register, whatever the listing calls itself.
    legalName: p.register_name,
    url: canonical,
    ...(p.about ? { description: p.about } : {}),
    ...(p.phone ? { telephone: p.phone } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(logo ? { logo, image: logo } : {}),
    ...(website ? { sameAs: [website] } : {}),
    ...(p.areas_covered.length ? { areaServed: p.areas_covered } : {}),
    address: {
      "@type": "PostalAddress",
      ...(p.address ? { streetAddress: p.address } : {}),
      ...(p.town ? { addressLocality: p.town } : {}),
      ...(p.postcode ? { postalCode: p.postcode } : {}),
      addressCountry: "GB",
    },
    identifier: {
      "@type": "PropertyValue",
      propertyID: "Waste carrier registration number",
      value: p.registration_number,
    },
    ...reviewsLd(reviews),
  };
}

/** The longest description: the registration's sentence always whole, then as much of the rest. */
export const DESCRIPTION_MAX = 230;

/**
 * The registration in words, from its state today (registration.ts): "waste carrier registration
 * CBDU1 (upper tier), in force until 30 June 2030", "... expired on 1 March 2026".
 */
export function registrationSentence(p: Provider, now: Date = new Date()): string {
  const tier = tierLabel(p.registration_tier).toLowerCase();
  const registration = `waste carrier registration ${p.registration_number}`;
  const state = registrationState(p, now);
  switch (state.state) {
    case "valid":
      return `${registration} (${tier}), in force until ${formatDate(state.until)}`;
    case "no-expiry":
      return `${registration} (${tier}), in force: it does not expire`;
    case "expired":
      return `${registration} (${tier}) expired on ${formatDate(state.since)}: not in force`;
    case "removed":
      return `${registration} (${tier}) is no longer on the public register`;
    case "expiry-unknown":
      return `${registration} (${tier}): not confirmed, its expiry date is unknown`;
  }
}

/**
 * Who holds it: the listing's name when it is the register's (letter case aside), else the
 * listing's as a trading name of the register's.
 */
function holder(p: Provider): string {
  const trading = tradingName(p);
  return trading ? `${trading}, trading name of ${p.register_name}` : p.business_name;
}

/** Text cut at a word to at most `max` characters, with an ellipsis when something was cut. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/**
 * The description a search engine shows: who holds the registration and its state today, then
 * a claimed listing's about text (or the advice to check) as far as it fits.
 */
export function profileDescription(p: Provider, now: Date = new Date()): string {
  const place = p.town ? ` in ${p.town}` : "";
  const facts = `${holder(p)}${place}: ${registrationSentence(p, now)}.`;
  const more =
    p.is_claimed && p.about ? p.about : "Check the registration's details before handing over your waste.";
  const room = DESCRIPTION_MAX - facts.length - 1;
  return room < 20 ? facts : `${facts} ${clip(more, room)}`;
}

/**
 * The profile's meta. `reviews`: what the page shows (premium profiles), or null where the page
 * shows no reviews. `now`: the day the registration's state is told for.
 */
export function profileMeta(
  p: Provider,
  { publicUrl, reviews, now = new Date() }: { publicUrl: string; reviews: ReviewSummary | null; now?: Date },
): PageMeta {
  const base = publicUrl.replace(/\/+$/, "");
  const canonical = `${base}/provider/${encodeURIComponent(p.registration_number)}`;
  const description = profileDescription(p, now);
  const seo: PageMeta = {
    title: `${p.business_name} – Waste Carrier ${p.registration_number}`,
    description,
    canonical,
    type: "profile",
    image: socialCardUrl(base, "provider", p.registration_number),
    imageAlt: `${p.business_name}: waste carrier registration ${p.registration_number} and its licence status`,
  };
  // LocalBusiness for claimed listings only (an unclaimed register entry is not a business page).
  if (p.is_claimed) seo.jsonLd = localBusinessLd(p, canonical, base, reviews);
  return seo;
}
