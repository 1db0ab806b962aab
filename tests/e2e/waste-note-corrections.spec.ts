/**
 * What a correction may be, in Chromium (decision 0272): on a Standard listing that has used its
 * 20 notes this month, a correction naming a different customer and place is refused on the form
 * with the fields to change, and nothing is saved; fixing the customer's spelling is saved as
 * version 2. A season ticket corrected keeps its recorded transfers (tests/fixtures/49-note-corrections.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { CORRECTION_TEXT } from "../../app/modules/waste-notes/correction-rules";
import { FIX } from "../fixtures/49-note-corrections";
import { expectAccessible, signInAs } from "./support/auth-helpers";

const SHOTS = "tmp/shots-corrections";

async function shot375(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} fits 375px`,
  ).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function signAndConfirm(page: Page) {
  await field(page, "transferorSignatureName").fill("Fran Forge");
  await field(page, "transfereeSignatureName").fill("Lee Driver");
  await field(page, "wasteHierarchy").check();
}

const noteIdFrom = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;

test("at the month's limit, a correction naming another customer is refused with its reason; a spelling fix is saved", async ({
  page,
}) => {
  await signInAs(page, FIX.owner.email);
  await page.goto(`/company/waste-note?correct=${FIX.notes.correct}`);
  await expect(page.getByRole("heading", { name: "Correct Waste Note" })).toBeVisible();
  await expect(page.getByTestId("plan-usage")).toContainText("20 of 20 this month");
  await expect(page.getByTestId("filled-from")).toContainText(
    "keeps the same customer and place of collection",
  );

  await field(page, "transferorName").fill("Someone Else Entirely plc");
  await field(page, "originAddress").fill("1 Elsewhere Road, Leeds, LS1 1AA");
  await field(page, "customerEmail").fill("someone@elsewhere.example");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Save Corrected Note" }).click();

  await expect(page.getByRole("alert").filter({ hasText: CORRECTION_TEXT.parties })).toBeVisible();
  await expect(page.getByText(CORRECTION_TEXT.field.transferorName(FIX.customer.name))).toBeVisible();
  await expect(page.getByText(CORRECTION_TEXT.field.originAddress(FIX.customer.address))).toBeVisible();
  await expect(page).toHaveURL(`/company/waste-note?correct=${FIX.notes.correct}`);
  // The form keeps what was typed, so the carrier can put it right.
  await expect(field(page, "transferorName")).toHaveValue("Someone Else Entirely plc");
  await expectAccessible(page);
  await shot375(page, "correction-refused");

  // Nothing was saved: version 1 is still current, for anyone opening its link.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(`/waste-note/${FIX.notes.correct}`);
  await expect(visitor.getByTestId("note-superseded")).toHaveCount(0);
  await visitor.context().close();

  // The customer's name with a typo fixed and the place as it was: version 2.
  await field(page, "transferorName").fill("Forge Lane Builders Limited");
  await field(page, "originAddress").fill(FIX.customer.address);
  await field(page, "customerEmail").fill("");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Save Corrected Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  expect(noteIdFrom(page)).not.toBe(FIX.notes.correct);
  await expect(page.getByTestId("note-version")).toHaveText("Version 2 — supersedes version 1");
  await expect(page.getByRole("main")).toContainText("Forge Lane Builders Limited");
});

test("a corrected season ticket keeps its recorded transfers", async ({ page }) => {
  await signInAs(page, FIX.owner.email);
  await page.goto(`/waste-note/${FIX.notes.season}`);
  await expect(page.getByRole("main")).toContainText(FIX.transferPlace);
  await page.getByRole("link", { name: "Correct", exact: true }).click();
  await expect(page).toHaveURL(`/company/waste-note?correct=${FIX.notes.season}`);
  await field(page, "items[0].description").fill("Fixton season: flattened cardboard from the supermarket");
  await signAndConfirm(page);
  await page.getByRole("button", { name: "Save Corrected Note" }).click();
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}/);
  expect(noteIdFrom(page)).not.toBe(FIX.notes.season);
  await expect(page.getByTestId("note-version")).toHaveText("Version 2 — supersedes version 1");
  await expect(page.getByRole("main")).toContainText("flattened cardboard");
  await expect(page.getByRole("main")).toContainText(FIX.transferPlace);
  await expect(page.getByRole("main")).toContainText("0.35 tonnes");
  await shot375(page, "season-ticket-corrected");
});
