/**
 * Several waste items per note (issue 19, decision 0709): a carrier writes a note of two items in
 * its company area, one item with two codes chosen by typing, sees the hazardous warning on that
 * item only and the consignment code asked for, fixes it and finds both items on the note; without
 * JavaScript "Add another item" brings the form back with one more item, nothing saved.
 */
import { expect, test, type Page } from "@playwright/test";
import { ITEMS } from "../fixtures/41-waste-note-items";
import { WASTE_NOTE_FIXTURE } from "../fixtures/40-waste-notes";
import { expectAccessible, signInAs } from "./support/auth-helpers";
import { chosenCodes, fillWasteNote, itemGroup, QUILLBURY_LOAD } from "./support/waste-note-form";

const HAZARD = "Hazardous waste: consignment note required";
const CONSIGNMENT_REQUIRED =
  "Enter the hazardous waste consignment code: an item on this note is hazardous waste";

async function fillTwoItems(page: Page) {
  await fillWasteNote(page, {
    ...QUILLBURY_LOAD,
    description: "Itemsford load: broken pallets",
    ewc: { search: "wooden packaging", code: "15 01 03" },
    weightKg: "120",
    origin: "Mill Yard, Itemsford, ZZ4 1IA",
    moreItems: [
      {
        description: "Itemsford load: old fluorescent tubes in soil",
        ewc: [
          { search: "fluorescent tubes", code: "20 01 21*" },
          { search: "170504", code: "17 05 04" },
        ],
        quantity: "0.25",
        unit: "tonnes",
        estimated: true,
      },
    ],
  });
}

test("a carrier writes a note of two items, one hazardous with two codes, and fixes the consignment code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, ITEMS.owner.email, ITEMS.password);
  await page.goto("/company/waste-note");
  await expect(itemGroup(page, 1)).toBeVisible();
  await expect(itemGroup(page, 2)).toHaveCount(0);
  await fillTwoItems(page);

  // The warning shows on the item with the hazardous code, not on the other.
  await expect(itemGroup(page, 2).getByText(HAZARD)).toBeVisible();
  await expect(itemGroup(page, 1).getByText(HAZARD)).toHaveCount(0);
  await expect(chosenCodes(itemGroup(page, 2)).getByRole("listitem")).toHaveCount(2);
  await expect(chosenCodes(itemGroup(page, 2))).toContainText(
    "Soil and stones other than those mentioned in 17 05 03",
  );
  await expectAccessible(page, { everyImpact: true });

  // A third item, added and removed in the browser.
  await page.getByRole("button", { name: "Add another item" }).click();
  await expect(itemGroup(page, 3)).toBeVisible();
  await itemGroup(page, 3).getByRole("button", { name: "Remove item" }).click();
  await expect(itemGroup(page, 3)).toHaveCount(0);

  // No consignment code: refused, the items kept as they were.
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page.getByText(CONSIGNMENT_REQUIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/company\/waste-note$/);
  await expect(chosenCodes(itemGroup(page, 2)).getByRole("listitem")).toHaveCount(2);
  await expect(itemGroup(page, 2).getByLabel("Quantity")).toHaveValue("0.25");
  await expect(itemGroup(page, 2).getByLabel("Unit")).toHaveValue("t");
  await expect(itemGroup(page, 1).getByLabel("Description of the waste")).toHaveValue(
    "Itemsford load: broken pallets",
  );

  // A malformed code is refused too; a Scottish one is accepted, typed in lower case.
  const consignment = page.getByLabel("Hazardous waste consignment code");
  await consignment.fill("ABC/1");
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText(/Enter the consignment code as on the consignment note/)).toBeVisible();
  await page.getByLabel("Hazardous waste consignment code").fill("sb1234567");
  await page.getByRole("button", { name: "Generate Waste Note" }).click();

  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  for (const text of [
    "Itemsford load: broken pallets",
    "15 01 03",
    "Itemsford load: old fluorescent tubes in soil",
    "20 01 21*",
    "17 05 04",
  ]) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Add another item' and 'Remove item' bring the form back changed, nothing saved; two items are written", async ({
    page,
  }) => {
    await page.goto("/wastenotegeneration");
    await page.getByLabel("Description of the waste").fill("Itemsford no-JS: bagged rubble");
    await page.getByLabel("EWC codes").fill("17 01 07");
    await page.getByLabel("Quantity").fill("300");
    await page.getByRole("button", { name: "Add another item" }).click();

    await expect(page).toHaveURL(/\/wastenotegeneration$/);
    await expect(page.getByText("Please correct the highlighted fields")).toHaveCount(0);
    const first = itemGroup(page, 1);
    const second = itemGroup(page, 2);
    await expect(first.getByLabel("Description of the waste")).toHaveValue("Itemsford no-JS: bagged rubble");
    await expect(first.getByLabel("EWC codes")).toHaveValue("17 01 07");
    await expect(second.getByLabel("Description of the waste")).toHaveValue("");

    // A third, then removed again.
    await page.getByRole("button", { name: "Add another item" }).click();
    await expect(itemGroup(page, 3)).toBeVisible();
    await itemGroup(page, 3).getByRole("button", { name: "Remove item" }).click();
    await expect(itemGroup(page, 3)).toHaveCount(0);
    await expect(first.getByLabel("Quantity")).toHaveValue("300");

    // Two codes typed in one box, separated by a comma.
    await second.getByLabel("Description of the waste").fill("Itemsford no-JS: soil and mixed rubble");
    await second.getByLabel("EWC codes").fill("170504, 17-09-04");
    await second.getByLabel("Quantity").fill("1.5");
    await second.getByLabel("Unit").selectOption("t");
    await page.getByLabel("Residential").check();
    await page.getByLabel("Collection date and time").fill("2026-08-01T14:00");
    await page.getByLabel("Vehicle registration").fill("IT26 EMS");
    await page.getByLabel("Origin of waste (collection address)").fill("3 Itemsford Road, Itemsford");
    await page.locator('input[name="transferorName"]').fill("Sam Items");
    await page.locator('textarea[name="transferorAddress"]').fill("3 Itemsford Road, Itemsford");
    await page.getByLabel("Producer of the waste").uncheck();
    await page.getByLabel("Householder (own household waste)").check();
    await page.getByLabel("Carrier company").fill(WASTE_NOTE_FIXTURE.carrierName);
    await page.getByLabel("Carrier licence (registration number)").fill(WASTE_NOTE_FIXTURE.carrierLicence);
    await page.getByLabel("Carrier address").fill("Riverside Yard, Gloucester, GL2 5AA");
    await page.getByLabel(/waste hierarchy declaration/i).check();
    await page.locator('input[name="transferorSignatureName"]').fill("Sam Items");
    await page.locator('input[name="transfereeSignatureName"]').fill("Pat Driver");
    await page.getByRole("button", { name: "Generate Waste Note" }).click();

    await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}\?submitted=1$/);
    for (const text of [
      "Itemsford no-JS: bagged rubble",
      "Itemsford no-JS: soil and mixed rubble",
      "17 09 04",
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
  });
});
