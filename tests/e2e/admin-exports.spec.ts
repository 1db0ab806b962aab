/**
 * Exports and bulk actions on the admin lists (issue 20, items 6 and 8; decision 0806): an admin
 * filters the leads and downloads them as CSV; bulk-publishes two reviews and bulk-deletes leads
 * with one confirmation; without JavaScript the server asks for the confirmation; a signed-in user
 * who is not an administrator is refused an export.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { EXP_BULK_LEADS, EXP_PASSWORD, EXP_REVIEWS, EXP_USERS } from "../fixtures/87-exports";
import { expectAccessible, expectToast, signIn, signInAsAdmin } from "./support/auth-helpers";

const ukToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

async function searchLeads(page: Page, q: string) {
  await page.goto("/admin/leads");
  await page.getByLabel("Search leads").fill(q);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
}

test("an admin filters the leads and downloads them as CSV", async ({ page }) => {
  await signInAsAdmin(page, EXP_USERS.admin, EXP_PASSWORD);
  await searchLeads(page, "Exportley Export");
  await expect(page.getByTestId("lead-row")).toHaveCount(3);
  const link = page.getByRole("link", { name: "Download CSV" });
  await expect(link).toHaveAttribute("href", "/admin/leads.csv?q=Exportley+Export");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`leads-${ukToday()}.csv`);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Submitted,Name,Email,Phone,Postcode,Load size,Preferred date,Preferred time,Status,Description,Image attached",
  );
  // Only the three leads the search finds, newest first, in UK dates; the formula is text.
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},Exportley Export Ann,exp-lead-0@example\.test,,ZZ7 1AA,Small Van,,asap,new,A fridge and two chairs\.,No$/,
  );
  expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
  expect(lines[3]).toContain(",Exportley Export Bob,");

  // Every list has its export, with the list's own filters.
  for (const [path, file, header] of [
    ["/admin/quote-requests.csv?q=Exportley", "quote-requests", "Submitted,Provider,Name,"],
    ["/admin/claim-requests.csv?status=approved", "claim-requests", "Submitted,Registration number,"],
    ["/admin/listings.csv?q=Exportley", "listings", "Claimed,Registration number,"],
    ["/admin/providers.csv?status=suspended&plan=premium", "providers", "Claimed,Registration number,"],
    ["/admin/verifications.csv", "reviews", "Submitted,Provider,Business name,Reviewer name,"],
  ] as const) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers()["content-disposition"]).toBe(`attachment; filename="${file}-${ukToday()}.csv"`);
    expect(await answer.text()).toContain(header);
  }
});

test("an admin bulk-publishes two reviews and bulk-deletes leads, one confirmation each", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, EXP_USERS.admin, EXP_PASSWORD);
  await page.goto("/admin/verifications");
  await expect(page.getByRole("heading", { name: "Pending Verifications" })).toBeVisible();
  await expectAccessible(page);
  for (const name of EXP_REVIEWS.slice(0, 2)) await page.getByLabel(`Select review by ${name}`).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Publish selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog).toContainText("Publish 2 reviews? They will show on the providers' profiles.");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "2 reviews published");
  for (const name of EXP_REVIEWS.slice(0, 2))
    await expect(page.getByTestId("pending-review").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId("pending-review").filter({ hasText: EXP_REVIEWS[2]! })).toHaveCount(1);

  await searchLeads(page, "Exportley Bulk");
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Select all on this page").check();
  for (const name of EXP_BULK_LEADS) await expect(page.getByLabel(`Select lead from ${name}`)).toBeChecked();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm" });
  await expect(confirm).toContainText("Delete 3 leads? This cannot be undone.");
  // Cancel changes nothing; the second time the batch is deleted.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: "Delete selected" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "3 leads deleted");
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No leads match "Exportley Bulk"')).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server asks to confirm the batch before rejecting", async ({ page }) => {
    await signIn(page, EXP_USERS.admin, EXP_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/verifications");
    const last = EXP_REVIEWS[2]!;
    await page.getByLabel(`Select review by ${last}`).check();
    await page.getByRole("button", { name: "Reject selected" }).click();
    const ask = page.getByRole("alertdialog");
    await expect(ask).toContainText("Reject 1 review? They will not be shown.");
    // Nothing changed yet.
    await expect(page.getByTestId("pending-review").filter({ hasText: last })).toHaveCount(1);
    await ask.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("pending-review").filter({ hasText: last })).toHaveCount(0);
  });
});

test("a signed-in user who is not an administrator is refused an export", async ({ page }) => {
  await signIn(page, EXP_USERS.user, EXP_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const answer = await page.request.get("/admin/leads.csv", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/unauthorized");
  expect(await answer.text()).not.toContain("Exportley");
  await page.goto("/admin/verifications.csv");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
