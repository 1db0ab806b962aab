/**
 * Search results: every search mode, grouping and cards, licence panel, services filter, sort,
 * pagination, empty and bad input, API; a number in any box is a licence check (decision 0277) and
 * expired registrations are never featured or counted as licensed (decision 0278).
 */
import { expect, test, type Page } from "@playwright/test";
import { FIXTURE } from "../fixtures/10-directory";
import { LAPSE } from "../fixtures/62-lapsed-quotes";
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

// Decision 0277: a registration number is always a licence check.
const SHOTS = "tmp/h8-shots";
const licencePanel = (page: Page) =>
  page.getByRole("region", { name: /License Verification Result|Invalid Registration Number/ });

test("a number typed in the home page's default Location box gets the licence answer, on a phone's first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await expect(page.getByRole("radio", { name: "Location" })).toBeChecked();
  await page.getByRole("searchbox").fill(FIXTURE.expired);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=location&query=CBDU100004/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registration number search");
  const panel = licencePanel(page);
  await expect(panel).toContainText("Expired Registration since 1 March 2023");
  await expect(panel).toContainText("OLD TOWN CLEARANCES");
  await expect(page.getByText(/rubbish removal services? found in/)).toHaveCount(0);
  // The answer is on the first screen of a phone.
  const verdict = panel.getByText("Expired Registration since 1 March 2023");
  expect((await verdict.boundingBox())!.y + 20).toBeLessThan(812);
  // The box keeps the type chosen for the next search.
  await expect(page.getByRole("combobox", { name: "Search type" })).toHaveValue("location");
  await page.screenshot({ path: `${SHOTS}/typed-number-expired-375.png` });

  // A number on no register: said plainly, above the numbers that start with it.
  await page.goto("/");
  await page.getByRole("searchbox").fill("CBDU1000");
  await page.getByRole("button", { name: "Search" }).click();
  const missing = licencePanel(page);
  await expect(missing.getByRole("heading")).toHaveText("Invalid Registration Number");
  await expect(missing).toContainText("No provider found with registration number CBDU1000");
  expect((await missing.boundingBox())!.y).toBeLessThan(812);
  await expect(page.getByText(/rubbish removal services? found in Cbdu1000/)).toHaveCount(0);
  // The number itself first is a licence check's own order, not a filter the visitor set.
  await expect(page.getByRole("link", { name: "Filters", exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/typed-number-missing-375.png` });
  await expectAccessible(page);
});

test("a number inside other text is checked: 'Reg: CBDU…', with the number it found", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByText("Business Name", { exact: true }).click();
  await page.getByRole("searchbox").fill(`Reg: ${FIXTURE.premium}.`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(licencePanel(page)).toContainText("Valid Registration until 30 June 2030");
  await expect(licencePanel(page)).toContainText("Greenway Waste Solutions");
  await expect(page.getByTestId("number-read-from")).toHaveText(
    `Showing the licence check for ${FIXTURE.premium}, the registration number in “Reg: ${FIXTURE.premium}.”.`,
  );
  await expect(page.getByRole("searchbox")).toHaveValue(`Reg: ${FIXTURE.premium}.`);
  await expect(page.getByRole("combobox", { name: "Search type" })).toHaveValue("name");

  // Spaced, with hyphens and a comma, from the results page's box in any type.
  await page.getByRole("combobox", { name: "Search type" }).selectOption("location");
  await page.getByRole("searchbox").fill("cbdu-100 004,");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(licencePanel(page)).toContainText("Expired Registration since 1 March 2023");

  // The API answers the same licence check.
  const api = await request.get(
    `/api/v1/providers?${new URLSearchParams({ query: `Reg: ${FIXTURE.expired}.`, type: "location" })}`,
  );
  expect(api.status()).toBe(200);
  expect(await api.json()).toMatchObject({
    licence: { registration_number: FIXTURE.expired, expiry_date: "2023-03-01" },
    licenceNumber: FIXTURE.expired,
    hiddenExpired: 0,
  });
});

// Decision 0278: only registrations in force are featured, grouped with the licensed or counted.
test("an expired Premium listing is not featured: it sits under the expired heading, not counted as licensed", async ({
  page,
}) => {
  await page.goto(`/search-results?query=${LAPSE.town}&type=name`);
  const featured = group(page, "Featured Providers");
  await expect(featured.getByRole("article")).toHaveCount(1);
  await expect(featured).toContainText(LAPSE.expiring.businessName);
  const expired = group(page, "Expired Registrations");
  await expect(expired).toContainText(
    "Not licensed to carry waste until renewed: their registration with the Environment Agency has expired.",
  );
  const lapsed = expired.getByRole("article").filter({ hasText: LAPSE.expired.businessName });
  await expect(lapsed.getByText("Expired", { exact: true })).toBeVisible();
  await expect(lapsed.getByText("Premium")).toHaveCount(0);
  await expect(lapsed.getByRole("link", { name: /Request Quote/ })).toHaveCount(0);
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.indexOf("Featured Providers")).toBeLessThan(headings.indexOf("Expired Registrations"));
  await expect(page.getByText("1 licensed rubbish removal service found in the UK")).toBeVisible();
  await expectAccessible(page);

  // A town's page hides them; shown on request, they are still in their own group, not counted.
  await page.goto(`/search-results/${LAPSE.town}`);
  await expect(page.getByTestId("hidden-expired")).toHaveText("1 expired registration hidden");
  await expect(group(page, "Expired Registrations")).toHaveCount(0);
  await page.getByRole("link", { name: "Show expired registrations" }).click();
  await expect(group(page, "Expired Registrations")).toContainText(LAPSE.expired.businessName);
  await expect(group(page, "Featured Providers")).not.toContainText(LAPSE.expired.businessName);
  await expect(page.getByText(`1 licensed rubbish removal service found in ${LAPSE.town}`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/expired-shown-375.png`, fullPage: true });
});
