/** Home page and site frame: hero search modes, popular places, featured carriers, city links, header, footer, mobile menu, 404. */
import { expect, test } from "@playwright/test";
import { CITY_LINKS, POPULAR_LOCATIONS } from "../../app/modules/directory/places";
import { expectAccessible } from "./support/auth-helpers";

test("home: warning banner, hero, popular places, featured carriers, why-verified, 20 city links, register call to action", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/UK Waste Carrier Directory/);
  await expect(page.getByRole("note", { name: "Warning" })).toContainText(
    "unlimited fine or up to 5 years in prison",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a licensed waste carrier near you");
  for (const city of POPULAR_LOCATIONS) {
    await expect(page.getByRole("link", { name: city, exact: true })).toHaveAttribute(
      "href",
      `/search-results/${encodeURIComponent(city)}`,
    );
  }
  const featured = page.getByRole("region", { name: "Featured carriers" }).getByRole("article");
  await expect(featured).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Featured carriers" })).toContainText(
    "Greenway Waste Solutions",
  );
  await expect(page.getByRole("heading", { name: "Why choose a verified waste carrier?" })).toBeVisible();
  const cities = page.getByRole("region", { name: "Find waste carriers by city" }).getByRole("link");
  await expect(cities).toHaveCount(20);
  for (const city of CITY_LINKS) {
    await expect(page.getByRole("link", { name: `Waste carriers in ${city}` })).toHaveAttribute(
      "href",
      `/search-results/${encodeURIComponent(city)}`,
    );
  }
  await expect(
    page
      .getByRole("region", { name: /registered waste carrier/ })
      .getByRole("link", { name: "Register My Business" }),
  ).toHaveAttribute("href", "/register");
  // SEO: canonical, Open Graph and the Organization JSON-LD.
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    /find a licensed waste carrier/,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Organization", url: `${origin}/` });
  await expectAccessible(page);
});

test("home search: the three modes send the right type, and a blank query is not submitted", async ({
  page,
}) => {
  await page.goto("/");
  const box = page.getByRole("searchbox");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/$/); // blank: ignored
  await box.fill("   ");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/$/);

  await box.fill("Leeds");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search-results\?type=location&query=Leeds/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waste carriers in Leeds");

  await page.goto("/");
  await page.getByText("Business Name", { exact: true }).click();
  await page.getByRole("searchbox").fill("greenway");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=name&query=greenway/);
  await expect(page.getByRole("link", { name: "Greenway Waste Solutions", exact: true })).toBeVisible();

  await page.goto("/");
  await page.getByText("License No.", { exact: true }).click();
  await page.getByRole("searchbox").fill("cbdu 100003");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=registration/);
  await expect(page.getByRole("heading", { name: "License Verification Result" })).toBeVisible();
});

test("header and footer: links to every section and static page; account links when signed out", async ({
  page,
}) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Directory", exact: true })).toHaveAttribute(
    "href",
    "/search-results",
  );
  await expect(header.getByRole("link", { name: "Resources" })).toHaveAttribute("href", "/resources");
  await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Register My Business" })).toHaveAttribute(
    "href",
    "/register",
  );
  const footer = page.getByRole("contentinfo");
  for (const path of [
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/cookies",
    "/resources",
    "/legislation",
    "/recycling-guides",
    "/faq",
    "/wastenotegeneration",
    "/register",
  ]) {
    await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
  }
});

test("navigation scrolls to the top of the new page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Search carriers" }).click();
  await expect(page).toHaveURL(/\/search-results$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a licensed waste carrier");
  // The router scrolls the new page to the top once it has rendered; scroll down after that.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  }).toPass();
  await page
    .getByRole("banner")
    .getByRole("link", { name: /UK Waste Carrier/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a licensed waste carrier near you");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the public pages' links navigate within the page, as router links do; a modified click is the browser's", async ({
  page,
}) => {
  const reloads = () => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);
  // "Use my location" is drawn once React has hydrated the page (before that, links are plain links).
  const hydrated = () => expect(page.getByRole("button", { name: "Use my location" })).toBeVisible();
  await page.goto("/");
  await hydrated();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole("link", { name: "Waste carriers in Leeds" }).click();
  await expect(page).toHaveURL(/\/search-results\/Leeds$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Leeds");
  expect(await reloads()).toBe(true); // the same document: a client-side navigation (decision 0228)

  // A card's profile link carries the search as the page's state: the breadcrumb leads back to it.
  const search = "/search-results?type=location&query=LS1+1AA&radius=5";
  await page.goto(search);
  await hydrated();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const viewProfile = page.getByRole("link", { name: /^View Profile/ }).first();
  const profilePath = await viewProfile.getAttribute("href");
  await viewProfile.click();
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Search Results" }),
  ).toHaveAttribute("href", search);
  expect(await reloads()).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${search.replace(/[?+]/g, "\\$&")}$`));

  // Ctrl+click opens the profile in a new tab and leaves this page where it is.
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    page
      .getByRole("link", { name: /^View Profile/ })
      .first()
      .click({ modifiers: ["Control"] }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(page).toHaveURL(new RegExp(`${search.replace(/[?+]/g, "\\$&")}$`));
  await tab.close();
});

test.describe("mobile, 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the slide-out menu holds the header's items, traps focus and closes on navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Directory", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const name of ["Directory", "Resources", "Login", "Register My Business"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused(); // focus comes back
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Directory", exact: true }).click();
    await expect(page).toHaveURL(/\/search-results$/);
    await expect(menu).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375); // nothing overflows sideways
  });
});

test("an unknown path answers 404 inside the site frame", async ({ page }) => {
  const response = await page.goto("/no-such-directory-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("banner").getByRole("link", { name: "Directory", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
  await expectAccessible(page);
});
