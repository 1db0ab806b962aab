/**
 * The company area in Chromium: dashboard stats and chart, listing edits (published for a
 * verified listing, a draft for an unverified one, also without JavaScript), logo checks, the
 * notification setting, Account Not Found, company waste notes with prefill and plan usage,
 * Past Waste Notes (counters, search, pages, CSV), the plan limit, and a visitor's views and
 * phone click counted on the dashboard. The issue 14 rules (who may write notes, registration
 * states, plans and upgrades) are in company-rules.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { VALID_FIELDS } from "../../app/modules/waste-notes/test-support/valid-form";
import { CO, CO_ANALYTICS, CO_NOTES, CO_PASSWORD } from "../fixtures/70-company";
import { expectAccessible, expectToast, signIn } from "./support/auth-helpers";
import { classValue, computed } from "./support/styles";
import { fillWasteNote, QUILLBURY_LOAD } from "./support/waste-note-form";

const files = path.resolve(import.meta.dirname, "../fixtures/files");
const PNG_FILE = path.join(files, "skip-photo.png");
const FAKE = path.join(files, "not-an-image.png");
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function signInAs(page: Page, email: string) {
  await signIn(page, email, CO_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
}

test("dashboard: sidebar, stat cards and the 30-day chart from analytics, account information", async ({
  page,
}) => {
  await signInAs(page, CO.verified.email);
  await expect(page.getByRole("heading", { level: 1, name: "Company Dashboard" })).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar).toContainText("Quillon Carriers");
  await expect(sidebar).toContainText("Verified Provider");
  const nav = page.getByRole("navigation", { name: "Company" });
  for (const [name, href] of [
    ["Dashboard", "/company"],
    ["Generate Waste Note", "/company/waste-note"],
    ["Past Waste Notes", "/company/waste-notes"],
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();

  await expect(page.getByText("Verified Listing", { exact: true })).toBeVisible();
  await expect(page.getByTestId("stat-profile-views")).toHaveText(String(CO_ANALYTICS.totalViews));
  await expect(page.getByTestId("stat-phone-clicks")).toHaveText(String(CO_ANALYTICS.totalClicks));
  await expect(page.getByText(`${CO_ANALYTICS.last30Views} in the last 30 days`)).toBeVisible();
  await expect(page.getByText(`${CO_ANALYTICS.last30Clicks} in the last 30 days`)).toBeVisible();

  const chart = page.getByTestId("analytics-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute(
    "aria-label",
    new RegExp(`${CO_ANALYTICS.last30Views} profile views and ${CO_ANALYTICS.last30Clicks} phone clicks`),
  );
  await expect(chart.locator("g[data-day]")).toHaveCount(30);
  // The same figures as a table: 30 rows, today's first.
  await page.getByText("Show the figures as a table").click();
  const rows = page.getByRole("table", { name: /per day, last 30 days/ }).getByRole("row");
  await expect(rows).toHaveCount(31);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    String(CO_ANALYTICS.todayViews),
    String(CO_ANALYTICS.todayClicks),
  ]);

  const account = page
    .getByRole("heading", { name: "Account Information" })
    .locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' card ')][1]");
  await expect(account).toContainText(CO.verified.reg);
  await expect(account).toContainText("01/02/2029");
  await expect(account).toContainText("Active");
  // The registration's real state (issue 14) and the plan with this month's notes.
  await expect(page.getByTestId("registration-state")).toHaveText("Valid until 1 February 2029");
  await expect(page.getByTestId("account-status")).toHaveText("Active");
  await expect(page.getByTestId("plan-card")).toContainText("Standard, monthly");
  await expect(page.getByTestId("plan-card").getByTestId("notes-used")).toHaveText("0 of 20 this month");
  await expect(
    page.getByTestId("plan-card").getByRole("link", { name: "Upgrade to Premium" }),
  ).toHaveAttribute("href", "/company/upgrade");
  await expect(page.getByLabel("Address")).toHaveValue("Yard 1, Quillbury, ZZ7 7AA");
  await expect(page.getByLabel("Address")).toHaveAttribute("readonly", "");
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("analytics-chart")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test("verified listing: details and services published at once, logo checked by content, shown on the public profile, then removed", async ({
  page,
}) => {
  await signInAs(page, CO.verified.email);

  // Bad input: a clear message, nothing changed.
  await page.getByLabel("Business Name").fill(" ");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Error");
  await expect(page.getByText("Failed to save changes", { exact: true })).toBeVisible();
  await expect(page.getByText("Business name is required")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Business Name").fill("Quillon Carriers & Sons Ltd");
  await page.getByLabel("Description").fill("Quillbury's own carrier: skips, clearances and sorted loads.");
  await page.getByRole("textbox", { name: "Phone" }).fill("01632 960123");
  await page.getByLabel("Email", { exact: true }).fill("office@quillon.example");
  // Tags: Enter adds; blank and duplicate entries are ignored; a tag can be removed.
  const services = page.getByLabel("Services Offered");
  await services.fill("Quillon grab lorries");
  await services.press("Enter");
  await services.fill("  ");
  await services.press("Enter");
  await services.fill("quillon SORTING");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText('"quillon SORTING" is already listed.')).toBeVisible();
  await services.fill("Quillon weekend runs");
  await services.press("Enter");
  const tags = page.getByRole("list", { name: "Services" }).getByRole("listitem");
  await expect(tags).toHaveText(["Quillon sorting", "Quillon grab lorries", "Quillon weekend runs"]);
  await page.getByRole("button", { name: "Remove Quillon weekend runs" }).click();
  await expect(tags).toHaveCount(2);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Your changes have been published");

  // Logo: a renamed text file is refused; a real PNG is stored.
  await page.locator('input[name="logo"]').setInputFiles(FAKE);
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expectToast(page, "Error");
  await expect(page.getByText("Failed to upload logo", { exact: true })).toBeVisible();
  await expect(page.getByText("Please upload a valid image file (JPG, PNG, GIF)")).toBeVisible();
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
  await page.locator('input[name="logo"]').setInputFiles(PNG_FILE);
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expectToast(page, "Logo uploaded successfully");
  // 160x120 is not the recommended square.
  await expect(page.getByText(/square image of at least 512x512/).first()).toBeVisible();
  // The caller's classes win over the button's variant and the field's defaults (issue 15): a red
  // "Remove Logo", a grey read-only address.
  await expect
    .poll(() => computed(page.getByRole("button", { name: "Remove Logo" }), "color"))
    .toBe(await classValue(page, "text-red-700", "color"));
  expect(await computed(page.getByLabel("Address"), "backgroundColor")).toBe(
    await classValue(page, "bg-slate-100", "backgroundColor"),
  );
  const logoSrc = await page.getByTestId("logo-preview").getAttribute("src");
  expect(logoSrc).toMatch(/^\/company-logo\/cbdu700101-logo-\d+-[0-9a-f]{16}\.png$/);
  const logo = await page.request.get(logoSrc!);
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toBe("image/png");
  // Stored re-encoded (decision 0005): a new PNG of the same 160x120 picture, not the bytes sent.
  const served = await logo.body();
  const sent = fs.readFileSync(PNG_FILE);
  expect(served.subarray(0, 8).equals(sent.subarray(0, 8))).toBe(true);
  expect([served.readUInt32BE(16), served.readUInt32BE(20)]).toEqual([
    sent.readUInt32BE(16),
    sent.readUInt32BE(20),
  ]);
  await expectAccessible(page);

  // The public profile shows the new details and the logo.
  await page.goto(`/provider/${CO.verified.reg}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quillon Carriers & Sons Ltd");
  await expect(page.getByText("Quillbury's own carrier: skips, clearances and sorted loads.")).toBeVisible();
  await expect(page.getByText("01632 960123").first()).toBeVisible();
  await expect(page.getByText("Quillon grab lorries").first()).toBeVisible();
  await expect(page.getByText("Quillon weekend runs")).toHaveCount(0);
  const publicLogo = page.getByRole("img", { name: "Quillon Carriers & Sons Ltd logo" });
  await expect(publicLogo).toHaveAttribute("src", logoSrc!);
  // An 80 px box on this screen: the browser takes the 128 px WebP copy, not the 512 px PNG.
  await expect
    .poll(() => publicLogo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/-128\.webp$/);
  // It loaded and keeps the picture's shape (a srcset image reports its size at the chosen density).
  expect(
    await publicLogo.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight),
  ).toBeCloseTo(160 / 120);
  const small = await page.request.get(logoSrc!.replace(/\.png$/, "-128.webp"));
  expect(small.headers()["content-type"]).toBe("image/webp");
  expect(small.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Search engines get the logo as an absolute URL on this site.
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(jsonLd.logo).toBe(new URL(logoSrc!, page.url()).href);

  // Remove: gone from the dashboard, the profile, and storage.
  await page.goto("/company");
  await page.getByRole("button", { name: "Remove Logo" }).click();
  await expectToast(page, "Logo removed successfully");
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
  expect((await page.request.get(logoSrc!)).status()).toBe(404);
  expect((await page.request.get(logoSrc!.replace(/\.png$/, "-128.webp"))).status()).toBe(404);
  await page.goto(`/provider/${CO.verified.reg}`);
  await expect(page.getByRole("img", { name: /logo$/ })).toHaveCount(0);
});

// axe needs JavaScript in the page, so these pages are checked for accessibility by the tests above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("unverified listing: a save is kept as a draft (services one per line), the public profile is unchanged", async ({
    page,
  }) => {
    await signInAs(page, CO.pending.email);
    await expect(page.getByRole("main").getByText("Awaiting Approval", { exact: true })).toBeVisible();
    await expect(page.getByText("Pending approval")).toBeVisible();
    await expect(page.getByText("Not specified")).toBeVisible();
    await page.getByLabel("Business Name").fill("Quillon Pending Renamed Ltd");
    await page.getByRole("textbox", { name: "Phone" }).fill("01632 960999");
    await page.getByLabel("Services Offered").fill("Quillon sorting\n\nQuillon drafts\nquillon drafts\n");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByText("Your saved changes are kept as a draft")).toBeVisible();
    await expect(page.getByLabel("Business Name")).toHaveValue("Quillon Pending Renamed Ltd");
    await expect(page.getByLabel("Services Offered")).toHaveValue("Quillon sorting\nQuillon drafts");

    // A logo also waits for approval.
    await page.locator('input[name="logo"]').setInputFiles(PNG_FILE);
    await page.getByRole("button", { name: "Upload Logo" }).click();
    await expect(page.getByTestId("logo-preview")).toBeVisible();

    await page.goto(`/provider/${CO.pending.reg}`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Renamed/);
    await expect(page.getByText("01632 960999")).toHaveCount(0);
    await expect(page.getByText("Quillon drafts")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /logo$/ })).toHaveCount(0);
  });

  test("the notification setting saves with the form's button", async ({ page }) => {
    await signInAs(page, CO.notify.email);
    const toggle = page.getByRole("switch", { name: "Email Notifications" });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/company"),
    );
    await page.getByRole("button", { name: "Save setting" }).click();
    await saved;
    await page.goto("/company");
    await expect(page.getByRole("switch", { name: "Email Notifications" })).not.toBeChecked();
  });
});

test("the notification toggle saves as soon as it is flipped, and stays after a reload", async ({ page }) => {
  await signInAs(page, CO.notify.email);
  const toggle = page.getByRole("switch", { name: "Email Notifications" });
  const initial = await toggle.isChecked();
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/company"));
  await toggle.click();
  await saved;
  await page.reload();
  await expect(page.getByRole("switch", { name: "Email Notifications" })).toBeChecked({ checked: !initial });
  const savedAgain = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/company"),
  );
  await page.getByRole("switch", { name: "Email Notifications" }).click();
  await savedAgain;
  await page.reload();
  await expect(page.getByRole("switch", { name: "Email Notifications" })).toBeChecked({ checked: initial });
  await expectAccessible(page);
});

test("a logo over 5MB is refused in the browser and by the server, and nothing changes", async ({ page }) => {
  await signInAs(page, CO.notify.email);
  const big = Buffer.alloc(5 * 1024 * 1024 + 10);
  fs.readFileSync(PNG_FILE).copy(big);
  await page
    .locator('input[name="logo"]')
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expect(page.getByText("Logo must be smaller than 5MB")).toBeVisible();
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
  // Straight to the server (no browser check): refused (413 from Content-Length, or 400 by size).
  const response = await page.request.post("/company", {
    multipart: { intent: "upload-logo", logo: { name: "huge.png", mimeType: "image/png", buffer: big } },
  });
  expect([400, 413]).toContain(response.status());
  expect(await response.text()).toContain("Logo must be smaller than 5MB");
  await page.reload();
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
});

test("a user with no business sees Account Not Found on every company page", async ({ page }) => {
  await signInAs(page, CO.none.email);
  for (const path of ["/company", "/company/waste-note", "/company/waste-notes"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Register Business" })).toHaveAttribute("href", "/register");
  }
  await expect(page.getByRole("complementary")).toContainText("Company Name");
  await expectAccessible(page);
  expect((await page.request.get("/company/waste-notes.csv")).status()).toBe(404);
});

test("anonymous visitors are sent to sign in; logo files are only served by their exact names", async ({
  page,
  request,
}) => {
  for (const path of ["/company", "/company/waste-note", "/company/waste-notes"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  }
  const csv = await request.get("/company/waste-notes.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect((await request.get("/company-logo/..%2F..%2Fdb")).status()).toBe(404);
  expect((await request.get("/company-logo/cbdu700101-logo-1-0000000000000000.svg")).status()).toBe(404);
});

async function fillNote(page: Page) {
  await fillWasteNote(page, {
    ...QUILLBURY_LOAD,
    weightKg: "88.5",
    origin: "Quillbury Depot, Canal Road, Quillbury, ZZ7 7AF",
  });
}

test("Past Waste Notes: counters, search, pages, CSV; a new company note is prefilled, counted and listed", async ({
  page,
}) => {
  // A long journey (two pages, search, CSV, a new note and its PDF job): room for a loaded machine.
  test.setTimeout(150_000);
  await signInAs(page, CO.notes.email);
  await page.getByRole("link", { name: "Past Waste Notes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Past Waste Notes" })).toBeVisible();
  const counters = page.getByRole("region", { name: "Counters" });
  await expect(counters).toContainText(`Total Notes${CO_NOTES.seeded}`);
  await expect(counters).toContainText("Hazardous1");
  await expect(counters).toContainText("This Month0");
  await expect(page.getByTestId("result-count")).toHaveText(`Showing ${CO_NOTES.seeded} notes · page 1 of 2`);
  const cards = page.getByTestId("note-card");
  await expect(cards).toHaveCount(20);
  // The newest card: location title rule ("1, Mill Lane" -> "1 Mill Lane"), badges and fields.
  const first = cards.first();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("1 Mill Lane");
  await expect(first).toContainText("Hazardous");
  await expect(first).toContainText("20 01 21*");
  await expect(first).toContainText(CO_NOTES.hazardousDescription);
  await expect(first).toContainText("QB21 CAR");
  await expect(first).toContainText(CO.notes.name);
  await expect(first).toContainText("100 kg");
  await expect(first.getByRole("link", { name: /View Details/ })).toHaveAttribute(
    "href",
    /^\/waste-note\/[0-9a-f-]{36}$/,
  );
  // Seeded notes have no PDF and no job (rows from elsewhere): the button waits while the server
  // makes it on demand ("Preparing your PDF…"), then downloads it; it never says it is missing.
  const seededDownload = page.waitForEvent("download", { timeout: 30_000 });
  await first.getByRole("link", { name: "Download PDF" }).click();
  await expect(first.getByText("Preparing your PDF…")).toBeVisible();
  expect((await seededDownload).suggestedFilename()).toMatch(/^waste-note-[0-9a-f-]{36}\.pdf$/);
  await expect(first.getByText("PDF not available for download")).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(CO_NOTES.seeded - 20);

  const search = page.getByPlaceholder("Search by description, EWC code, waste type, or address...");
  await search.fill(CO_NOTES.searchWord);
  await search.press("Enter");
  await expect(page.getByTestId("result-count")).toHaveText(
    `1 of ${CO_NOTES.seeded} notes match "${CO_NOTES.searchWord}"`,
  );
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText(CO_NOTES.searchWord);
  await search.fill("20 01 21");
  await search.press("Enter");
  // The previous search also showed one card: its count line tells the answers apart.
  await expect(page.getByTestId("result-count")).toHaveText(`1 of ${CO_NOTES.seeded} notes match "20 01 21"`);
  await expect(cards).toHaveCount(1);
  await search.fill("no such thing anywhere");
  await search.press("Enter");
  await expect(page.getByRole("heading", { name: "No matching waste notes found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Generate New Note" })).toHaveAttribute(
    "href",
    "/company/waste-note",
  );
  await expectAccessible(page);

  // CSV export of every note.
  await page.goto("/company/waste-notes");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^waste-notes-CBDU700104-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toMatch(/^note_id,created_at,collection_date_time,waste_type,description,ewc_code/);
  expect(lines).toHaveLength(CO_NOTES.seeded + 1);
  expect(csv).toContain(CO_NOTES.hazardousDescription);

  // A new note: carrier details prefilled from the listing, plan usage shown.
  await page.getByRole("link", { name: "Generate Waste Note" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Generate Waste Note" })).toBeVisible();
  await expect(page.getByTestId("plan-usage")).toContainText("0 of 20 this month");
  await expect(page.getByLabel("Carrier company")).toHaveValue(CO.notes.name);
  await expect(page.getByLabel("Carrier licence (registration number)")).toHaveValue(CO.notes.reg);
  // The company's own number: not editable (the server writes it whatever is sent).
  await expect(page.getByLabel("Carrier licence (registration number)")).not.toBeEditable();
  await expect(page.getByLabel("Carrier address")).toHaveValue("Yard 4, Quillbury, ZZ7 7AA");
  await expect(page.getByLabel("Registered waste carrier, broker or dealer").last()).toBeChecked();
  await expectAccessible(page);
  await fillNote(page);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}$/);
  const id = UUID.exec(page.url())![0];
  await expect(page.getByRole("img", { name: "QR code linking to this waste note" })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto("/company/waste-notes");
  await expect(counters).toContainText(`Total Notes${CO_NOTES.seeded + 1}`);
  await expect(counters).toContainText("This Month1");
  await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText("Quillbury Depot");
  await expect(cards.first()).toContainText(id.slice(0, 8));
  await expect(cards.first()).toContainText("88.5 kg");
  const pdfDownload = page.waitForEvent("download");
  await cards.first().getByRole("link", { name: "Download PDF" }).click();
  expect((await pdfDownload).suggestedFilename()).toBe(`waste-note-${id}.pdf`);
});

test("plan limit: 20 of 20 this month, the form says so on load with the way to Premium, the 21st note is refused and nothing is stored", async ({
  page,
}) => {
  await signInAs(page, CO.limit.email);
  await page.goto("/company/waste-note");
  await expect(page.getByTestId("plan-usage")).toContainText("20 of 20 this month");
  await expect(page.getByText("Monthly limit reached")).toBeVisible();
  await expect(page.getByText(/Upgrade to Premium for unlimited waste notes/)).toBeVisible();
  await expect(
    page.getByTestId("note-refusal").getByRole("link", { name: "Upgrade to Premium" }),
  ).toHaveAttribute("href", "/company/upgrade");
  // Nothing to fill in that would be refused: the notice takes the form's place.
  await expect(page.getByRole("button", { name: "Generate Waste Note" })).toHaveCount(0);
  await expectAccessible(page);
  // The server refuses the 21st note sent straight to it (a stale page, another tab).
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(VALID_FIELDS)) fields[k] = Array.isArray(v) ? v[0] : v;
  const response = await page.request.post("/company/waste-note", { multipart: fields });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("Your Standard plan includes 20 waste notes per calendar month");
  await page.goto("/company/waste-notes");
  await expect(page.getByRole("region", { name: "Counters" })).toContainText("Total Notes20");
});

test("a visitor's profile views and phone click reach the carrier's dashboard", async ({ page, browser }) => {
  // A person's browser (headless Chromium's own user agent is recognised as a bot, whose views
  // are not counted).
  const visitor = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });
  const tab = await visitor.newPage();
  await tab.goto(`/provider/${CO.limit.reg}`);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText(CO.limit.name);
  await tab.reload(); // a second view (served from the page cache, still counted)
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText(CO.limit.name);
  const call = tab.getByRole("link", { name: "01632 960000" });
  expect(await call.getAttribute("href")).toBe(`/provider/${CO.limit.reg}/call`);
  const answer = await visitor.request.get(`/provider/${CO.limit.reg}/call`, { maxRedirects: 0 });
  expect(answer.headers()["location"]).toBe("tel:01632960000");
  // Asking again within the hour gives the number again but is not another click (decision 0265).
  const again = await visitor.request.get(`/provider/${CO.limit.reg}/call`, { maxRedirects: 0 });
  expect(again.headers()["location"]).toBe("tel:01632960000");
  await visitor.close();

  await signInAs(page, CO.limit.email);
  // Views are written in batches, at most a second after they happen.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("stat-profile-views")).toHaveText("2", { timeout: 1_000 });
    await expect(page.getByTestId("stat-phone-clicks")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText("2 in the last 30 days")).toBeVisible();
});
