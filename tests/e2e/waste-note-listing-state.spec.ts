/**
 * Decision 0249 in Chromium: what a company may still do with the notes it has when its listing
 * is suspended or its registration expires (tests/fixtures/48-note-actions-by-state.ts). A
 * suspended listing's send, void and transfer are refused on its note's page with why, and the
 * note is unchanged; a season ticket records no transfer on or after the registration's expiry
 * day; a carrier whose registration has expired can still void a mistaken note.
 */
import { expect, test } from "@playwright/test";
import { formatDate, ukToday } from "../../app/platform/dates";
import { STATE, stateDates } from "../fixtures/48-note-actions-by-state";
import { expectToast, signInAs } from "./support/auth-helpers";

const SUSPENDED_SEND =
  "Your listing is suspended: you cannot send waste notes while it is suspended. Please contact us to find out why and what to do.";
const SUSPENDED_VOID =
  "Your listing is suspended: you cannot void waste notes while it is suspended. Please contact us to find out why and what to do.";
const SUSPENDED_WRITE = "Your listing is suspended: you cannot write waste notes while it is suspended.";

test("a suspended listing's note: send, void and a transfer are refused with why; the note is unchanged", async ({
  page,
}) => {
  await signInAs(page, STATE.suspended.email);
  await page.goto(`/waste-note/${STATE.notes.suspended}`);

  const customer = page.getByTestId("customer-card");
  await expect(customer.getByLabel("Customer's e-mail")).toHaveValue(STATE.customer);
  await customer.getByRole("button", { name: "Send to customer" }).click();
  await expectToast(page, "The note was not sent");
  await expectToast(page, SUSPENDED_SEND);
  await expect(customer.getByTestId("customer-email-status")).toHaveCount(0);

  await page.getByRole("link", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this waste note?" });
  await dialog.getByLabel("Reason for voiding").fill("Written for the wrong customer");
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expect(dialog.getByText(SUSPENDED_VOID)).toBeVisible();

  await page.reload();
  const card = page.getByRole("region", { name: "Season ticket: add a transfer" });
  await card.getByLabel("Date and time of the transfer").fill(`${ukToday()}T09:30`);
  await card.getByLabel("Quantity").fill("120");
  await card.getByLabel("Place of transfer").fill("Stateham refused transfer");
  await card.getByRole("button", { name: "Add transfer" }).click();
  await expect(card.getByText(SUSPENDED_WRITE)).toBeVisible();

  // Nothing changed: not void, nothing sent, no transfer, for the owner and for anyone with the link.
  await page.reload();
  await expect(page.getByTestId("note-void")).toHaveCount(0);
  await expect(page.getByTestId("customer-email-status")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("Stateham refused transfer");
});

test("a season ticket records no transfer on or after the day the registration expires", async ({ page }) => {
  const dates = stateDates();
  await signInAs(page, STATE.expiring.email);
  await page.goto(`/waste-note/${STATE.notes.expiring}`);
  const card = page.getByRole("region", { name: "Season ticket: add a transfer" });

  await card.getByLabel("Date and time of the transfer").fill(`${dates.expiring}T08:00`);
  await card.getByLabel("Quantity").fill("90");
  await card.getByLabel("Place of transfer").fill("Stateham too late");
  await card.getByRole("button", { name: "Add transfer" }).click();
  await expect(
    card.getByText(
      `Your registration ${STATE.expiring.reg} expires on ${formatDate(dates.expiring)}: a transfer on or after that day cannot be recorded under it.`,
    ),
  ).toBeVisible();

  await card.getByLabel("Date and time of the transfer").fill(`${ukToday()}T08:00`);
  await card.getByLabel("Place of transfer").fill("Stateham in time");
  await card.getByRole("button", { name: "Add transfer" }).click();
  await expectToast(page, "Transfer added");
  await expect(page.getByRole("main")).toContainText("Stateham in time");
  await expect(page.getByRole("main")).not.toContainText("Stateham too late");
});

test("a carrier whose registration has expired can still void a mistaken note", async ({ page }) => {
  await signInAs(page, STATE.expired.email);
  await page.goto(`/waste-note/${STATE.notes.expired}`);
  await page.getByRole("link", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this waste note?" });
  const reason = "Written for the wrong customer";
  await dialog.getByLabel("Reason for voiding").fill(reason);
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expectToast(page, "Waste note voided");
  await expect(page.getByTestId("note-void")).toContainText(`Void: ${reason}`);
});
