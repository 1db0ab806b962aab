/**
 * Static pages, the Resources guides, the FAQ and the 'under construction' pages: each one is
 * visited, its heading and key texts checked (including the spec's wording), its links
 * followed where they matter, its meta tags read, and axe-core run over the whole page.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/auth-helpers";
import { classValue, computed } from "./support/styles";

const SITE = "UK Waste Carrier Directory";

async function expectMeta(page: Page, path: string, title: string) {
  await expect(page).toHaveTitle(`${title} | ${SITE}`);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${path}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}${path}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0).toBeGreaterThan(60);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description ?? "");
}

/** Every external link in the page body opens safely, and there is at least `min` of them. */
async function expectSafeExternalLinks(page: Page, min: number) {
  const external = page.locator('main a[href^="http"]');
  expect(await external.count()).toBeGreaterThanOrEqual(min);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("target", "_blank");
  }
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
}

const main = (page: Page) => page.getByRole("main");

/** Opens the page (answering 200) and checks its main heading. */
async function visitPage(page: Page, path: string, heading: string) {
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

/** The page body holds each of the texts. */
async function expectTexts(page: Page, texts: readonly string[]) {
  for (const text of texts) await expect(main(page)).toContainText(text);
}

/** The page body's link of that name goes to href. */
async function expectLink(page: Page, name: string | RegExp, href: string) {
  await expect(main(page).getByRole("link", { name })).toHaveAttribute("href", href);
}

/** The page's meta tags (see expectMeta) and axe-core's verdict. */
async function expectMetaAndAccessible(page: Page, path: string, title: string) {
  await expectMeta(page, path, title);
  await expectAccessible(page, { bestPractice: true });
}

test.describe("static pages", () => {
  test("About explains the service and links to search", async ({ page }) => {
    await visitPage(page, "/about", "About the UK Waste Carrier Directory");
    await expectTexts(page, [
      "Environment Agency",
      "We are not the regulator",
      "Open Government Licence v3.0",
    ]);
    await expectLink(page, "Search the directory", "/search-results");
    await expectLink(page, "Register My Business", "/register");
    await expectSafeExternalLinks(page, 1);
    await expectMetaAndAccessible(page, "/about", "About Us");
  });

  test("Contact gives the response time, the hours and links to search and register", async ({ page }) => {
    await visitPage(page, "/contact", "Get in touch");
    await expectTexts(page, [
      "We respond to every message within 24 hours.",
      "Monday to Friday 9:00 AM to 5:00 PM",
    ]);
    await expectLink(page, "Search the directory", "/search-results");
    await expectLink(page, "Register My Business", "/register");
    await expectLink(page, "0800 80 70 60", "tel:+448008070060");
    await expectSafeExternalLinks(page, 2);
    await expectMetaAndAccessible(page, "/contact", "Contact Us");
  });

  test("Privacy covers UK GDPR, what is stored and the cookies", async ({ page }) => {
    await visitPage(page, "/privacy", "Privacy Notice");
    await expect(page.getByText("Last updated: November 2026")).toBeVisible();
    for (const heading of [
      "Who we are",
      "What we hold and why",
      "Who we share it with",
      "How long we keep it",
      "Your rights",
      "Cookies",
      "Complaints",
    ]) {
      await expect(main(page).getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expectTexts(page, [
      "UK General Data Protection Regulation (UK GDPR)",
      "Open Government Licence v3.0",
      "Claims and business accounts",
      "Quote requests",
      "Reviews",
      "We use no tracking",
      "our support team via the contact page",
    ]);
    await expect(main(page)).not.toContainText("@");
    await expectLink(page, "cookie policy", "/cookies");
    await expectLink(page, /Information Commissioner's Office/, "https://ico.org.uk");
    await expectSafeExternalLinks(page, 2);
    await expectMetaAndAccessible(page, "/privacy", "Privacy Notice");
  });

  test("Terms set out what the directory is and who is responsible for what", async ({ page }) => {
    await visitPage(page, "/terms", "Terms of Use");
    await expectTexts(page, [
      "We are not the Environment Agency",
      "Your legal duty of care stays with you",
      "Each e-mail address can review a business once",
      "£200 a month or £1,999 a year",
      "law of England and Wales",
    ]);
    await expect(main(page)).not.toContainText("@");
    await expectSafeExternalLinks(page, 1);
    await expectMetaAndAccessible(page, "/terms", "Terms of Use");
  });

  test("Cookies lists exactly the cookies the site sets, and no tracking", async ({ page }) => {
    await visitPage(page, "/cookies", "Cookie Policy");
    const rows = main(page).getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("__session");
    await expect(rows.nth(1)).toContainText("__toast");
    await expect(rows.nth(2)).toContainText("__pwlink");
    await expect(rows.nth(3)).toContainText("__reviews");
    await expect(main(page).getByRole("heading", { level: 2, name: "No tracking" })).toBeVisible();
    await expect(main(page)).toContainText("any third-party cookies");
    await expectMetaAndAccessible(page, "/cookies", "Cookie Policy");
  });

  test("the light ghost buttons on the About and Resources banners stay white on brand green when hovered", async ({
    page,
  }) => {
    for (const [path, name] of [
      ["/about", "List your business"],
      ["/resources", "Read the FAQ"],
    ]) {
      await visit(page, path);
      const link = main(page).getByRole("link", { name });
      await link.hover();
      await expect
        .poll(() => computed(link, "backgroundColor"))
        .toBe(await classValue(page, "bg-brand-700", "backgroundColor"));
      expect(await computed(link, "color")).toBe(await classValue(page, "text-white", "color"));
    }
  });

  test("the page contents list jumps to its section", async ({ page }) => {
    await visit(page, "/privacy");
    await page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: "Your rights" })
      .click();
    await expect(page).toHaveURL(/#your-rights$/);
    await expect(page.getByRole("heading", { level: 2, name: "Your rights" })).toBeInViewport();
  });
});

const GUIDES = [
  {
    slug: "carrier-licensing",
    title: "Waste carrier licensing explained",
    facts: [
      "Control of Pollution (Amendment) Act 1989",
      "Waste (England and Wales) Regulations 2011",
      "CBDU",
      "CBDL",
      "3 years",
      "does not expire",
    ],
    official: [
      "https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers",
      "https://www.gov.uk/waste-carrier-or-broker-registration",
      "https://www.sepa.org.uk",
    ],
  },
  {
    slug: "duty-of-care",
    title: "Your waste duty of care",
    facts: ["Section 34", "34(2A)", "fixed penalty notice", "at least 2 years", "3 years"],
    official: [
      "https://www.gov.uk/guidance/waste-duty-of-care-code-of-practice",
      "https://www.gov.uk/managing-your-waste-an-overview",
    ],
  },
  {
    slug: "fly-tipping-risks",
    title: "Fly-tipping: the law and the risks",
    facts: [
      "Section 33",
      "unlimited fine",
      "5 years' imprisonment",
      "Householders are liable too",
      "0800 80 70 60",
    ],
    official: ["https://www.gov.uk/report-flytipping"],
  },
  {
    slug: "household-recycling",
    title: "Household recycling and getting rid of rubbish legally",
    facts: [
      "Simpler Recycling",
      "Household waste recycling centres",
      "Keep batteries out of your bin",
      "registered waste carrier",
    ],
    official: ["https://www.gov.uk/find-local-council"],
  },
  {
    slug: "hazardous-waste-basics",
    title: "Hazardous waste basics",
    facts: [
      "Hazardous Waste (England and Wales) Regulations 2005",
      "consignment note",
      "3 years",
      "Special Waste Regulations 1996",
      "Asbestos: do not disturb it",
    ],
    official: ["https://www.gov.uk/dispose-hazardous-waste", "https://www.daera-ni.gov.uk"],
  },
  {
    slug: "avoiding-fly-tipping",
    title: "How to avoid your rubbish being fly-tipped",
    facts: [
      "SCRAP code",
      "They will only take cash",
      "No registration number, no deal",
      "receipt or waste transfer note",
    ],
    official: [
      "https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers",
      "https://www.gov.uk/report-flytipping",
    ],
  },
  {
    slug: "using-directory",
    title: "How to use the UK Waste Carrier Directory",
    facts: [
      "License Verification Result",
      "Featured Providers",
      "Registered Providers",
      "Available Providers",
      "Invalid Registration Number",
      "1 to 2 business days",
    ],
    official: ["https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers"],
  },
  {
    slug: "checking-license",
    title: "How to check a waste carrier's licence",
    facts: [
      "Ask for the registration number",
      "Check the tier",
      "Check the expiry date",
      "If the check fails, walk away",
      "03708 506 506",
    ],
    official: [
      "https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers",
      "https://naturalresources.wales",
    ],
  },
] as const;

test.describe("resources", () => {
  test("the Resources index links all eight guides and the official registers", async ({ page }) => {
    await visitPage(page, "/resources", "Waste guides and resources");
    const guideLinks = main(page).locator('a[href^="/resources/"]');
    await expect(guideLinks).toHaveCount(GUIDES.length);
    for (const guide of GUIDES) {
      await expectLink(page, guide.title, `/resources/${guide.slug}`);
    }
    for (const href of [
      "https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers",
      "https://naturalresources.wales",
      "https://www.sepa.org.uk",
      "https://www.daera-ni.gov.uk",
    ]) {
      await expect(main(page).locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expectSafeExternalLinks(page, 4);
    await expectMetaAndAccessible(page, "/resources", "Waste guides and resources");

    await main(page).getByRole("link", { name: "Your waste duty of care" }).click();
    await expect(page).toHaveURL(/\/resources\/duty-of-care$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your waste duty of care");
  });

  for (const guide of GUIDES) {
    test(`guide: ${guide.slug}`, async ({ page }) => {
      await visitPage(page, `/resources/${guide.slug}`, guide.title);
      await expect(main(page)).toContainText("Last reviewed: November 2026");
      await expect(main(page).getByRole("heading", { level: 2, name: "Key points" })).toBeVisible();
      await expectTexts(page, guide.facts);
      for (const href of guide.official) {
        const link = main(page).locator(`a[href="${href}"]`).first();
        await expect(link).toBeVisible();
      }
      await expectSafeExternalLinks(page, guide.official.length);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expectMetaAndAccessible(page, `/resources/${guide.slug}`, guide.title);

      await main(page).getByRole("link", { name: "Back to Resources" }).click();
      await expect(page).toHaveURL(/\/resources$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waste guides and resources");
    });
  }

  test("an unknown guide answers 404 and points back to the guides", async ({ page }) => {
    const response = await page.goto("/resources/no-such-guide");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide not found");
    await expectLink(page, "Back to Resources", "/resources");
    await expect(main(page).locator('a[href^="/resources/"]')).toHaveCount(GUIDES.length);
  });
});

test.describe("FAQ and under-construction pages", () => {
  test("the FAQ answers common questions", async ({ page }) => {
    await visitPage(page, "/faq", "Frequently Asked Questions");
    const question = page.getByText("What is the difference between CBDU and CBDL numbers?");
    const answer = page.getByText(/CBDU numbers are upper tier registrations/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await expect(main(page).locator("details")).toHaveCount(17);
    await expectMetaAndAccessible(page, "/faq", "Frequently Asked Questions");
  });

  for (const { path, name } of [
    { path: "/legislation", name: "Legislation" },
    { path: "/recycling-guides", name: "Recycling Guides" },
  ]) {
    test(`${path} is under construction and says so by name`, async ({ page }) => {
      await visitPage(page, path, name);
      await expectTexts(page, ["Under construction", `We're still building our ${name} page.`]);
      await expect(page).toHaveTitle(`${name} (coming soon) | ${SITE}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expectLink(page, "Search the directory", "/search-results");
      await expectLink(page, "All guides", "/resources");
      expect(await main(page).locator('a[href^="/resources/"]').count()).toBeGreaterThanOrEqual(3);
      await expectAccessible(page, { bestPractice: true });
    });
  }
});
