import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertPremiumListing, insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getProvider } from "~/modules/directory/get-provider.server";
import { listProviderReviews } from "~/modules/reviews/list-reviews.server";
import { profileMeta } from "./profile-meta";

const PUBLIC_URL = "https://directory.example";
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  const admin = await insertAdmin(t.db);
  await insertPremiumListing(t.db, "CBDU216001", { company_name: "Reviewed Removals" });
  await insertPremiumListing(t.db, "CBDU216002", { company_name: "Unreviewed Removals" });
  await insertRegisterEntry(t.db, { registration_number: "CBDU216003", business_name: "UNCLAIMED LTD" });
  const review = (
    name: string,
    rating: number,
    day: string,
    state: "published" | "pending" | "rejected",
  ) => ({
    provider_id: "CBDU216001",
    reviewer_name: name,
    reviewer_email: `${name.toLowerCase().replace(/\s+/g, "-")}@example.test`,
    rating,
    review_text: `${name} says: ${state}`,
    verified: state === "published",
    rejected_at: state === "rejected" ? new Date() : null,
    moderated_by: state === "pending" ? null : admin.id,
    // 23:30 UTC in summer is the next day in the UK: the day shown is the UK's.
    created_at: new Date(`${day}T23:30:00Z`),
  });
  await t.db
    .insertInto("reviews")
    .values([
      review("Ann Oldest", 5, "2026-05-01", "published"),
      review("Bob Middle", 4, "2026-06-01", "published"),
      review("Cat Newest", 2, "2026-07-01", "published"),
      review("Dan Pending", 1, "2026-07-02", "pending"),
      review("Eve Rejected", 1, "2026-07-03", "rejected"),
    ])
    .execute();
  // A pending review on the unreviewed provider: it has no published ones.
  await t.db
    .insertInto("reviews")
    .values({
      provider_id: "CBDU216002",
      reviewer_name: "Fay Pending",
      reviewer_email: "fay@example.test",
      rating: 5,
      review_text: "Not yet published",
    })
    .execute();
});
afterAll(async () => {
  await t?.destroy();
});

async function metaOf(registrationNumber: string, limit?: number) {
  const provider = await getProvider(t.db, registrationNumber);
  if (!provider) throw new Error(`no provider ${registrationNumber}`);
  const reviews = provider.is_premium ? await listProviderReviews(t.db, registrationNumber, limit) : null;
  return profileMeta(provider, { publicUrl: `${PUBLIC_URL}/`, reviews });
}

describe("a profile's structured data and cards", () => {
  it("marks up the published reviews only: their average and count, and each one as the page shows it", async () => {
    const meta = await metaOf("CBDU216001");
    const ld = meta.jsonLd as Record<string, unknown>;
    expect(ld).toMatchObject({ "@type": "LocalBusiness", name: "Reviewed Removals" });
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 3.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual(
      [
        ["Cat Newest", 2, "2026-07-02"],
        ["Bob Middle", 4, "2026-06-02"],
        ["Ann Oldest", 5, "2026-05-02"],
      ].map(([name, rating, day]) => ({
        "@type": "Review",
        author: { "@type": "Person", name },
        datePublished: day,
        reviewRating: { "@type": "Rating", ratingValue: rating, bestRating: 5, worstRating: 1 },
        reviewBody: `${name} says: published`,
      })),
    );
    // Neither the unpublished reviews nor any reviewer's e-mail address.
    expect(JSON.stringify(ld)).not.toMatch(/Pending|Rejected|(ann|bob|cat|dan|eve)-\w+@/);
  });

  it("counts every published review while marking up only those on the page", async () => {
    const ld = (await metaOf("CBDU216001", 2)).jsonLd as { aggregateRating: unknown; review: unknown[] };
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 3.7, reviewCount: 3 });
    expect(ld.review).toHaveLength(2);
  });

  it("has no rating without published reviews, and no LocalBusiness for an unclaimed register entry", async () => {
    const none = await metaOf("CBDU216002");
    expect(none.jsonLd).toMatchObject({ "@type": "LocalBusiness", name: "Unreviewed Removals" });
    expect(none.jsonLd).not.toHaveProperty("aggregateRating");
    expect(none.jsonLd).not.toHaveProperty("review");
    const unclaimed = await metaOf("CBDU216003");
    expect(unclaimed.jsonLd).toBeUndefined();
  });

  it("gives the profile its canonical address and its own card", async () => {
    const meta = await metaOf("CBDU216001");
    expect(meta).toMatchObject({
      title: "Reviewed Removals – Waste Carrier CBDU216001",
      canonical: `${PUBLIC_URL}/provider/CBDU216001`,
      image: `${PUBLIC_URL}/og/provider/CBDU216001.png`,
      type: "profile",
    });
    expect(meta.imageAlt).toContain("Reviewed Removals");
  });
});
