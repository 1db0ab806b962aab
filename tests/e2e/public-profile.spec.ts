/** Provider profiles: claimed premium, claimed standard, unclaimed, expired, lower tier, no address, not found; analytics; SEO files. */
import { expect, test } from "@playwright/test";
import { FIXTURE } from "../fixtures/10-directory";
import { expectAccessible } from "./support/auth-helpers";

test("claimed premium profile: claimed data, Premium badge, contact, services, areas, quote button, LocalBusiness", async ({
  page,
}) => {
  await page.goto(`/provider/${FIXTURE.premium}`);
  await expect(page).toHaveTitle(/Greenway Waste Solutions/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link", { name: "Search Results" })).toHaveAttribute(
    "href",
    "/search-results",
  );
  await expect(crumbs).toContainText("Greenway Waste Solutions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Greenway Waste Solutions");
  await expect(page.getByText("Premium", { exact: true })).toBeVisible();
  await expect(page.getByText("Valid Registration until 30 June 2030")).toBeVisible();
  await expect(page.getByText("Unit 4, Ancoats Works, Pollard Street, Manchester, M1 1AE")).toBeVisible();
  await expect(page.getByText(/Family-run licensed waste carrier/)).toBeVisible();
  await expect(page.getByRole("link", { name: "0161 496 0000" })).toHaveAttribute(
    "href",
    `/provider/${FIXTURE.premium}/call`,
  );
  await expect(page.getByRole("link", { name: "hello@greenway.example" })).toHaveAttribute(
    "href",
    "mailto:hello@greenway.example",
  );
  await expect(page.getByRole("link", { name: /www\.greenway\.example/ })).toHaveAttribute(
    "href",
    "https://www.greenway.example/",
  );
  await expect(page.getByRole("list", { name: "Services" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByText("Stockport")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "#quote");
  await expect(page.locator("#quote")).toHaveCount(1);
  await expect(page.getByText("Do you own this business?")).toHaveCount(0);
  const details = page.getByRole("definition");
  await expect(details.filter({ hasText: "09876543" })).toHaveCount(1);
  await expect(details.filter({ hasText: "30 June 2021" })).toHaveCount(1);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${origin}/provider/${FIXTURE.premium}`,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "LocalBusiness",
    name: "Greenway Waste Solutions",
    telephone: "0161 496 0000",
  });
  expect(jsonLd).not.toHaveProperty("aggregateRating");
  await expectAccessible(page);
});

test("claimed standard profile: claimed blocks, no Premium badge or quote, description placeholder", async ({
  page,
}) => {
  await page.goto(`/provider/${FIXTURE.standard.toLowerCase()}`); // case ignored
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Northern Skip Hire");
  await expect(page.getByText("This business hasn't added a description yet.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact" })).toBeVisible();
  await expect(page.getByText("Premium", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/provider/${FIXTURE.standard}$`),
  );
});

test("unclaimed profile: register data only, 'Do you own this business?' to the claim wizard, no LocalBusiness", async ({
  page,
}) => {
  await page.goto(`/provider/${FIXTURE.unverifiedClaim}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PENDING CLAIM HAULAGE");
  await expect(page.getByText("This business hasn't added a description yet.")).toBeVisible();
  await expect(page.getByText("0161 496 0999")).toHaveCount(0); // unverified claim data is not shown
  await expect(page.getByRole("heading", { name: "Contact" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Services offered" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Do you own this business?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Claim This Listing" })).toHaveAttribute(
    "href",
    `/claim/${FIXTURE.unverifiedClaim}`,
  );
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expectAccessible(page);
});

test("expired, lower tier and address-less profiles", async ({ page }) => {
  await page.goto(`/provider/${FIXTURE.expired}`);
  await expect(page.getByText("Expired Registration since 1 March 2023")).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/provider/${FIXTURE.lowerTier}`);
  await expect(page.getByText("Valid Registration (lower tier registrations do not expire)")).toBeVisible();
  await expect(page.getByText("Does not expire (lower tier)")).toBeVisible();
  await page.goto(`/provider/${FIXTURE.noAddress}`);
  await expect(page.getByText("Address not available")).toBeVisible();
});

test("Provider Not Found: 404 with Return to Home; a removed listing says it is no longer on the register", async ({
  page,
}) => {
  const response = await page.goto("/provider/CBDU000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Provider Not Found" })).toBeVisible();
  await expect(
    page.getByText("We couldn't find a waste carrier with registration number CBDU000000."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
  // Issue 8: a registration that left the register is kept and shown as such (410 Gone).
  const removed = await page.goto(`/provider/${FIXTURE.removed}`);
  expect(removed?.status()).toBe(410);
  await expect(page.getByText("No longer on the register", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Provider Not Found" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a removed number typed on a phone is answered 'No longer on the register', with whose it was, on the first screen", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 667 } })).newPage();
  await page.goto("/");
  // Typed into the home page's default (Location) box, in lower case.
  await page.getByRole("searchbox").fill(FIXTURE.removed.toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const panel = page.getByRole("region", { name: "No longer on the register" });
  await expect(panel).toContainText(
    `${FIXTURE.removed} (REMOVED CARRIER LTD) was on the Environment Agency's`,
  );
  await expect(panel).toContainText("Do not hand waste to a carrier without a current registration.");
  await expect(
    panel.getByRole("link", { name: `check ${FIXTURE.removed} on the Environment Agency's public register` }),
  ).toBeVisible();
  await expect(page.getByText("Invalid Registration Number")).toHaveCount(0);
  await expect(page.getByText(/Valid Registration/)).toHaveCount(0);
  const box = await panel.getByRole("heading").boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(667);
  await page.screenshot({ path: "tmp/shots/removed-number-375.png" });
  await expectAccessible(page);
});

test("views and phone clicks are counted; the phone link works without JavaScript", async ({
  page,
  request,
}) => {
  const count = async () => {
    const r = await request.get(`/provider/${FIXTURE.premium}/call`, { maxRedirects: 0 });
    return r;
  };
  const r = await count();
  expect(r.status()).toBe(302);
  expect(r.headers()["location"]).toBe("tel:01614960000");
  // Unclaimed listings have no phone link: back to the profile.
  const unclaimed = await request.get(`/provider/${FIXTURE.unclaimed}/call`, { maxRedirects: 0 });
  expect(unclaimed.headers()["location"]).toBe(`/provider/${FIXTURE.unclaimed}`);
  await page.goto(`/provider/${FIXTURE.premium}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("robots.txt and the sitemaps", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain("<sitemapindex");
  expect(index).toMatch(/\/sitemaps\/providers-1\.xml/);
  expect(index).toMatch(/\/sitemaps\/pages\.xml/);
  const providers = await (await request.get("/sitemaps/providers-1.xml")).text();
  expect(providers).toContain(`/provider/${FIXTURE.premium}</loc>`);
  expect(providers).not.toContain(FIXTURE.removed);
  const pages = await (await request.get("/sitemaps/pages.xml")).text();
  expect(pages).toContain("/search-results/Sheffield</loc>");
  expect((await request.get("/sitemaps/providers-99.xml")).status()).toBe(404);
});
