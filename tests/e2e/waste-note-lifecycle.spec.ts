/**
 * Issue 19 items 3 and 4 in Chromium (decision 0711): a carrier repeats a collection (the form
 * filled from the note, a new date, no signatures), corrects a note (version 2 is current, version
 * 1's public page says it was superseded and links to it; a stale correction saves nothing), voids
 * a note with a reason (the public page shows it; Correct and Void are gone), and adds a transfer
 * to a season ticket; another company's user can neither see the owner's buttons nor void the
 * note by a direct POST (tests/fixtures/43-note-lifecycle.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { VALID_FIELDS } from "../../app/modules/waste-notes/test-support/valid-form";
import { formatDate, ukToday } from "../../app/platform/dates";
import { LIFE, lifeCollection, lifeSeasonUntil } from "../fixtures/43-note-lifecycle";
import { expectAccessible, expectToast, signInAs } from "./support/auth-helpers";

const SHOTS = "tmp/shots-lifecycle";
const STALE = "This note has already been corrected: open the current version";

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} fits 375px`,
  ).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const codesOf = (page: Page, i: number) =>
  field(page, `items[${i}].ewcCodes`).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

/** Both parties sign by name and the waste hierarchy is confirmed: what a filled form still needs. */
async function signAndConfirm(page: Page) {
  await field(page, "transferorSignatureName").fill("Fran Forge");
  await field(page, "transfereeSignatureName").fill("Lee Driver");
  await field(page, "wasteHierarchy").check();
}

const noteIdFrom = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;

test("Repeat this collection: the form is filled from the note with today's date and no signatures; it makes a new note", async ({
  page,
}) => {
  await signInAs(page, LIFE.owner.email);
  await page.goto(`/waste-note/${LIFE.notes.repeat}`);
  await page.getByRole("link", { name: "Repeat this collection" }).click();
  await expect(page).toHaveURL(`/company/waste-note?from=${LIFE.notes.repeat}`);
  await expect(page.getByTestId("filled-from")).toContainText("Repeat this collection");

  await expect(field(page, "items[0].description")).toHaveValue(LIFE.repeat.items[0]);
  await expect(field(page, "items[1].description")).toHaveValue(LIFE.repeat.items[1]);
  // One chip (hidden input) per code once the picker has its list; a plain text box until then.
  await expect.poll(() => codesOf(page, 0)).toEqual(["17 01 07", "17 05 04"]);
  await expect(field(page, "items[0].quantity")).toHaveValue("2.5");
  await expect(field(page, "items[1].quantity")).toHaveValue("320");
  await expect(field(page, "receivingSiteName")).toHaveValue(LIFE.repeat.site);
  await expect(field(page, "customerEmail")).toHaveValue(LIFE.repeat.customer);
  await expect(field(page, "transferorName")).toHaveValue("Forge Lane Builders Ltd");
  // A new date (now, UK time), not the earlier collection's; no signatures.
  await expect(field(page, "collectionDateTime")).toHaveValue(new RegExp(`^${ukToday()}T\\d{2}:\\d{2}$`));
  await expect(field(page, "transferorSignatureName")).toHaveValue("");
  await expect(field(page, "transfereeSignatureName")).toHaveValue("");
  await expect(field(page, "wasteHierarchy")).not.toBeChecked();
  await expectAccessible(page);
  await shots(page, "repeat-form");

  await signAndConfirm(page);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  const id = noteIdFrom(page);
  expect(id).not.toBe(LIFE.notes.repeat);
  await expect(page.getByRole("main")).toContainText(LIFE.repeat.items[1]);
  await expect(page.getByTestId("note-version")).toHaveCount(0); // a new note, not a version
});

test("Correct: version 2 is current, version 1 says it was superseded and links to it; a stale correction saves nothing", async ({
  page,
}) => {
  await signInAs(page, LIFE.owner.email);
  await page.goto(`/waste-note/${LIFE.notes.correct}`);
  await page.getByRole("link", { name: "Correct", exact: true }).click();
  await expect(page).toHaveURL(`/company/waste-note?correct=${LIFE.notes.correct}`);
  await expect(page.getByRole("heading", { name: "Correct Waste Note" })).toBeVisible();
  await expect(page.getByTestId("filled-from")).toContainText("Saving makes version 2");
  // The collection date is kept (the form shows it in UK time).
  const collected = lifeCollection();
  await expect(field(page, "collectionDateTime")).toHaveValue(
    new RegExp(`^${collected.toISOString().slice(0, 10)}T1[01]:00$`),
  );
  await expect(field(page, "correctionOf")).toHaveValue(LIFE.notes.correct);
  await shots(page, "correct-form");

  const fixed = "Lifeton correct: timber offcuts (weighed at the site)";
  await field(page, "items[0].description").fill(fixed);
  await field(page, "items[0].quantity").fill("0.92");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Save Corrected Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  const v2 = noteIdFrom(page);
  expect(v2).not.toBe(LIFE.notes.correct);
  await expect(page.getByTestId("note-version")).toHaveText("Version 2 — supersedes version 1");
  await expect(page.getByTestId("note-superseded")).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText(fixed);
  await expect(page.getByRole("link", { name: "Correct", exact: true })).toBeVisible();

  // Version 1, as anyone opening its link sees it: superseded, with a link to the current version.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(`/waste-note/${LIFE.notes.correct}`);
  await expect(visitor.getByTestId("note-superseded")).toContainText("Superseded by a later version");
  await expect(visitor.getByTestId("owner-actions")).toHaveCount(0);
  await expectAccessible(visitor);
  await visitor.getByRole("link", { name: /Open the current version/ }).click();
  await expect(visitor).toHaveURL(`/waste-note/${v2}`);
  await visitor.context().close();

  // The owner sees no Correct or Void on version 1; the form says why if opened anyway.
  await page.goto(`/waste-note/${LIFE.notes.correct}`);
  await expect(page.getByRole("link", { name: "Correct", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Void" })).toHaveCount(0);
  await page.goto(`/company/waste-note?correct=${LIFE.notes.correct}`);
  await expect(page.getByTestId("note-refusal")).toContainText(STALE);
  await expect(page.locator("form[enctype='multipart/form-data']")).toHaveCount(0);

  // A stale tab posts the correction of version 1 again: refused with the message, nothing saved.
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(VALID_FIELDS)) fields[k] = Array.isArray(v) ? v[0] : v;
  const stale = await page.request.post(`/company/waste-note?correct=${LIFE.notes.correct}`, {
    multipart: {
      ...fields,
      carrierLicense: LIFE.owner.reg,
      "items[0].description": "Stale tab",
      correctionOf: LIFE.notes.correct,
    },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain(STALE);
  await page.goto("/company/waste-notes");
  await expect(page.getByRole("main")).not.toContainText("Stale tab");
});

test("Void: a reason is required; the public page shows Void and the reason, and Correct and Void are gone", async ({
  page,
  browser,
}) => {
  await signInAs(page, LIFE.owner.email);
  await page.goto(`/waste-note/${LIFE.notes.void}`);
  await page.getByRole("link", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this waste note?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expect(dialog.getByText("Enter the reason for voiding this note")).toBeVisible();
  await expectAccessible(page);
  const reason = "Written twice for the same collection";
  await dialog.getByLabel("Reason for voiding").fill(reason);
  await shots(page, "void-dialog");
  await dialog.getByRole("button", { name: "Void this note" }).click();
  await expectToast(page, "Waste note voided");
  await expect(page.getByTestId("note-void")).toContainText(`Void: ${reason}`);
  await expect(page.getByRole("link", { name: "Correct", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Void" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Repeat this collection" })).toBeVisible();

  // Anyone opening the link (no account) sees it is void and why.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/waste-note/${LIFE.notes.void}`);
  await expect(visitor.getByTestId("note-void")).toContainText(`Void: ${reason}`);
  await expect(visitor.getByTestId("owner-actions")).toHaveCount(0);
  await expectAccessible(visitor);
  await shots(visitor, "void-public");
  await visitor.context().close();

  // A second void (a stale tab) is refused.
  const again = await page.request.post(`/company/waste-notes/${LIFE.notes.void}/void`, {
    form: { reason: "Again" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("This note has already been voided.");
});

test("Season ticket: the owner adds a transfer within the ticket's dates; one outside them is refused", async ({
  page,
}) => {
  await signInAs(page, LIFE.owner.email);
  await page.goto(`/waste-note/${LIFE.notes.season}`);
  await expect(page.getByTestId("season-ticket")).toHaveText(
    `Season ticket until ${formatDate(lifeSeasonUntil())}`,
  );
  const card = page.getByRole("region", { name: "Season ticket: add a transfer" });
  const day = new Date(lifeCollection().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel("Date and time of the transfer").fill(`${day}T09:30`);
  await card.getByLabel("Quantity").fill("0.35");
  await card.getByLabel("Unit").selectOption("t");
  await card.getByLabel("Place of transfer").fill("Lifeton Superstore loading bay");
  await card.getByRole("button", { name: "Add transfer" }).click();
  await expectToast(page, "Transfer added");
  await expect(page.getByRole("main")).toContainText("Lifeton Superstore loading bay");
  await expect(page.getByRole("main")).toContainText("0.35 tonnes");

  const late = new Date(Date.parse(`${lifeSeasonUntil()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel("Date and time of the transfer").fill(`${late}T09:30`);
  await card.getByLabel("Quantity").fill("0.2");
  await card.getByLabel("Place of transfer").fill("Too late");
  await card.getByRole("button", { name: "Add transfer" }).click();
  await expect(card.getByText(/The transfer must be within the season ticket's dates/)).toBeVisible();
  await expectAccessible(page);
  await shots(page, "season-ticket");
});

test("another company's user sees no owner buttons and cannot void, correct or repeat the note (404)", async ({
  page,
}) => {
  await signInAs(page, LIFE.stranger.email);
  await page.goto(`/waste-note/${LIFE.notes.repeat}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("owner-actions")).toHaveCount(0);

  const post = await page.request.post(`/company/waste-notes/${LIFE.notes.repeat}/void`, {
    form: { reason: "Not mine to void" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  const fetchPost = await page.request.post(`/company/waste-notes/${LIFE.notes.repeat}/void.data`, {
    form: { reason: "Not mine to void" },
    maxRedirects: 0,
  });
  expect(fetchPost.status()).toBe(404);
  for (const path of [
    `/company/waste-notes/${LIFE.notes.repeat}/void`,
    `/company/waste-note?correct=${LIFE.notes.repeat}`,
    `/company/waste-note?from=${LIFE.notes.repeat}`,
    `/company/waste-notes/${LIFE.notes.season}/transfers`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Waste note not found" })).toBeVisible();
  }
  const transfer = await page.request.post(`/company/waste-notes/${LIFE.notes.season}/transfers`, {
    form: { at: `${ukToday()}T09:00`, quantity: "1", unit: "kg", place: "Not mine" },
    maxRedirects: 0,
  });
  expect(transfer.status()).toBe(404);
  // The note is untouched: not void for anyone.
  await page.goto(`/waste-note/${LIFE.notes.repeat}`);
  await expect(page.getByTestId("note-void")).toHaveCount(0);

  // Nor can the owner void the stranger's note.
  await page.context().clearCookies();
  await signInAs(page, LIFE.owner.email);
  const mine = await page.request.post(`/company/waste-notes/${LIFE.notes.strangers}/void`, {
    form: { reason: "Not ours" },
    maxRedirects: 0,
  });
  expect(mine.status()).toBe(404);

  // Without JavaScript, Void opens a page with the same form (only looked at here).
  await page.goto(`/company/waste-notes/${LIFE.notes.season}/void`);
  await expect(page.getByRole("heading", { name: "Void waste note" })).toBeVisible();
  await expect(page.getByLabel("Reason for voiding")).toBeVisible();
  await expectAccessible(page);
});
