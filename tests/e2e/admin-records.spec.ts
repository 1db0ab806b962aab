/**
 * The audit log and the waste note search (issue 20, items 3 and 4): an administrator rejects a
 * claim and finds the entry by filtering the log; searches every company's notes by EWC code and
 * opens one; both lists at 375 px; non-admins refused.
 */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import { AUD, AUD_PASSWORD } from "../fixtures/83-audit-and-notes";
import { expectAccessible, expectToast, signIn } from "./support/auth-helpers";

const SHOTS = "tmp/shots-admin-records";

async function signInAdmin(page: Page) {
  await signIn(page, AUD.admin, AUD_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
}

/** The page is no wider than the window (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test("an admin rejects a claim, then finds it in the audit log by actor, action and day", async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto("/admin/claim-requests?q=auditreject");
  await page.getByRole("link", { name: `Reject claim for ${AUD.claim.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Claim" });
  await dialog.getByLabel("Admin Notes").fill("Not the registered keeper.");
  await dialog.getByRole("button", { name: "Reject Claim" }).click();
  await expectToast(page, "Claim rejected successfully");

  // The sidebar's Audit Log.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(page).toHaveTitle(/Audit Log/);

  const form = page.getByRole("form", { name: "Filter the audit log" });
  await form.getByLabel("Actor (e-mail)", { exact: true }).fill(AUD.admin);
  await form.getByLabel("Action", { exact: true }).selectOption({ label: "Claim rejected" });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await form.getByLabel("From", { exact: true }).fill(today);
  await form.getByLabel("To", { exact: true }).fill(today);
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=claim\.rejected/);
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText("Claim rejected");
  await expect(entry.getByTestId("audit-actor")).toHaveText(AUD.admin);
  await expect(entry).toContainText("Not the registered keeper.");
  await expect(entry.getByRole("link", { name: AUD.claim.number })).toHaveAttribute(
    "href",
    `/provider/${AUD.claim.number}`,
  );
  await expectAccessible(page);

  // The subject opens the claim.
  await entry.getByRole("link", { name: /^Claim [0-9a-f-]{36}$/ }).click();
  await expect(page).toHaveURL(/\/admin\/claim-requests\?claim=[0-9a-f-]{36}$/);
  await expect(page.getByRole("dialog", { name: "Claim Request" })).toContainText(
    "Not the registered keeper.",
  );

  // Filters that match nothing, and a value that cannot be used.
  await page.goto(`/admin/audit?actor=${encodeURIComponent(AUD.admin)}&action=listing.suspended`);
  await expect(page.getByText("No entries match these filters.")).toBeVisible();
  await page.goto("/admin/audit?action=claim.exploded&from=2026-02-30");
  await expect(page.getByText("Choose an action from the list")).toBeVisible();
  await expect(page.getByText("Enter the first day as a date, e.g. 2026-11-01")).toBeVisible();
  await expect(page.getByTestId("audit-entry")).toHaveCount(0);
});

test("an admin searches every company's waste notes by EWC code and opens one", async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Waste Notes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Waste Notes" })).toBeVisible();
  const form = page.getByRole("search", { name: "Search waste notes" });
  await form.getByLabel("EWC code", { exact: true }).fill(AUD.ewc);
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/ewc=16\+01\+03/);
  const notes = page.getByTestId("admin-note");
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText("Twelve van tyres");
  await expect(notes.nth(1)).toContainText("Forty worn car tyres");
  await expect(notes.nth(0)).toContainText(`${AUD.carrier.name} (${AUD.carrier.number})`);
  await expect(notes.nth(0)).toContainText(`${AUD.company.name} (${AUD.company.number})`);
  await expectAccessible(page);

  // Narrowed by carrier registration number and note number too.
  await form.getByLabel("Carrier", { exact: true }).fill(AUD.carrier.number.toLowerCase());
  await form.getByLabel("Note number", { exact: true }).fill(AUD.tyreNotes[0].slice(0, 8));
  await form.getByRole("button", { name: "Search" }).click();
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText("Forty worn car tyres");

  await notes
    .first()
    .getByRole("link", { name: `Open note ${AUD.tyreNotes[0].slice(0, 8)}` })
    .click();
  await expect(page).toHaveURL(`/waste-note/${AUD.tyreNotes[0]}`);
  await expect(page.getByRole("heading", { level: 1, name: AUD.tyreNotes[0] })).toBeVisible();
  await expect(page.getByText("Forty worn car tyres")).toBeVisible();

  // Nothing found; a code that cannot be one.
  await page.goto("/admin/waste-notes?ewc=16+01+03&carrier=Nobody+Haulage");
  await expect(page.getByText("No matching waste notes found")).toBeVisible();
  await page.goto("/admin/waste-notes?ewc=160");
  await expect(
    page.getByText("Enter an EWC code (e.g. 17 09 04), or its chapter (17) or sub-chapter (17 09)"),
  ).toBeVisible();
});

test("at 375 px both lists and their filters fit the screen", async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/waste-notes?ewc=${encodeURIComponent(AUD.ewc)}`);
  await expect(page.getByTestId("admin-note")).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  const open = page
    .getByTestId("admin-note")
    .first()
    .getByRole("link", { name: /^Open note / });
  await open.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport();
  const box = await open.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/waste-notes-375.png`, fullPage: true });
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filter" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/audit-375.png`, fullPage: true });
});

test("non-admins are refused the audit log and the waste note search", async ({ page }) => {
  for (const path of ["/admin/audit", "/admin/waste-notes?ewc=16+01+03"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login\?redirectTo=/);
  }
  await signIn(page, AUTH_USERS.user, AUTH_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of [
    "/admin/audit",
    "/admin/audit?action=claim.approved",
    "/admin/waste-notes?ewc=16+01+03",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText("Forty worn car tyres")).toHaveCount(0);
  }
});
