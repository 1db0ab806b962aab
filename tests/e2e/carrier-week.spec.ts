/**
 * A carrier's working week, done in the browser as the carrier and their customer would (issue
 * 19): three notes written in the company area (one of two items whose codes are found by
 * everyday words, sent to the customer, who signs it remotely through the e-mailed link; one
 * whose receiving site is picked from the saved sites), one repeated, one corrected, one voided;
 * then the week's digital waste tracking JSON and waste items CSV downloaded and read, the JSON
 * checked against the movement record's schema. Data: tests/fixtures/47-carrier-week.ts.
 */
import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { validateExportFile } from "./support/dwt-schema";
import { ukToday } from "../../app/platform/dates";
import { WEEK } from "../fixtures/47-carrier-week";
import { expectToast, linkFromMailbox, signInAs } from "./support/auth-helpers";
import { drawSignature, fillWasteNote, itemGroup } from "./support/waste-note-form";

const TODAY = ukToday();
const SITE = {
  name: "Weekford Materials Recovery Facility",
  permit: "EPR/WK1234AB",
  address: "Canal Road, Weekford",
  postcode: "ZZ4 7MR",
};
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const noteIdFrom = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;
const customerCard = (page: Page) => page.getByTestId("customer-card");

async function saved(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
}

/** The signatures a filled (repeated or corrected) form still needs. */
async function signAndConfirm(page: Page) {
  await field(page, "transferorSignatureName").fill("Gail Garden");
  await field(page, "transfereeSignatureName").fill("Wes Driver");
  await field(page, "wasteHierarchy").check();
}

/** Monday: a garden clearance of two items, the customer not there to sign; the note is e-mailed. */
async function mondayNote(page: Page): Promise<string> {
  await page.goto("/company/waste-note");
  await fillWasteNote(page, {
    description: "Weekford garden clearance: hedge cuttings and grass",
    ewc: { search: "garden", code: "20 02 01" },
    weightKg: "340",
    moreItems: [
      {
        description: "Weekford garden clearance: broken paving and soil",
        ewc: [
          { search: "rubble", code: "17 01 07" },
          { search: "soil", code: "17 05 04" },
        ],
        quantity: "1.2",
        unit: "tonnes",
        estimated: true,
      },
    ],
    collectedAt: `${TODAY}T08:30`,
    vehicle: "WK24 EEK",
    origin: "12 Orchard Close, Weekford, ZZ4 7OC",
    transferor: { name: "Gail Garden", sic: "", address: "12 Orchard Close, Weekford, ZZ4 7OC" },
    signedBy: { transferor: "", carrier: "Wes Driver" },
  });
  await page.getByLabel("Producer of the waste").uncheck();
  await page.getByLabel("Householder (own household waste)").check();
  await page.getByLabel("Residential").check();
  await field(page, "receivingSiteName").fill(SITE.name);
  await field(page, "receivingSiteAuthorisation").fill(SITE.permit);
  await field(page, "receivingSiteAddress").fill(SITE.address);
  await field(page, "receivingSitePostcode").fill(SITE.postcode);
  await page.getByLabel("Customer's e-mail (optional)").fill(WEEK.customer);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  await expect(customerCard(page).getByText("Awaiting customer signature")).toBeVisible();
  return noteIdFrom(page);
}

/** The customer opens the e-mailed link on their own phone, and signs. */
async function customerSigns(page: Page, noteId: string) {
  const customerContext = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 800 } });
  const customer = await customerContext.newPage();
  const link = await linkFromMailbox(
    customer,
    WEEK.customer,
    /Please sign/,
    `/waste-note/${noteId}/sign?token=`,
  );
  await customer.goto(link);
  await expect(
    customer.getByRole("heading", { level: 1, name: "Sign your waste transfer note" }),
  ).toBeVisible();
  await expect(customer.getByTestId("sign-summary")).toContainText("hedge cuttings");
  await customer.getByRole("group", { name: "Your signature" }).getByLabel("Full name").fill("Gail Garden");
  await drawSignature(customer, "transferor");
  await customer.getByRole("button", { name: "Sign the note" }).click();
  await expectToast(customer, "Thank you: the note is signed");
  await expect(customerCard(customer)).toContainText("Signed remotely by Gail Garden on");
  await customerContext.close();
}

/** Tuesday: plasterboard from a builder, the receiving site picked from the saved sites. */
async function tuesdayNote(page: Page): Promise<string> {
  await page.goto("/company/waste-note");
  const picker = page.getByRole("combobox", { name: "Use a saved site" });
  await picker.fill("Weekford");
  await page.getByRole("option", { name: new RegExp(SITE.name) }).click();
  await expect(field(page, "receivingSiteName")).toHaveValue(SITE.name);
  await expect(field(page, "receivingSitePostcode")).toHaveValue(SITE.postcode);
  await fillWasteNote(page, {
    description: "Weekford builder: plasterboard offcuts",
    ewc: { search: "plasterboard", code: "17 08 02" },
    weightKg: "180",
    container: { type: "BAG", count: "4" },
    collectedAt: `${TODAY}T11:00`,
    vehicle: "WK24 EEK",
    origin: "Mill Street site, Weekford, ZZ4 7MS",
    transferor: { name: "Weekford Builders Ltd", sic: "41201", address: "Mill Street, Weekford, ZZ4 7MS" },
    signedBy: { transferor: "Bob Builder", carrier: "Wes Driver" },
  });
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  await expect(page.getByText("Awaiting customer signature")).toHaveCount(0);
  return noteIdFrom(page);
}

test("a carrier's week: notes written, sent and signed remotely, repeated, corrected, voided, and exported", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, WEEK.owner.email, WEEK.password);

  const monday = await mondayNote(page);
  for (const text of ["20 02 01", "17 01 07", "17 05 04", "hedge cuttings", "broken paving"])
    await expect(page.getByRole("main").getByText(text).first()).toBeVisible();
  await customerSigns(page, monday);
  await page.reload();
  await expect(customerCard(page)).toContainText("Signed remotely by Gail Garden on");

  const tuesday = await tuesdayNote(page);

  // Wednesday: the same collection again, from Tuesday's note.
  await page.getByRole("link", { name: "Repeat this collection" }).click();
  await expect(page).toHaveURL(`/company/waste-note?from=${tuesday}`);
  await expect(itemGroup(page, 1).getByLabel("Description of the waste")).toHaveValue(
    "Weekford builder: plasterboard offcuts",
  );
  await expect(field(page, "receivingSiteName")).toHaveValue(SITE.name);
  await expect(field(page, "transfereeSignatureName")).toHaveValue("");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  const wednesday = noteIdFrom(page);
  expect(wednesday).not.toBe(tuesday);

  // Thursday: Tuesday's weight was wrong; the note is corrected, never edited in place.
  await page.goto(`/waste-note/${tuesday}`);
  await page.getByRole("link", { name: "Correct", exact: true }).click();
  await itemGroup(page, 1).getByLabel("Quantity").fill("210");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Save Corrected Note" }).click();
  await expect(page.getByTestId("note-version")).toHaveText("Version 2 — supersedes version 1");
  const tuesdayV2 = noteIdFrom(page);
  await page.goto(`/waste-note/${tuesday}`);
  await expect(page.getByTestId("note-superseded")).toContainText("Superseded by a later version");

  // Friday: Wednesday's collection did not happen after all; its note is voided with a reason.
  await page.goto(`/waste-note/${wednesday}`);
  await page.getByRole("link", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this waste note?" });
  await dialog.getByLabel("Reason for voiding").fill("Collection cancelled by the customer");
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expectToast(page, "Waste note voided");
  await expect(page.getByTestId("note-void")).toContainText("Void: Collection cancelled by the customer");

  // The week in Past Waste Notes, and its exports.
  await page.goto("/company/waste-notes");
  const form = page.getByRole("search", { name: "Search and filter waste notes" });
  await form.getByLabel("Status").selectOption({ label: "Void" });
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("note-card")).toHaveCount(1);
  await form.getByLabel("Status").selectOption({ label: "Any" });
  await form.getByLabel("Collected from").fill(TODAY);
  await form.getByLabel("Collected to").fill(TODAY);
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("note-card")).toHaveCount(4);
  await expect(page.getByTestId("note-card").filter({ hasText: "Gail Garden" })).toHaveCount(1);

  const exports = page.getByRole("region", { name: "Exports" });
  const jsonDownload = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Digital waste tracking (JSON)" }).click();
  const files = JSON.parse(await saved(await jsonDownload)) as {
    noteId: string;
    movement: { wasteItems: { ewcCodes: string[] }[]; receiver?: { siteName: string } };
  }[];
  // The current notes only: Monday's and Tuesday's version 2 (not the superseded or void ones).
  expect(files.map((f) => f.noteId).sort()).toEqual([monday, tuesdayV2].sort());
  for (const file of files)
    expect(validateExportFile(file), JSON.stringify(validateExportFile.errors)).toBe(true);
  const mondayFile = files.find((f) => f.noteId === monday)!;
  expect(mondayFile.movement.wasteItems.map((i) => i.ewcCodes)).toEqual([["200201"], ["170107", "170504"]]);
  expect(mondayFile.movement.receiver?.siteName).toBe(SITE.name);

  const csvDownload = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Waste items (CSV)" }).click();
  const rows = parse(await saved(await csvDownload), { columns: true }) as Record<string, string>[];
  // One row per waste item, every note of the week whatever its status.
  expect(rows.filter((r) => r.note_id === monday)).toHaveLength(2);
  expect(new Set(rows.map((r) => r.note_id))).toEqual(new Set([monday, tuesday, tuesdayV2, wednesday]));
});
