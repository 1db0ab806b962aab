/**
 * A provider profile's title, description, cards and structured data (decision 0216). Claimed
 * listings are a schema.org LocalBusiness; on a premium profile, which shows its published
 * reviews, the same reviews are marked up: the rating over all of them (`aggregateRating`) and
 * each review on the page (`review`). Only what the page shows: nothing for a profile without
 * published reviews, never a pending or rejected one (listProviderReviews reads published ones only).
 */
import { tierLabel, websiteHref, type Provider } from "~/modules/directory/provider";
import type { PublicReview, ReviewSummary } from "~/modules/reviews/list-reviews.server";
import { ukDay } from "~/platform/dates";
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

/**
 * The profile's meta. `reviews`: what the page shows (premium profiles), or null where the page
 * shows no reviews.
 */
export function profileMeta(
  p: Provider,
  { publicUrl, reviews }: { publicUrl: string; reviews: ReviewSummary | null },
): PageMeta {
  const base = publicUrl.replace(/\/+$/, "");
  const canonical = `${base}/provider/${encodeURIComponent(p.registration_number)}`;
  const place = p.town ? ` in ${p.town}` : "";
  const description =
    p.is_claimed && p.about
      ? p.about.slice(0, 155)
      : `${p.business_name}${place}: registered waste carrier ${p.registration_number} (${tierLabel(p.registration_tier).toLowerCase()}). Check the registration's validity and details.`;
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
