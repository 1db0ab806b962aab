/**
 * Issue 14, "valid" means valid, as a visitor meets it: malformed numbers are never valid,
 * numbers however they are typed, Scottish and Northern Irish numbers, when the register data is
 * from and the official register entry, expiring registrations, hiding expired registrations and
 * the tier filter (with and without JavaScript, and in the API), queries that match nothing,
 * counts and postcodes in words, a premium listing without an e-mail, the expiry reminder e-mail
 * and the featured block's honest fallback.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { formatDate, ukToday } from "../../app/platform/dates";
import {
  OTHER_REGULATORS,
  publicRegisterUrl,
  RENEW_REGISTRATION_URL,
} from "../../app/modules/directory/registration";
import { REGDIR } from "../fixtures/15-register-data";
import { expectAccessible, signIn } from "./support/auth-helpers";
import { startServer, type ExtraServer } from "./support/extra-server";

const TOWN_PAGE = `/search-results/${REGDIR.town}`;
const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });
const licencePanel = (page: Page) => page.locator("section[aria-labelledby=licence-title]");

async function searchFromHome(page: Page, mode: "Location" | "Business Name" | "License No.", text: string) {
  await page.goto("/");
  await page.getByRole("group", { name: "Search by" }).getByText(mode, { exact: true }).click();
  await page.getByRole("searchbox").fill(text);
  await page.getByRole("button", { name: "Search" }).click();
}

async function searchFromResults(
  page: Page,
  type: "All Types" | "Business Name" | "Registration No." | "Location",
  text: string,
) {
  await page.getByRole("combobox", { name: "Search type" }).selectOption({ label: type });
  await page.getByRole("searchbox").fill(text);
  await page.getByRole("button", { name: "Search" }).click();
}

test("a malformed number an old import stored is off the register: its profile says so, the licence check says invalid", async ({
  page,
}) => {
  const response = await page.goto(`/provider/${REGDIR.malformed.reg}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(REGDIR.malformed.name);
  await expect(page.getByText("No longer on the register", { exact: true })).toBeVisible();
  await expect(page.getByText(/Valid Registration/)).toHaveCount(0);

  await searchFromHome(page, "License No.", "xyz123");
  const panel = licencePanel(page);
  await expect(panel.getByRole("heading")).toHaveText("Invalid Registration Number");
  await expect(panel).toContainText("No provider found with registration number XYZ123");
  await expect(panel).toContainText(
    "England and Wales numbers start with CBDU (upper tier) or CBDL (lower tier)",
  );
  await expect(page.getByText(/Valid Registration/)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(0);

  // Nor is it listed in its town, even with expired registrations shown.
  await page.goto(`${TOWN_PAGE}?hideExpired=0`);
  await expect(cards(page)).toHaveCount(8);
  await expect(card(page, REGDIR.malformed.name)).toHaveCount(0);
});

test("hyphenated and spaced numbers find their carrier in every search type, the licence check, the profile and the API", async ({
  page,
  request,
}) => {
  await searchFromHome(page, "License No.", "cbdu-9990001");
  await expect(licencePanel(page).getByRole("heading")).toHaveText("License Verification Result");
  await expect(licencePanel(page)).toContainText(REGDIR.valid.name);
  await expect(licencePanel(page)).toContainText("Valid Registration until 15 January 2030");

  // The home page's default mode is Location: a number typed there finds its carrier too.
  await searchFromHome(page, "Location", "CBDU 999 0001");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText(REGDIR.valid.name);

  for (const [type, typed] of [
    ["All Types", " cbdu9990001 "],
    ["All Types", "cbdu-9990001"],
    ["Business Name", "CBDU 999 0001"],
    ["Registration No.", "CBDU-999-0001"],
  ] as const) {
    // Every search finds the same first card, so wait for this one's answer: the search box is
    // rebuilt for each new search (and a late answer would wipe the next search's typing).
    const previous = await page.getByRole("searchbox").elementHandle();
    await searchFromResults(page, type, typed);
    await page.waitForFunction((box) => !box?.isConnected, previous);
    await expect(cards(page).first(), `${type}: '${typed}'`).toContainText(REGDIR.valid.name);
  }

  const profile = await page.goto("/provider/cbdu-9990001");
  expect(profile?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/provider/${REGDIR.valid.reg}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(REGDIR.valid.name);
  await page.goto("/provider/CBDU%20999%200001");
  await expect(page).toHaveURL(new RegExp(`/provider/${REGDIR.valid.reg}$`));

  for (const query of ["cbdu-9990001", "CBDU 999 0001", " cbdu9990001 "]) {
    const body = await (await request.get(`/api/v1/providers?${new URLSearchParams({ query })}`)).json();
    expect(body.providers[0].registration_number, query).toBe(REGDIR.valid.reg);
    const licence = await (
      await request.get(`/api/v1/providers?${new URLSearchParams({ query, type: "registration" })}`)
    ).json();
    expect(licence.licence.registration_number, query).toBe(REGDIR.valid.reg);
  }
});

test("Scottish and Northern Irish numbers: which regulator keeps the register, and a link to it, never 'Invalid'", async ({
  page,
}) => {
  await searchFromHome(page, "License No.", "WCR/R/1234567");
  const panel = licencePanel(page);
  await expect(panel.getByRole("heading")).toHaveText("License Verification Result");
  await expect(panel).toContainText(
    "WCR/R/1234567 is a registration number from Scotland, on the register kept by the Scottish Environment Protection Agency (SEPA).",
  );
  await expect(panel).toContainText(
    "This directory covers the Environment Agency's public register of waste carriers, brokers and dealers (England and Wales)",
  );
  await expect(
    panel.getByRole("link", { name: "Search SEPA's public register of waste carriers" }),
  ).toHaveAttribute("href", OTHER_REGULATORS.SEPA.registerUrl);
  await expect(page.getByText("Invalid Registration Number")).toHaveCount(0);
  await expectAccessible(page);

  for (const [typed, code] of [
    ["SCO/123456", "SEPA"],
    ["sea/123456", "SEPA"],
    ["SNO/123456", "SEPA"],
    ["SWE/123456", "SEPA"],
    ["WCR/123456", "SEPA"],
    ["ROC UT 1234", "NIEA"],
    ["roc lt 1234", "NIEA"],
  ] as const) {
    await page.goto(`/search-results?${new URLSearchParams({ query: typed, type: "registration" })}`);
    await expect(licencePanel(page), typed).toContainText(OTHER_REGULATORS[code].name);
    await expect(
      licencePanel(page).getByRole("link", { name: `Search ${code}'s public register of waste carriers` }),
    ).toHaveAttribute("href", OTHER_REGULATORS[code].registerUrl);
    await expect(page.getByText("Invalid Registration Number")).toHaveCount(0);
  }
  await expect(licencePanel(page)).toContainText(
    "ROC LT 1234 is a registration number from Northern Ireland",
  );
});

test("a profile says when the register data was synced and links to the official register entry", async ({
  page,
}) => {
  await page.goto(`/provider/${REGDIR.valid.reg}`);
  await expect(page.getByText(`Register data as of ${formatDate(ukToday())}`, { exact: true })).toBeVisible();
  const official = page.getByRole("link", {
    name: "Check this registration on the Environment Agency's public register",
  });
  await expect(official).toHaveAttribute("href", publicRegisterUrl(REGDIR.valid.reg));
  await expect(official).not.toHaveAttribute("target", "_blank");
  await expectAccessible(page);
});

test("an expiring registration says 'Expires in N days' on its card, in the licence check and on its profile", async ({
  page,
}) => {
  const days = REGDIR.expiring.days;
  await page.goto(TOWN_PAGE);
  await expect(card(page, REGDIR.expiring.name)).toContainText(`Expires in ${days} days`);
  await expect(card(page, REGDIR.expiringClaimed.name)).toContainText(
    `Expires in ${REGDIR.expiringClaimed.days} days`,
  );
  await expect(card(page, REGDIR.valid.name)).toContainText("Valid licence");
  await expect(card(page, REGDIR.valid.name)).not.toContainText("Expires in");

  await searchFromResults(page, "Registration No.", REGDIR.expiring.reg);
  await expect(licencePanel(page)).toContainText(/Valid Registration until \d+ \w+ \d{4}/);
  await expect(licencePanel(page)).toContainText(`Expires in ${days} days`);

  await page.goto(`/provider/${REGDIR.expiring.reg}`);
  await expect(page.getByText(`Expires in ${days} days`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Valid Registration until/)).toBeVisible();
  await expectAccessible(page);
});

test("place searches hide expired registrations by default and say how many; the filters stay in the URL", async ({
  page,
}) => {
  await page.goto(TOWN_PAGE);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole("checkbox", { name: "Hide expired registrations" })).toBeChecked();
  await expect(page.getByTestId("hidden-expired")).toHaveText("2 expired registrations hidden");
  await expect(card(page, REGDIR.expiredLongAgo.name)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Show expired registrations" }).click();
  await expect(page).toHaveURL(/hideExpired=0/);
  await expect(cards(page)).toHaveCount(8);
  await expect(card(page, REGDIR.expiredLongAgo.name)).toContainText("Expired");
  await expect(card(page, REGDIR.expiredToday.name)).toContainText("Expired"); // expired on its expiry day
  await expect(page.getByRole("checkbox", { name: "Hide expired registrations" })).not.toBeChecked();
  await expect(page.getByTestId("hidden-expired")).toHaveCount(0);

  await page.getByRole("checkbox", { name: "Hide expired registrations" }).check();
  await expect(page).not.toHaveURL(/hideExpired/); // back to the default for a place
  await expect(cards(page)).toHaveCount(6);

  await page.getByRole("radio", { name: "Lower tier" }).check();
  await expect(page).toHaveURL(/tier=lower/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId("hidden-expired")).toHaveCount(0); // lower tier never expires
  await page.getByRole("radio", { name: "Upper tier" }).check();
  await expect(page).toHaveURL(/tier=upper/);
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByTestId("hidden-expired")).toHaveText("2 expired registrations hidden");
  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Upper tier" })).toBeChecked();
  await expect(cards(page)).toHaveCount(4);
});

test("a name search shows expired registrations (marked) unless the person hides them", async ({ page }) => {
  await searchFromHome(page, "Business Name", "expiryford");
  await expect(cards(page)).toHaveCount(8);
  await expect(page.getByRole("checkbox", { name: "Hide expired registrations" })).not.toBeChecked();
  await expect(card(page, REGDIR.expiredLongAgo.name)).toContainText("Expired");
  await page.getByRole("checkbox", { name: "Hide expired registrations" }).check();
  await expect(page).toHaveURL(/hideExpired=1/);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByTestId("hidden-expired")).toHaveText("2 expired registrations hidden");
});

test("without JavaScript the registration filters work as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/search-results?query=expiryford&type=name`);
  await expect(cards(page)).toHaveCount(8);
  await page.getByRole("checkbox", { name: "Hide expired registrations" }).check();
  await page.getByRole("radio", { name: "Upper tier" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/hideExpired=1/);
  await expect(page).toHaveURL(/tier=upper/);
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByTestId("hidden-expired")).toHaveText("2 expired registrations hidden");

  await page.goto(TOWN_PAGE);
  await page.getByRole("checkbox", { name: "Hide expired registrations" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(cards(page)).toHaveCount(8);
  await expect(page.getByRole("checkbox", { name: "Hide expired registrations" })).not.toBeChecked();
  await context.close();
});

test("the API hides expired registrations and filters by tier, and rejects bad values", async ({
  request,
}) => {
  const get = async (qs: string) => {
    const r = await request.get(`/api/v1/providers?${qs}`);
    return { status: r.status(), body: await r.json() };
  };
  expect((await get(`query=${REGDIR.town}&type=location`)).body).toMatchObject({
    totalCount: 6,
    hiddenExpired: 2,
    hiddenExpiredCapped: false,
  });
  expect((await get(`query=${REGDIR.town}&type=location&hideExpired=0`)).body).toMatchObject({
    totalCount: 8,
    hiddenExpired: 0,
  });
  expect((await get(`query=${REGDIR.town}&type=name`)).body).toMatchObject({
    totalCount: 8,
    hiddenExpired: 0,
  });
  expect((await get(`query=${REGDIR.town}&type=name&hideExpired=true&tier=upper`)).body).toMatchObject({
    totalCount: 4,
    hiddenExpired: 2,
  });
  const lower = await get(`query=${REGDIR.town}&type=location&tier=lower`);
  expect(
    lower.body.providers.map((p: { registration_number: string }) => p.registration_number).sort(),
  ).toEqual([REGDIR.lower.reg, REGDIR.lowerClaimed.reg]);
  const bad = await get("query=x&hideExpired=maybe&tier=gold");
  expect(bad.status).toBe(400);
  expect(bad.body.problems).toHaveLength(2);
});

test("a query with nothing usable finds nothing, in every search type, and says so", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await searchFromHome(page, "Business Name", "%");
  await expect(page.getByRole("heading", { name: "No providers found" })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/1,000\+|\+/);
  for (const query of ["%", "_", "\\", "%%", "'", "&"]) {
    for (const type of ["all", "name", "registration", "location"]) {
      await page.goto(`/search-results?${new URLSearchParams({ query, type })}`);
      await expect(page.getByText("No providers found").first(), `${type}: ${query}`).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByText(/\d\+/)).toHaveCount(0);
      const api = await (
        await request.get(`/api/v1/providers?${new URLSearchParams({ query, type })}`)
      ).json();
      expect(api.totalCount, `${type}: ${query}`).toBe(0);
    }
  }
});

test("counts in words: singular and plural, '+' only when capped, postcodes in capitals", async ({
  page,
}) => {
  await searchFromHome(page, "Location", "la9 6nd");
  await expect(page).toHaveTitle(/^1 Licensed Waste Carrier in LA9 6ND \|/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waste carriers in LA9 6ND");
  await expect(
    page.getByText("1 licensed rubbish removal service found in LA9 6ND", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "1 provider", exact: true })).toBeVisible();
  await expect(page.getByText("Showing 1–1 of 1 · Page 1 of 1")).toBeVisible();
  await expect(cards(page)).toContainText(REGDIR.lower.name);

  await page.goto(`/search-results?query=${encodeURIComponent(REGDIR.valid.name)}&type=name`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    new RegExp(`^1 registered waste carrier matches “${REGDIR.valid.name}”`),
  );
  await page.goto("/search-results?query=zzqqxxnothing&type=name");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^No registered waste carriers match/,
  );
  await page.goto("/search-results?query=zzqqxxnothing&type=location");
  await expect(
    page.getByText("No licensed rubbish removal services found in Zzqqxxnothing", { exact: true }),
  ).toBeVisible();

  await page.goto(TOWN_PAGE);
  await expect(page).toHaveTitle(/^6 Licensed Waste Carriers in Expiryford \|/);
  await expect(
    page.getByText("6 licensed rubbish removal services found in Expiryford", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "6 providers", exact: true })).toBeVisible();
  // '+' only when the count stopped at the cap.
  const browse = await (await page.request.get("/api/v1/providers")).json();
  await page.goto("/search-results");
  const expected = `${browse.totalCount.toLocaleString("en-GB")}${browse.countCapped ? "+" : ""} providers`;
  await expect(page.getByRole("heading", { name: expected, exact: true })).toBeVisible();
});

test("a premium listing without an e-mail offers its phone and website instead of a quote form", async ({
  page,
}) => {
  const p = REGDIR.premiumNoEmail;
  await page.goto(`/provider/${p.reg}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
  await expect(page.getByText("Premium", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveCount(0);
  await expect(page.locator("#quote")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Quote Request" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Ask for a quote" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Call ${p.phone}` })).toHaveAttribute(
    "href",
    `/provider/${p.reg}/call`,
  );
  await expect(page.getByRole("link", { name: /^Visit their website/ })).toHaveAttribute(
    "href",
    `https://${p.website}/`,
  );
  await expectAccessible(page);

  await page.goto(TOWN_PAGE);
  const premiumCard = card(page, p.name);
  await expect(premiumCard.getByText("Premium")).toBeVisible();
  await expect(premiumCard.getByRole("link", { name: /Request Quote/ })).toHaveCount(0);
  await expect(premiumCard.getByRole("link", { name: /^View Profile/ })).toHaveAttribute(
    "href",
    `/provider/${p.reg}`,
  );
});

test.describe("servers of their own", () => {
  test.describe.configure({ mode: "serial" });
  const servers: ExtraServer[] = [];
  const dataDirs: string[] = [];
  test.afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the carrier gets one e-mail 30 days before its registration expires, linking to the renewal and the dashboard", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Only this spec's register data: the reminder job the fixture queued runs when the server starts.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "regdir-reminders-"));
    dataDirs.push(dataDir);
    execFileSync(
      process.execPath,
      ["--import", "tsx", "tests/e2e/support/prepare-fixtures.ts", dataDir, "15-register-data.ts"],
      { stdio: "pipe" },
    );
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    const subject = `Your waste carrier registration ${REGDIR.expiringClaimed.reg} expires in ${REGDIR.expiringClaimed.days} days`;
    const mail = page
      .getByTestId("mail")
      .filter({ has: page.getByTestId("mail-to").getByText(REGDIR.expiringClaimed.owner, { exact: true }) });
    await expect(async () => {
      await page.goto(`${server.url}/dev/mailbox`);
      await expect(mail).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(mail.getByRole("heading")).toHaveText(subject);
    await mail.getByText("Show message").click();
    await expect(mail).toContainText(
      `The Environment Agency registration of ${REGDIR.expiringClaimed.name} (${REGDIR.expiringClaimed.reg}) expires on`,
    );
    await expect(mail).toContainText("shows the registration as Expired");
    await expect(mail).toContainText("you cannot issue waste transfer notes here");
    await expect(mail.getByRole("link", { name: RENEW_REGISTRATION_URL, exact: true })).toBeVisible();
    const dashboard = mail.getByRole("link", { name: /^http:\/\/[^/]+\/company$/ });
    await expect(dashboard).toBeVisible();
    const dashboardUrl = new URL((await dashboard.getAttribute("href"))!);
    // Lower tier never expires: its owner gets nothing. Nor does anyone twice.
    await expect(
      page.getByTestId("mail-to").getByText(REGDIR.lowerClaimed.owner, { exact: true }),
    ).toHaveCount(0);
    await expect(page.getByTestId("mail")).toHaveCount(1);

    // The carrier signs in and follows the dashboard link to the company area.
    await signIn(page, REGDIR.expiringClaimed.owner, REGDIR.password, `${dashboardUrl.origin}/login`);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${dashboardUrl.origin}/dev/mailbox`);
    await page.getByRole("link", { name: dashboardUrl.href, exact: true }).click();
    await expect(page).toHaveURL(dashboardUrl.href);
  });

  test("with no claimed listings the home page's carriers are called what they are: unclaimed register listings", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const server = await startServer({ SEED_SAMPLE_DATA: "true", SAMPLE_ROWS: "200" });
    servers.push(server);
    await page.goto(server.url);
    const block = page.getByRole("region", { name: "Registered waste carriers" });
    await expect(block).toBeVisible();
    await expect(block).toContainText(
      "These listings come from the public register of waste carriers and have not been claimed by their businesses yet",
    );
    await expect(block.getByRole("article")).toHaveCount(3);
    await expect(page.getByText("Verified businesses that manage their listing with us.")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Featured carriers" })).toHaveCount(0);
    await expect(block.getByText("Verified", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    // The seeded register's import is the last sync: profiles date their data by it.
    await block
      .getByRole("link", { name: /^View Profile/ })
      .first()
      .click();
    await expect(
      page.getByText(`Register data as of ${formatDate(ukToday())}`, { exact: true }),
    ).toBeVisible();
  });
});
