/**
 * What a crawler or a link preview sees without running JavaScript (issue 18, decision 0216): a
 * premium profile's published reviews in the HTML, their rating in the JSON-LD, and the Open Graph
 * and Twitter card tags of every public page, whose card image answers as a PNG.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CRAWLER } from "../fixtures/95-crawler";

test.use({ javaScriptEnabled: false });

const PROFILE = `/provider/${CRAWLER.registrationNumber}`;

/** The JSON-LD blocks of a page's HTML, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

test("a profile's published reviews are in its HTML, and their rating in its JSON-LD", async ({
  request,
}) => {
  const response = await request.get(PROFILE, { headers: { "User-Agent": "Googlebot/2.1" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("Loading reviews...");
  for (const review of CRAWLER.published.slice(0, 2)) {
    expect(html).toContain(review.name);
    expect(html).toContain(review.text);
  }
  // The review with markup in it is text on the page, never markup.
  expect(html).toContain("Late by an hour &lt;/script&gt;&lt;script&gt;document.title=");
  expect(html).not.toContain("<script>document.title");
  for (const hidden of [CRAWLER.pending, CRAWLER.rejected]) {
    expect(html).not.toContain(hidden.name);
    expect(html).not.toContain(hidden.text);
  }

  const [business, ...others] = jsonLdOf(html);
  expect(others).toHaveLength(0);
  expect(business).toMatchObject({
    "@type": "LocalBusiness",
    name: CRAWLER.businessName,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: CRAWLER.average,
      reviewCount: CRAWLER.published.length,
      bestRating: 5,
      worstRating: 1,
    },
  });
  const reviews = business!.review as {
    author: { name: string };
    reviewBody: string;
    reviewRating: { ratingValue: number };
    datePublished: string;
  }[];
  expect(reviews.map((r) => [r.author.name, r.reviewRating.ratingValue, r.reviewBody])).toEqual(
    CRAWLER.published.map((r) => [r.name, r.rating, r.text]),
  );
  expect(reviews[0]!.datePublished).toBe("2026-01-10");
});

test("a visitor without JavaScript reads the reviews on the profile", async ({ page }) => {
  await page.goto(PROFILE);
  await expect(page.getByText(`(${CRAWLER.published.length} reviews)`)).toBeVisible();
  const list = page.getByRole("list", { name: "Reviews" });
  await expect(list.getByRole("listitem")).toHaveCount(CRAWLER.published.length);
  await expect(list).toContainText(CRAWLER.published[0].text);
  await expect(list).toContainText(CRAWLER.published[2].text);
  await expect(page.getByText(CRAWLER.pending.text)).toHaveCount(0);
  await expect(page.getByText("Loading reviews...")).toHaveCount(0);
});

async function metaContent(page: Page, attribute: "property" | "name", key: string): Promise<string> {
  const tag = page.locator(`meta[${attribute}="${key}"]`);
  await expect(tag).toHaveCount(1);
  return (await tag.getAttribute("content")) ?? "";
}

/** The PNG's width and height, from its header. */
async function pngSize(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const body = await response.body();
  expect(body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test("every public page has its title, description, address and card for link previews", async ({
  page,
  request,
  baseURL,
}) => {
  const pages = [
    { path: "/", image: "/social-card.png", type: "website" },
    { path: "/search-results", image: "/social-card.png", type: "website" },
    { path: `/search-results/${CRAWLER.town}`, image: `/og/town/${CRAWLER.town}.png`, type: "website" },
    { path: PROFILE, image: `/og/provider/${CRAWLER.registrationNumber}.png`, type: "profile" },
    { path: "/about", image: "/social-card.png", type: "website" },
    { path: "/resources/duty-of-care", image: "/social-card.png", type: "article" },
  ];
  for (const expected of pages) {
    await page.goto(expected.path);
    const title = await metaContent(page, "property", "og:title");
    expect(title, expected.path).not.toBe("");
    expect(await page.title()).toContain(title);
    expect(await metaContent(page, "property", "og:description")).toBe(
      await metaContent(page, "name", "description"),
    );
    expect(await metaContent(page, "property", "og:type")).toBe(expected.type);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(await metaContent(page, "property", "og:url")).toBe(canonical);
    expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
    const image = await metaContent(page, "property", "og:image");
    expect(image, expected.path).toBe(`${baseURL}${expected.image}`);
    expect(await pngSize(request, image)).toEqual({ width: 1200, height: 630 });
  }
});

test("card addresses: 404 for what has no page, revalidated by ETag, cached for an hour", async ({
  request,
}) => {
  for (const missing of [
    "/og/provider/CBDU0000000.png",
    `/og/provider/${CRAWLER.registrationNumber}.jpg`,
    "/og/town/Atlantis.png",
    `/og/person/${CRAWLER.registrationNumber}.png`,
  ]) {
    expect((await request.get(missing)).status(), missing).toBe(404);
  }
  const card = `/og/provider/${CRAWLER.registrationNumber}.png`;
  const first = await request.get(card);
  expect(first.headers()["cache-control"]).toBe("public, max-age=3600");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request.get(card, { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
});
