/** Search results: every search mode, grouping and cards, licence panel, services filter, sort, pagination, empty and bad input, API. */
import { expect, test, type Page } from "@playwright/test";
import { FIXTURE } from "../fixtures/10-directory";
import { expectAccessible } from "./support/auth-helpers";

const group = (page: Page, name: string) => page.getByRole("region", { name });

test("location path: title, subtitle, groups in order and the cards' links", async ({ page }) => {
  await page.goto("/search-results/Manchester");
  await expect(page).toHaveTitle(/Licensed Waste Carriers in Manchester/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waste carriers in Manchester");
  // Counted honestly: no "+" unless the count stopped at the cap (issue 14).
  await expect(page.getByText(/^\d+ licensed rubbish removal services found in Manchester$/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Search type" })).toHaveValue("location");

  const featured = group(page, "Featured Providers");
  const premium = featured.getByRole("article").filter({ hasText: "Greenway Waste Solutions" });
  await expect(premium.getByRole("link", { name: /^View Profile/ })).toHaveAttribute(
    "href",
    `/provider/${FIXTURE.premium}`,
  );
  await expect(premium.getByRole("link", { name: /^Request Quote/ })).toHaveAttribute(
    "href",
    `/provider/${FIXTURE.premium}#quote`,
  );
  await expect(premium.getByText("Premium")).toBeVisible();
  // Up to 3 services on a result card, then '+N more'.
  await expect(premium.getByRole("list", { name: "Services" }).getByRole("listitem")).toHaveText([
    "Household Waste",
    "Garden Waste",
    "Construction Waste",
    "+2 more",
  ]);

  const available = group(page, "Available Providers");
  // Unverified and suspended claims are shown as unclaimed, with the register's data.
  for (const [number, name] of [
    [FIXTURE.unverifiedClaim, "PENDING CLAIM HAULAGE"],
    [FIXTURE.suspendedClaim, "SUSPENDED SKIPS LTD"],
  ]) {
    const card = available.getByRole("article").filter({ hasText: name });
    await expect(card.getByRole("link", { name: /^Claim This Listing/ })).toHaveAttribute(
      "href",
      `/claim/${number}`,
    );
    await expect(card.getByRole("link", { name: /Request Quote/ })).toHaveCount(0);
  }
  await expect(page.getByText("REMOVED CARRIER LTD")).toHaveCount(0); // no longer on the register
  // Featured (claimed premium) before Available (unclaimed).
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.indexOf("Featured Providers")).toBeLessThan(headings.indexOf("Available Providers"));
  await expectAccessible(page);
});

test("registered providers group: claimed, not premium, View Profile only", async ({ page }) => {
  await page.goto("/search-results?query=leeds&type=location");
  const card = group(page, "Registered Providers")
    .getByRole("article")
    .filter({ hasText: "Northern Skip Hire" });
  await expect(card.getByRole("link", { name: /^View Profile/ })).toHaveAttribute(
    "href",
    `/provider/${FIXTURE.standard}`,
  );
  await expect(card.getByRole("link", { name: /Request Quote/ })).toHaveCount(0);
  await expect(group(page, "Available Providers")).toContainText("LEEDS WASTE CARRIERS");
});

test("business name search, with a typo", async ({ page }) => {
  await page.goto("/search-results?query=greenwya+waste&type=name");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “greenwya waste”");
  await expect(page.getByText("Including results for")).toContainText("greenway waste");
  await expect(page.getByRole("link", { name: "Greenway Waste Solutions", exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("all types: a registration number, a town or a name", async ({ page }) => {
  await page.goto(`/search-results?query=${FIXTURE.unclaimed}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("ACME RUBBISH REMOVALS");
  await page.getByRole("searchbox").fill("bristol");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=all&query=bristol/);
  await expect(page.getByRole("article").first()).toContainText("Bristol");
});

test("licence check: valid, expired and unknown numbers; spaces and case ignored; no services filter", async ({
  page,
}) => {
  await page.goto(`/search-results?query=cbdu+100+001&type=registration`);
  const panel = page.getByRole("region", { name: "License Verification Result" });
  await expect(panel).toContainText("Valid Registration until 30 June 2030");
  await expect(panel).toContainText("Greenway Waste Solutions");
  await expect(panel).toContainText("Upper tier");
  await expect(page.getByRole("group", { name: "Services" })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/search-results?query=${FIXTURE.expired}&type=registration`);
  await expect(page.getByRole("region", { name: "License Verification Result" })).toContainText(
    "Expired Registration since 1 March 2023",
  );

  await page.goto(`/search-results?query=${FIXTURE.lowerTier}&type=registration`);
  await expect(page.getByRole("region", { name: "License Verification Result" })).toContainText("Lower tier");

  await page.goto(`/search-results?query=CBDU999999&type=registration`);
  const invalid = page.getByRole("region", { name: "Invalid Registration Number" });
  await expect(invalid).toContainText("No provider found with registration number CBDU999999");
  await expect(page.getByText("No providers found", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
  await expectAccessible(page);

  // Five characters or fewer: a prefix list, no exact-match panel.
  await page.goto(`/search-results?query=CBDL1&type=registration`);
  await expect(page.getByRole("heading", { name: "License Verification Result" })).toHaveCount(0);
  await expect(page.getByRole("article")).toContainText("RIVERSIDE GARDEN SERVICES");
});

test("pagination: numbered pages, previous, next and the last page", async ({ page }) => {
  await page.goto("/search-results/Sheffield");
  await expect(page.getByText("Showing 1–10 of 26 · Page 1 of 3")).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/search-results\/Sheffield\?page=2$/);
  await expect(page.getByText("Showing 11–20 of 26 · Page 2 of 3")).toBeVisible();
  await pager.getByRole("link", { name: "Page 3" }).click();
  await expect(page.getByText("Showing 21–26 of 26 · Page 3 of 3")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(6);
  await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/page=2/);
  await pager.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/\/search-results\/Sheffield$/);
  // A new search starts again at page 1.
  await page.goto("/search-results/Sheffield?page=3");
  await page.getByRole("searchbox").fill("steel city");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).not.toHaveURL(/page=/);
});

test("services filter: toggling rewrites the services parameter and keeps carriers offering any of them", async ({
  page,
}) => {
  await page.goto("/search-results");
  await page.getByRole("checkbox", { name: "Commercial Waste" }).check();
  await expect(page).toHaveURL(/services=Commercial\+Waste|services=Commercial%20Waste/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Northern Skip Hire");
  await page.getByRole("checkbox", { name: "Garden Waste" }).check();
  await expect(page).toHaveURL(/services=Garden\+Waste%2CCommercial\+Waste/);
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Commercial Waste" }).uncheck();
  // As after each tick above: the page answers one change before the next click (the filters are
  // drawn again from the new address when it arrives).
  await expect(page).toHaveURL(/services=Garden\+Waste(?!%2C)/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Garden Waste" }).uncheck();
  await expect(page).not.toHaveURL(/services=/);
  await expectAccessible(page);
});

test("sort: claimed first by default, most relevant on request", async ({ page }) => {
  const order = async () => {
    const texts = await page.getByRole("article").allTextContents();
    return {
      northern: texts.findIndex((t) => t.includes("Northern Skip Hire")),
      leeds: texts.findIndex((t) => t.includes("LEEDS WASTE CARRIERS")),
    };
  };
  await page.goto("/search-results?query=leeds");
  // Claimed first: the first group is a claimed one, and Northern Skip Hire (claimed) is in it.
  const firstGroup = page.locator("section[aria-labelledby^='group-']").first();
  await expect(firstGroup.getByRole("heading", { level: 2 })).toHaveText("Registered Providers");
  await expect(firstGroup).toContainText("Northern Skip Hire");
  const o = await order();
  expect(o.northern).toBeLessThan(o.leeds);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("relevance");
  await expect(page).toHaveURL(/sort=relevance/);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("relevance");
  // Relevance: both are in the town Leeds (equal score), so register-name order: LEEDS... before
  // NORTHERN... The page still groups claimed above unclaimed; the order shows in the search itself.
  const api = await page.request.get("/api/v1/providers?query=leeds&sort=relevance");
  const names: string[] = (await api.json()).providers.map((p: { business_name: string }) => p.business_name);
  expect(names.indexOf("LEEDS WASTE CARRIERS")).toBeLessThan(names.indexOf("Northern Skip Hire"));
  const claimedFirst = await page.request.get("/api/v1/providers?query=leeds");
  const names2: string[] = (await claimedFirst.json()).providers.map(
    (p: { business_name: string }) => p.business_name,
  );
  expect(names2.indexOf("Northern Skip Hire")).toBeLessThan(names2.indexOf("LEEDS WASTE CARRIERS"));
});

test("no results and bad parameters", async ({ page }) => {
  await page.goto("/search-results?query=zzqqxxnothing&type=name");
  await expect(page.getByText("No providers found").first()).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
  await page.goto("/search-results?type=bogus&page=abc");
  await expect(page.getByRole("status")).toContainText("Unknown search type 'bogus'");
  await expect(page.getByRole("status")).toContainText("The page must be a whole number from 1.");
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("without JavaScript the filters and search still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/search-results");
  await page.getByRole("checkbox", { name: "Skip Hire" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("article")).toHaveCount(2);
  await context.close();
});

test("GET /api/v1/providers answers the same search as JSON and rejects bad input", async ({ request }) => {
  const ok = await request.get("/api/v1/providers?query=sheffield&type=location&page=2");
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body).toMatchObject({ totalCount: 26, pageCount: 3, currentPage: 2 });
  expect(body.providers).toHaveLength(10);
  expect(body.providers[0]).toHaveProperty("registration_number");
  const bad = await request.get("/api/v1/providers?type=nope");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).problems[0]).toContain("Unknown search type");
  const licence = await request.get(`/api/v1/providers?query=${FIXTURE.premium}&type=registration`);
  expect((await licence.json()).licence).toMatchObject({
    registration_number: FIXTURE.premium,
    is_claimed: true,
  });
});
