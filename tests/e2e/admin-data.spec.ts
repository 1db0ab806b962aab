/**
 * Data Management as an admin operates it (issue 8), in order: a stuck sync is cleared, 'Update
 * Data' imports the configured register file and the page follows it to the end within a couple
 * of seconds, without a reload (issue 20, item 9), an uploaded file with bad rows is imported and
 * its rejected lines shown, the dashboard's counts follow, and a run that fails shows its error
 * beside the summary.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  ADM_PASSWORD,
  ADM_REGISTER_ROWS,
  ADM_TOWN,
  ADM_USERS,
  REGISTER_HEADER,
  registerRow,
} from "../fixtures/80-admin";
import { expectAccessible, expectToast, signInAsAdmin } from "./support/auth-helpers";

test.describe.configure({ mode: "serial" });

const signInAdmin = (page: Page) => signInAsAdmin(page, ADM_USERS.admin, ADM_PASSWORD);

const history = (page: Page) => page.getByRole("table", { name: "Sync history, newest first" });
const toastWith = (page: Page, title: string) =>
  page.locator("li[role=status], [data-state=open]").filter({ hasText: title }).first();
/** Marks the loaded document, to tell later whether the page was reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as { e2eMark?: number }).e2eMark = 1));
const sameDocument = (page: Page) => page.evaluate(() => (window as { e2eMark?: number }).e2eMark === 1);
const runningRows = (page: Page) =>
  history(page)
    .getByTestId("sync-row")
    .filter({ has: page.getByText("running", { exact: true }) });

test("clears a stuck sync with the spec's message", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  await page.goto("/admin/data-management");
  await expect(page.getByRole("heading", { level: 1, name: "Data Management" })).toBeVisible();
  // The fixture's stuck run: shown running, with its progress, and 'Update Data' held back.
  await expect(runningRows(page)).toHaveCount(1);
  await expect(page.getByTestId("sync-progress")).toContainText("1,234 rows read");
  await expect(page.getByRole("button", { name: "Update Data" })).toBeDisabled();
  await page.screenshot({ path: "tmp/shots-admin/data-management-desktop.png", fullPage: true });
  await expectAccessible(page);

  await page.getByRole("button", { name: "Clear Stuck Syncs" }).click();
  await expectToast(page, "Stuck syncs cleared");
  const cleared = history(page)
    .getByTestId("sync-row")
    .filter({ hasText: "Manually cleared - sync was stuck in running state" });
  await expect(cleared).toHaveCount(1);
  await expect(cleared.getByText("error", { exact: true })).toBeVisible();
  await expect(runningRows(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update Data" })).toBeEnabled();
});

test("'Update Data' syncs the configured register file; the page follows the run to the end", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  await page.goto("/admin/data-management");
  const before = Number(await page.getByTestId("total-runs").innerText());
  // The e2e register file is a part of the register: keep every other listing.
  await page.getByLabel("The source is only part of the register").check();
  await markDocument(page);
  await page.getByRole("button", { name: "Update Data" }).click();
  await expectToast(page, "Data sync started");
  // No reload by hand: the page follows the run every second while it is queued or running, and
  // the runner starts it at once. A run of a few rows ends within a couple of seconds on an idle
  // machine, five or more under the whole suite's load: how fast is the bench's to say.
  await expect(toastWith(page, "Data sync completed")).toBeVisible({ timeout: 15_000 });
  expect(await sameDocument(page)).toBe(true);
  await expect(page.getByTestId("total-runs")).toHaveText(String(before + 1));
  await expect(page.getByText("Sync queued")).toHaveCount(0);
  await expect(page.getByTestId("sync-progress")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update Data" })).toBeEnabled();
  await expect(toastWith(page, "Data sync completed")).toContainText(
    new RegExp(
      `Records processed: ${ADM_REGISTER_ROWS}\\. Records added: ${ADM_REGISTER_ROWS}\\. Duration: \\d+\\.\\d seconds\\.`,
    ),
  );
  const latest = history(page).getByTestId("sync-row").first();
  await expect(latest).toContainText("success");
  await expect(latest).toContainText("manual");
  await expect(page.getByTestId("successful-runs")).toHaveText(/[1-9]/);

  // The debug toggle shows the job as the runner saw it.
  await page.getByRole("switch", { name: "Debug" }).click();
  await expect(page.getByRole("switch", { name: "Debug" })).toHaveAttribute("aria-checked", "true");
  const debug = page.getByTestId("debug-entries").getByRole("listitem");
  await expect(debug.first()).toContainText("done");
  await expect(debug.first()).toContainText("admin-register.csv");
  await expectAccessible(page);

  // The new listings are public.
  await page.goto(`/search-results?query=${ADM_TOWN}`);
  await expect(page.getByRole("link", { name: /Adminford Register Row 0 Ltd/ }).first()).toBeVisible();
});

test("uploads a register file with bad rows, sees the rejected lines, and the dashboard counts follow", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  await page.goto("/admin");
  const totalBefore = Number((await page.getByTestId("count-Total Listings").innerText()).replace(/,/g, ""));

  await page.goto("/admin/data-management");
  const csv = [
    REGISTER_HEADER,
    registerRow("CBDU800201", "Adminford Uploaded One Ltd"),
    registerRow("", "Adminford No Number Ltd"),
    registerRow("CBDU800202", "Adminford Uploaded Two Ltd"),
    registerRow("CBDU800203", ""),
    registerRow("CBDU800204", "Adminford Uploaded Three Ltd"),
  ].join("\n");
  await page
    .getByLabel("Register file (CSV or ZIP)")
    .setInputFiles({ name: "adminford.csv", mimeType: "text/csv", buffer: Buffer.from(csv + "\n") });
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expectToast(page, "Register file uploaded");
  // The page follows the run every second while it is queued or running.
  await expect(toastWith(page, "Data sync completed")).toBeVisible({ timeout: 5_000 });
  const latest = history(page).getByTestId("sync-row").first();
  await expect(latest).toContainText("upload");
  await expect(latest).toContainText("success");
  await latest.getByRole("link", { name: /^2 rejected: view the rejected lines/ }).click();
  const dialog = page.getByRole("dialog", { name: "Rejected lines" });
  await expect(dialog).toBeVisible();
  const lines = dialog.getByTestId("rejected-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("3");
  await expect(lines.nth(0)).toContainText("missing registration number");
  await expect(lines.nth(1)).toContainText("5");
  await expect(lines.nth(1)).toContainText("CBDU800203");
  await expect(lines.nth(1)).toContainText("missing organisation name");
  await expectAccessible(page);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // A file that is not a register is refused before any job starts.
  await page.getByLabel("Register file (CSV or ZIP)").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
  });
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expectToast(page, "Failed to trigger data sync");
  await expect(toastWith(page, "Failed to trigger data sync")).toContainText(
    "not a CSV or ZIP register file",
  );

  await page.goto("/admin");
  await expect(page.getByTestId("count-Total Listings")).toHaveText(
    (totalBefore + 3).toLocaleString("en-GB"),
  );
});

test("a run that fails shows its error beside the summary, as soon as it fails", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  await page.goto("/admin/data-management");
  await expect(page.getByTestId("last-run-error")).toHaveCount(0);
  // Every row of this file is refused, so the run fails and imports nothing.
  const csv = [
    REGISTER_HEADER,
    registerRow("", "Adminford Nameless Number Ltd"),
    registerRow("CBDU800301", ""),
  ].join("\n");
  await page
    .getByLabel("Register file (CSV or ZIP)")
    .setInputFiles({ name: "all-bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv + "\n") });
  await markDocument(page);
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expectToast(page, "Register file uploaded");
  const error =
    "Every row of the register source was rejected (2): nothing was imported; no data was changed";
  const shown = page.getByTestId("last-run-error");
  await expect(shown).toBeVisible({ timeout: 5_000 });
  await expect(shown).toHaveAttribute("role", "alert");
  await expect(shown).toContainText("The last sync failed");
  await expect(shown).toContainText(error);
  expect(await sameDocument(page)).toBe(true);
  await expect(toastWith(page, "Failed to trigger data sync")).toContainText(error);
  const latest = history(page).getByTestId("sync-row").first();
  await expect(latest.getByText("error", { exact: true })).toBeVisible();
  await expect(latest).toContainText(error);
  // The page keeps following until the job too has ended, then stops polling: a new sync may start.
  await expect(page.getByRole("button", { name: "Update Data" })).toBeEnabled();
  await expect(page.getByText("A sync is running or waiting to start.")).toHaveCount(0);
  await page.screenshot({ path: "tmp/shots-admin/data-management-failed-run.png", fullPage: true });
  await expectAccessible(page);
  // It stays in view after a reload, until a later run succeeds.
  await page.reload();
  await expect(page.getByTestId("last-run-error")).toContainText(error);
});
