/**
 * Decisions 0249 and 0253 in Chromium: what a company may still do with the notes it has when its
 * listing is suspended or its registration expires (tests/fixtures/48-note-actions-by-state.ts).
 * A suspended listing's note page offers no send, void, correction, repeat or transfer and says
 * why once; the note can still be read, downloaded and scanned; the same requests sent straight
 * to the server (a page loaded before the suspension) are refused with why and change nothing.
 * A season ticket records no transfer on or after the registration's expiry day; a carrier whose
 * registration has expired is offered, and can still use, Void only.
 */
import { expect, test } from "@playwright/test";
import { formatDate, ukToday } from "../../app/platform/dates";
import { STATE, stateDates } from "../fixtures/48-note-actions-by-state";
import { expectAccessible, expectToast, signInAs } from "./support/auth-helpers";

const SUSPENDED_NOTICE =
  "Your listing is suspended: you cannot write, send or void waste notes while it is suspended. Please contact us to find out why and what to do.";
const SUSPENDED_VOID =
  "Your listing is suspended: you cannot void waste notes while it is suspended. Please contact us to find out why and what to do.";
const SUSPENDED_WRITE = "Your listing is suspended: you cannot write waste notes while it is suspended.";

test("a suspended listing's note: no send, void, correct, repeat or transfer, one notice saying why; a stale page's requests are refused", async ({
  page,
}) => {
  await signInAs(page, STATE.suspended.email);
  const id = STATE.notes.suspended;
  await page.goto(`/waste-note/${id}`);

  // The notice, once, with the way to ask why.
  const notice = page.getByTestId("note-refusal");
  await expect(notice).toHaveCount(1);
  await expect(notice.getByRole("heading", { name: "Listing suspended" })).toBeVisible();
  await expect(notice).toContainText(SUSPENDED_NOTICE);
  await expect(notice.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");

  // Nothing offered that the server would refuse.
  await expect(page.getByTestId("send-to-customer")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send to customer" })).toHaveCount(0);
  await expect(page.getByLabel("Customer's e-mail")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Void" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Correct", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Repeat this collection" })).toHaveCount(0);
  await expect(page.getByTestId("owner-actions")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Season ticket: add a transfer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add transfer" })).toHaveCount(0);

  // Still there: the note itself, its PDF and its QR code.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(id);
  await expect(page.getByRole("main")).toContainText("cardboard and pallets");
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `/waste-note/${id}/pdf`,
  );
  await expect(page.getByRole("heading", { name: "QR code", exact: true })).toBeVisible();
  await expectAccessible(page);

  // The server still refuses each of them, sent straight to it as a page loaded before the
  // suspension would send them, with why; the note is unchanged.
  const voided = await page.request.post(`/company/waste-notes/${id}/void`, {
    form: { reason: "Written for the wrong customer" },
  });
  expect(voided.status()).toBe(403);
  expect(await voided.text()).toContain(SUSPENDED_VOID);
  const transfer = await page.request.post(`/company/waste-notes/${id}/transfers`, {
    form: { at: `${ukToday()}T09:30`, quantity: "120", unit: "kg", place: "Stateham refused transfer" },
  });
  expect(transfer.status()).toBe(403);
  expect(await transfer.text()).toContain(SUSPENDED_WRITE);
  const sent = await page.request.post(`/company/waste-notes/${id}/send`, {
    form: { email: STATE.customer },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  expect(sent.headers()["location"]).toBe(`/waste-note/${id}`);

  await page.reload();
  await expect(page.getByTestId("note-void")).toHaveCount(0);
  await expect(page.getByTestId("customer-email-status")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("Stateham refused transfer");

  // The pages those forms have for browsers without JavaScript say why instead of offering them.
  for (const action of ["void", "transfers"]) {
    await page.goto(`/company/waste-notes/${id}/${action}`);
    await expect(
      page.getByTestId("note-refusal").getByRole("heading", { name: "Listing suspended" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /Void this note|Add transfer/ })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
  }
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

test("a carrier whose registration has expired is told why it cannot correct or repeat, and can still void a mistaken note", async ({
  page,
}) => {
  await signInAs(page, STATE.expired.email);
  await page.goto(`/waste-note/${STATE.notes.expired}`);
  const notice = page.getByTestId("note-refusal");
  await expect(notice.getByRole("heading", { name: "Registration expired" })).toBeVisible();
  await expect(notice).toContainText(
    `Your registration ${STATE.expired.reg} expired on ${formatDate(stateDates().expired)}: you cannot issue new waste notes under an expired registration.`,
  );
  await expect(page.getByRole("link", { name: "Correct", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Repeat this collection" })).toHaveCount(0);
  // Sending and voiding write no new transfer: both stay (decision 0249).
  await expect(page.getByTestId("send-to-customer")).toBeVisible();
  await page.getByRole("link", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this waste note?" });
  const reason = "Written for the wrong customer";
  await dialog.getByLabel("Reason for voiding").fill(reason);
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expectToast(page, "Waste note voided");
  await expect(page.getByTestId("note-void")).toContainText(`Void: ${reason}`);
});
