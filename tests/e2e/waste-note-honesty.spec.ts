/**
 * What a note may claim, as a person sees it (decisions 0273 and 0274): the public generator's
 * note says whom the carrier's number is registered to and flags a carrier name that is not it; a
 * collection date in the future is refused with its message; the company's "Send to customer"
 * refuses the owner's own address. Screenshots at 375 px go to tmp/ (SHOTS_DIR) for a look.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { COLLECTION_DATE_MESSAGES } from "../../app/modules/waste-notes/collection-date";
import { OWN_ADDRESS_MESSAGE } from "../../app/modules/waste-notes/own-address.server";
import { dateToLondonLocal, formatDate, ukToday } from "../../app/platform/dates";
import { SEND } from "../fixtures/44-customer-send";
import { WASTE_NOTE_FIXTURE } from "../fixtures/40-waste-notes";
import { expectAccessible, expectToast, signInAs } from "./support/auth-helpers";
import { shootAtPhoneWidth } from "./support/styles";
import { fillWasteNote } from "./support/waste-note-form";

const SHOTS = path.resolve("tmp", "shots-h6");
const REGISTERED = WASTE_NOTE_FIXTURE.carrierName.toUpperCase();

/** A note from the public generator naming "Dodgy Dumpers" with a real carrier's number. */
async function fillBorrowedNumber(page: Page, collectedAt: string) {
  await fillWasteNote(page, {
    description: "Garden waste and soil, bagged",
    ewc: { search: "biodegradable", code: "20 02 01" },
    weightKg: "120",
    collectedAt,
    vehicle: "DD21 UMP",
    origin: "7 Lane End, Gloucester, GL1 1AA",
    transferor: { name: "Lane End Gardens Ltd", sic: "81300", address: "7 Lane End, Gloucester, GL1 1AA" },
    carrier: {
      name: "Dodgy Dumpers",
      licence: WASTE_NOTE_FIXTURE.carrierLicence,
      address: "Somewhere, GL9 9ZZ",
    },
    signedBy: { transferor: "Lara Lane", carrier: "Dan Dumper" },
  });
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test("the generator refuses a future collection date, then flags a borrowed number's name on the note", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/wastenotegeneration");
  const tomorrow = dateToLondonLocal(new Date(Date.now() + 36 * 3_600_000)).slice(0, 10);
  await fillBorrowedNumber(page, `${tomorrow}T09:30`);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page.getByText(COLLECTION_DATE_MESSAGES.future(ukToday()))).toBeVisible();
  expect(COLLECTION_DATE_MESSAGES.future(ukToday())).toContain(
    `today, ${formatDate(ukToday())}, at the latest`,
  );
  await expect(page).toHaveURL(/\/wastenotegeneration/);
  await expectAccessible(page);
  await shootAtPhoneWidth(page, path.join(SHOTS, "generator-future-date-375.png"));

  // Today's collection is accepted; the note names the register's business beside the number.
  await page.getByLabel("Collection date and time").fill(`${ukToday()}T00:05`);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}(\?submitted=1)?$/);
  await expect(page.getByTestId("register-check")).toContainText(
    `valid until 31 January 2031, registered to ${REGISTERED}. Name does not match: this note names the carrier "Dodgy Dumpers", but the register gives ${WASTE_NOTE_FIXTURE.carrierLicence} to ${REGISTERED}.`,
  );
  const flag = page.getByTestId("carrier-name-mismatch");
  await expect(flag).toContainText("The carrier's name does not match the register");
  await expect(flag).toContainText("Check that they are the same business before relying on this note.");
  await expect(page.getByText("Name on the register")).toBeVisible();
  await expectAccessible(page);
  await shootAtPhoneWidth(page, path.join(SHOTS, "note-name-mismatch-375.png"));
});

test("Send to customer refuses the owner's own address and sends nothing", async ({ page }) => {
  await signInAs(page, SEND.owner.email);
  await page.goto(`/waste-note/${SEND.unsigned}`);
  const card = page.getByTestId("customer-card");
  await card.getByLabel("Customer's e-mail").fill(SEND.owner.email.toUpperCase());
  await card.getByRole("button", { name: "Send to customer" }).click();
  await expectToast(page, "The note was not sent");
  await expectToast(page, OWN_ADDRESS_MESSAGE);
  await expect(card.getByTestId("customer-email-status")).toHaveCount(0);
  await expect(card.getByText("Awaiting customer signature")).toHaveCount(0);
});
