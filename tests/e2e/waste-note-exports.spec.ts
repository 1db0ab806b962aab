/**
 * A carrier's exports for digital waste tracking (issue 19 items 6 and 7, decision 0713): Past
 * Waste Notes filtered by status, customer and collection days (in the URL), the movement records
 * of those days downloaded as JSON and checked against the schema with ajv, the waste items CSV
 * (one row per item), and one note's movement record from its page. Data: fixture 45.
 */
import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { validateExportFile } from "./support/dwt-schema";
import { DWT } from "../fixtures/45-waste-note-exports";
import { signInAs } from "./support/auth-helpers";

interface ExportFile {
  noteId: string;
  movement: {
    dateTimeReceived: string;
    hazardousWasteConsignmentCode?: string;
    wasteItems: { ewcCodes: string[]; containsHazardous: boolean }[];
    receiver?: { siteName: string };
  };
  notFromTheNote: string[];
  problems: string[];
}

async function saved(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
}

async function filter(
  page: Page,
  fields: { status?: string; customer?: string; from?: string; to?: string },
) {
  const form = page.getByRole("search", { name: "Search and filter waste notes" });
  await form.getByLabel("Status").selectOption({ label: fields.status ?? "Any" });
  await form.getByLabel("Customer").fill(fields.customer ?? "");
  await form.getByLabel("Collected from").fill(fields.from ?? "");
  await form.getByLabel("Collected to").fill(fields.to ?? "");
  await form.getByRole("button", { name: "Apply filters" }).click();
}

test("a carrier filters past notes, downloads the digital waste tracking JSON and the items CSV", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, DWT.owner.email);
  await page.goto("/company/waste-notes");
  const cards = page.getByTestId("note-card");
  await expect(cards).toHaveCount(11);

  await filter(page, { status: "Void" });
  await expect(page).toHaveURL(/status=void/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId("note-status")).toHaveText("Void");
  await expect(cards.first()).toContainText("Harbour Kitchens Ltd");

  await filter(page, { status: "Current", customer: "ferry road" });
  await expect(page).toHaveURL(/customer=ferry\+road/);
  await expect(page.getByTestId("result-count")).toHaveText("2 of 11 notes match the filters");
  // A note awaiting the customer's signature is current too (its badge says what it waits for).
  await expect(cards.getByTestId("note-status")).toHaveText(["Awaiting customer signature", "Current"]);
  await filter(page, { status: "Awaiting customer signature", customer: "Ferry" });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Ferry Road Garage");
  await expect(cards.first()).toContainText("16 01 17");

  // 3 to 8 March: six notes, all current.
  await filter(page, { from: "2026-03-03", to: "2026-03-08" });
  await expect(page).toHaveURL(/from=2026-03-03&to=2026-03-08/);
  await expect(cards).toHaveCount(6);
  const exports = page.getByRole("region", { name: "Exports" });
  await expect(exports).toContainText("collected 03/03/2026 to 08/03/2026");

  const jsonDownload = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Digital waste tracking (JSON)" }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toBe("dwt-movements-CBDU704501-2026-03-03-to-2026-03-08.json");
  const files = JSON.parse(await saved(json)) as ExportFile[];
  expect(files).toHaveLength(6);
  for (const file of files) {
    const valid = validateExportFile(file);
    // The hazardous note without a consignment code fails the schema's rule, and says so.
    const hazardousWithoutCode =
      file.movement.wasteItems.some((i) => i.containsHazardous) &&
      !file.movement.hazardousWasteConsignmentCode;
    expect(valid, JSON.stringify(validateExportFile.errors)).toBe(!hazardousWithoutCode);
    expect(file.problems.length > 0).toBe(hazardousWithoutCode);
    expect(file.notFromTheNote).toContain("apiCode");
  }
  expect(files.map((f) => f.movement.dateTimeReceived.slice(0, 10))).toEqual([
    "2026-03-03",
    "2026-03-04",
    "2026-03-05",
    "2026-03-06",
    "2026-03-07",
    "2026-03-08",
  ]);
  expect(files[0]!.movement.wasteItems.map((i) => i.ewcCodes)).toEqual([
    ["170107", "170504"],
    ["200201"],
    ["150101"],
  ]);
  expect(files[1]!.movement.hazardousWasteConsignmentCode).toBe("ABC123/12345");
  expect(files[3]!.notFromTheNote).toEqual(expect.arrayContaining(["receiver.siteName", "receipt.address"]));

  const csvDownload = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Waste items (CSV)" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^waste-note-items-CBDU704501-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await saved(csv), { columns: true }) as Record<string, string>[];
  // One row per waste item: the multi-item note has three.
  expect(rows).toHaveLength(8);
  expect(rows.filter((r) => r.note_id === files[0]!.noteId).map((r) => r.ewc_codes_6)).toEqual([
    "170107;170504",
    "200201",
    "150101",
  ]);
  expect(rows.map((r) => r.hazardous).filter((h) => h === "yes")).toHaveLength(2);
  expect(new Set(rows.map((r) => r.note_id))).toEqual(new Set(files.map((f) => f.noteId)));

  // One note's record, from its page (only its company sees the link).
  await cards
    .filter({ hasText: "Rubble and soil" })
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}$/);
  const oneDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Digital waste tracking (JSON)" }).click();
  const one = JSON.parse(await saved(await oneDownload)) as ExportFile;
  expect(validateExportFile(one), JSON.stringify(validateExportFile.errors)).toBe(true);
  expect(one.noteId).toBe(files[0]!.noteId);
  expect(one.movement.receiver).toEqual({
    siteName: "Quillbury Recycling Centre",
    authorisationNumber: "EPR/AB1234CD",
  });
});

test("another company and visitors get no export of the carrier's notes", async ({ page, request }) => {
  await signInAs(page, DWT.owner.email);
  await page.goto("/company/waste-notes?status=void");
  const href = await page
    .getByTestId("note-card")
    .first()
    .getByRole("link", { name: /View Details/ })
    .getAttribute("href");
  const noteId = href!.split("/").pop()!;
  expect((await page.request.get(`/company/waste-notes/${noteId}/dwt.json`)).status()).toBe(200);
  expect((await page.request.get("/company/waste-notes/items.csv?from=31/02/2026")).status()).toBe(400);

  await page.context().clearCookies();
  await signInAs(page, DWT.stranger.email);
  expect((await page.request.get(`/company/waste-notes/${noteId}/dwt.json`)).status()).toBe(404);
  await page.goto(`/waste-note/${noteId}`);
  await expect(page.getByRole("link", { name: "Digital waste tracking (JSON)" })).toHaveCount(0);
  const theirs = JSON.parse(
    await (await page.request.get("/company/waste-notes/dwt.json")).text(),
  ) as ExportFile[];
  expect(theirs.map((f) => f.noteId)).not.toContain(noteId);
  expect(theirs).toHaveLength(9);

  const anonymous = await request.get(`/company/waste-notes/${noteId}/dwt.json`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
});
