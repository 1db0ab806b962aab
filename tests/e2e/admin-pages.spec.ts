/**
 * The admin console's screens (issue 8): the dashboard with its tabs, counts and dialogs, Reports
 * & Complaints fed by the public 'Report this carrier' form, Settings (source, e-mail, admins),
 * the phone layout's drawer, a registration no longer on the register, and non-admins refused.
 */
import { HONEYPOT_FIELD } from "../../app/platform/honeypot";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import {
  ADM_CLAIM_CONTACT,
  ADM_LISTING,
  ADM_PASSWORD,
  ADM_REMOVED,
  ADM_TOWN,
  ADM_USERS,
} from "../fixtures/80-admin";
import { expectAccessible, expectToast, mailCount, signIn, signInAsAdmin } from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";

const SHOTS = "tmp/shots-admin";

const signInAdmin = (page: Page) => signInAsAdmin(page, ADM_USERS.admin, ADM_PASSWORD);

test("dashboard: tabs, five counts with links, Review Claim dialog, lead and quote details", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  await page.goto("/admin");
  await expect(page).toHaveTitle(/Admin Dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Quick Actions", "Claims"]);
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  const counts = page.getByRole("list", { name: "Counts" }).getByRole("listitem");
  await expect(counts).toHaveCount(5);
  await expect(counts.nth(0)).toContainText("Total Listings");
  await expect(counts.nth(0).getByRole("link")).toHaveCount(0);
  for (const [i, label, href] of [
    [1, "Claimed Listings (verified)", "/admin/listings"],
    [2, "Pending Claims", "/admin/claim-requests"],
    [3, "Total Leads", "/admin/leads"],
    [4, "Quote Requests", "/admin/quote-requests"],
  ] as const) {
    await expect(counts.nth(i).getByRole("link")).toHaveAttribute("href", href);
    await expect(counts.nth(i)).toContainText(label);
    await expect(page.getByTestId(`count-${label}`)).toHaveText(/^\d[\d,]*$/);
  }
  await expect(page.getByTestId("count-Pending Claims")).not.toHaveText("0");
  await page.screenshot({ path: `${SHOTS}/dashboard-desktop.png`, fullPage: true });
  await expectAccessible(page);

  // Review Claim: the fixture's pending claim (old, so it may be below newer ones: use the Claims tab).
  await tabs.getByRole("link", { name: "Claims" }).click();
  await expect(tabs.getByRole("link", { name: "Claims" })).toHaveAttribute("aria-current", "page");
  const review = page.getByRole("link", { name: /^Review claim for / }).first();
  await expect(review).toBeVisible();
  await review.click();
  const dialog = page.getByRole("dialog", { name: "Review Claim" });
  await expect(dialog).toBeVisible();
  for (const label of ["Registration number", "Contact name", "Phone", "E-mail", "Licence document"])
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  const claimId = new URL(page.url()).searchParams.get("claim");
  expect(claimId).toBeTruthy();
  await expect(dialog.getByRole("link", { name: "Approve Claim", exact: true })).toHaveAttribute(
    "href",
    `/admin/claim-requests?claim=${claimId}&action=approve`,
  );
  await expect(dialog.getByRole("link", { name: "Reject", exact: true })).toHaveAttribute(
    "href",
    `/admin/claim-requests?claim=${claimId}&action=reject`,
  );
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\?tab=claims$/);

  // The fixture claim, when it is among the five most recent, shows its own details.
  const mine = page.getByRole("link", { name: "Review claim for Adminford Waste Movers Ltd" });
  if (await mine.count()) {
    await mine.click();
    await expect(dialog).toContainText(ADM_CLAIM_CONTACT);
    await expect(dialog).toContainText("01632 960001");
    await expect(dialog.getByRole("link", { name: "View licence document" })).toHaveAttribute(
      "href",
      "/files/adm-licence.pdf",
    );
    await page.keyboard.press("Escape");
  }

  // Lead and quote detail dialogs.
  await tabs.getByRole("link", { name: "Overview" }).click();
  const viewLead = page.getByRole("link", { name: /^View lead from / }).first();
  const leadName = (await viewLead.getAttribute("aria-label"))!.replace("View lead from ", "");
  await viewLead.click();
  const leadDialog = page.getByRole("dialog", { name: "Lead details" });
  await expect(leadDialog).toContainText(leadName);
  await expect(leadDialog.getByText("Postcode", { exact: true })).toBeVisible();
  await leadDialog.getByRole("link", { name: "Close" }).click();
  const viewQuote = page.getByRole("link", { name: /^View quote request from / }).first();
  const row = viewQuote.locator("xpath=ancestor::li[1]");
  const provider = (await row.innerText()).match(/Provider (\S+)/)![1];
  await viewQuote.click();
  const quoteDialog = page.getByRole("dialog", { name: "Quote request details" });
  await expect(quoteDialog).toContainText(`Provider ${provider}`);
  await expectAccessible(page);
  await quoteDialog.getByRole("link", { name: "Close" }).click();

  await tabs.getByRole("link", { name: "Quick Actions" }).click();
  await expect(page.getByRole("link", { name: /Update register data/ })).toHaveAttribute(
    "href",
    "/admin/data-management",
  );
  await expectAccessible(page);
});

test("a background job that failed for good is on the dashboard; the server that ran it lives on", async ({
  page,
  request,
}) => {
  // tests/fixtures/85-hostile-stored-image.ts: a note whose stored signature makes the PDF
  // decoder throw from a zlib callback. Its one attempt ran in the server's PDF renderer process.
  await signInAdmin(page);
  const card = page.getByTestId("failed-jobs");
  await expect(async () => {
    await page.goto("/admin");
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByRole("heading")).toHaveText(/^\d+ background jobs? failed in the last 7 days$/);
  const item = card.getByRole("listitem").filter({ hasText: "Waste note PDF" }).first();
  await expect(item).toContainText("1 attempt");
  await expect(item).toContainText(
    "The PDF renderer failed: it stopped on an unexpected error: incorrect header check",
  );
  await expect(item.getByRole("link", { name: "Waste note PDF" })).toHaveAttribute(
    "href",
    /^\/waste-note\/[0-9a-f-]{36}$/,
  );
  expect((await request.get("/readyz")).status()).toBe(200);
  await expectAccessible(page);
});

test("report this carrier: public form with checks, listed for admins, resolved", async ({
  page,
  browser,
}) => {
  await page.goto(`/provider/${ADM_LISTING.registrationNumber}`);
  await page.getByRole("link", { name: "Report this carrier" }).click();
  await expect(page).toHaveURL(`/provider/${ADM_LISTING.registrationNumber}/report`);
  await expect(page.getByRole("heading", { level: 1, name: "Report this carrier" })).toBeVisible();
  await expectAccessible(page);
  // Server-side validation (works without JavaScript too).
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose a reason" })).toBeVisible();
  await page.getByLabel("Reason").selectOption("Fly-tipping or illegal dumping");
  await page
    .getByLabel("What happened?")
    .fill("Saw their van tip builders' rubble in Adminford lay-by on Tuesday.");
  await page.getByLabel("Your e-mail (optional)").fill("ADM-Reporter@example.test");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your report has been sent" })).toBeVisible();

  // A bot filling the honeypot is told it worked, but nothing is stored.
  const bot = await page.request.post(`/provider/${ADM_LISTING.registrationNumber}/report`, {
    form: { reason: "Other", details: "Spam spam spam spam spam", [HONEYPOT_FIELD]: "http://spam.example" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(bot.status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { level: 1, name: "Reports & Complaints" })).toBeVisible();
  const report = admin.getByTestId("report").filter({ hasText: "Saw their van tip builders' rubble" });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(ADM_LISTING.businessName);
  await expect(report).toContainText("Fly-tipping or illegal dumping");
  await expect(report).toContainText("adm-reporter@example.test");
  await expect(report).toContainText("Open");
  await expect(admin.getByTestId("report").filter({ hasText: "Spam spam" })).toHaveCount(0);
  await expectAccessible(admin);
  await report.getByRole("button", { name: "Mark resolved" }).click();
  await expectToast(admin, "Report resolved");
  await expect(
    admin.getByTestId("report").filter({ hasText: "Saw their van tip builders' rubble" }),
  ).toHaveCount(0);
  await admin.getByRole("link", { name: /^Resolved/ }).click();
  await expect(
    admin.getByTestId("report").filter({ hasText: "Saw their van tip builders' rubble" }),
  ).toContainText("Resolved");
  await adminContext.close();
});

test("settings: register source, e-mail transport with a test e-mail, administrators added and removed", async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Settings" })).toBeVisible();
  await expect(page.getByTestId("register-source")).toContainText("admin-register.csv");
  await expect(page.getByTestId("email-transport")).toContainText("Outbox folder");
  await expectAccessible(page);

  // Only the test e-mails: other specs' claims and reports e-mail this admin too (decision 0803).
  const testMails = () => mailCount(page, ADM_USERS.admin, "Test e-mail from the UK Waste Carrier Directory");
  const before = await testMails();
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Send test e-mail" }).click();
  await expectToast(page, "Test e-mail queued");
  await expect.poll(testMails, { timeout: 15_000 }).toBe(before + 1);

  await page.goto("/admin/settings");
  const admins = page
    .getByRole("list", { name: "Administrator e-mail addresses" })
    .getByTestId("admin-email");
  // Yourself: no remove button.
  await expect(admins.filter({ hasText: ADM_USERS.admin }).getByRole("button")).toHaveCount(0);
  await page.getByLabel("Add an administrator by e-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Add administrator" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("Add an administrator by e-mail").fill("  ADM-Other@Example.TEST ");
  await page.getByRole("button", { name: "Add administrator" }).click();
  await expectToast(page, "Administrator added");
  await expect(admins.filter({ hasText: ADM_USERS.other })).toHaveCount(1);

  // The new administrator can now open the admin area.
  const otherContext = await page.context().browser()!.newContext();
  const other = await otherContext.newPage();
  await signIn(other, ADM_USERS.other, ADM_PASSWORD);
  await expect(other).toHaveURL(/\/admin/);
  await other.goto("/admin/data-management");
  await expect(other.getByRole("heading", { level: 1, name: "Data Management" })).toBeVisible();
  await otherContext.close();

  await admins
    .filter({ hasText: ADM_USERS.other })
    .getByRole("button", { name: `Remove ${ADM_USERS.other}` })
    .click();
  await expectToast(page, "Administrator removed");
  await expect(admins.filter({ hasText: ADM_USERS.other })).toHaveCount(0);
  // Removing yourself is refused by the server too.
  await page.request.post("/admin/settings", {
    form: { intent: "remove-admin", email: ADM_USERS.admin },
    headers: { Origin: new URL(page.url()).origin },
  });
  await page.goto("/admin/settings");
  await expect(admins.filter({ hasText: ADM_USERS.admin })).toHaveCount(1);
});

test("phone layout: the admin menu is a drawer; pages fit 375px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/dashboard-mobile.png`, fullPage: true });
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Admin menu" });
  await expect(drawer).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/drawer-mobile.png` });
  await drawer.getByRole("link", { name: "Data Management" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/data-management$/);
  await expect(page.getByRole("heading", { level: 1, name: "Data Management" })).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/data-management-mobile.png`, fullPage: true });
  await expectAccessible(page);
  for (const path of ["/admin/settings", "/admin/reports", "/admin", "/admin?tab=actions"]) {
    await page.goto(path);
    await expectNoSideScroll(page);
    await page.screenshot({ path: `${SHOTS}/${path.replace(/\W+/g, "-")}-mobile.png`, fullPage: true });
  }
  // The claims' rows are cards on a phone: Approve and Reject are on screen, not past a table's edge.
  await page.goto("/admin/claim-requests");
  await expectNoSideScroll(page);
  const approve = page.getByRole("link", { name: /^Approve claim for / }).first();
  await approve.scrollIntoViewIfNeeded();
  for (const action of [approve, page.getByRole("link", { name: /^Reject claim for / }).first()]) {
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: `${SHOTS}/claim-requests-mobile.png`, fullPage: true });
  await expectAccessible(page);
  await context.close();
});

test("a registration no longer on the register: its profile says so and search leaves it out", async ({
  page,
}) => {
  const response = await page.goto(`/provider/${ADM_REMOVED.registrationNumber}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: ADM_REMOVED.businessName })).toBeVisible();
  await expect(page.getByText("No longer on the register", { exact: true })).toBeVisible();
  await expect(page.getByText(/not found since 15 January 2026/)).toBeVisible();
  await expectAccessible(page);
  // A name search: once the admin's register sync has placed Adminford, a place search is nearest
  // first and this listing (without coordinates) comes after the located carriers around it.
  await page.goto(`/search-results?query=${ADM_TOWN}&type=name`);
  await expect(page.getByRole("link", { name: new RegExp(ADM_LISTING.businessName) }).first()).toBeVisible();
  await expect(page.getByText(ADM_REMOVED.businessName)).toHaveCount(0);
});

test("a non-admin is refused on every admin screen and action", async ({ page }) => {
  await signIn(page, AUTH_USERS.user, AUTH_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of [
    "/admin",
    "/admin?tab=claims",
    "/admin/data-management",
    "/admin/data-management?debug=1",
    "/admin/reports",
    "/admin/settings",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
  const origin = new URL(page.url()).origin;
  for (const [path, form] of [
    ["/admin/data-management", { intent: "sync" }],
    ["/admin/data-management", { intent: "clear" }],
    ["/admin/reports", { id: "00000000-0000-0000-0000-000000000000", status: "resolved" }],
    ["/admin/settings", { intent: "add-admin", email: "adm-intruder@example.test" }],
    ["/admin/settings", { intent: "test-email" }],
  ] as const) {
    const res = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(res.status(), `POST ${path} ${form}`).toBe(302);
    expect(res.headers().location).toBe("/unauthorized");
  }
  // Nothing happened: the intruder is not an administrator.
  await page.context().clearCookies();
  await signInAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByTestId("admin-email").filter({ hasText: "adm-intruder@example.test" })).toHaveCount(
    0,
  );
});
