/**
 * Saved receiving sites and customers in Chromium (issue 19 item 2, decision 0710): a carrier adds
 * a site on /company/sites (the server's messages first), edits it, searches it, deletes another
 * after confirming; the search endpoint answers only the company's own rows, uncached; then on
 * /company/waste-note "Use a saved site" and "Use a saved customer" fill the note's fields
 * (tests/fixtures/42-saved-parties.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { SAVED } from "../fixtures/42-saved-parties";
import { expectAccessible, expectToast, signIn } from "./support/auth-helpers";

const SHOTS = "tmp/shots-saved-parties";
const NEW_SITE = {
  name: "Savedham Transfer Station",
  authorisation: "EPR/SV1234",
  address: "Canal Wharf, Savedham",
  postcode: "zz4 2cw",
};

async function signInAsOwner(page: Page) {
  await signIn(page, SAVED.owner.email, SAVED.password);
  await expect(page).toHaveURL(/\/company$/);
}

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

const sites = (page: Page) => page.getByRole("list", { name: "Saved sites" });
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test("a carrier adds, edits, searches and deletes saved sites, then a note is filled from them", async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole("navigation", { name: "Company" }).getByRole("link", { name: "Saved Sites" }).click();
  await expect(page).toHaveURL(/\/company\/sites$/);
  await expect(page.getByRole("heading", { level: 1, name: "Saved Sites" })).toBeVisible();
  await expect(sites(page).getByRole("listitem")).toHaveCount(1);
  await expect(sites(page)).toContainText(SAVED.oldSite.name);

  // Add: the server's messages for an empty form, then the site.
  await page.getByRole("link", { name: "Add a site" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a site" });
  await dialog.getByRole("button", { name: "Save site" }).click();
  await expect(dialog.getByText("Enter the site name")).toBeVisible();
  await expect(dialog.getByText("Enter the permit or exemption number")).toBeVisible();
  await expect(dialog.getByText("Enter the postcode")).toBeVisible();
  await dialog.getByLabel("Site name").fill(NEW_SITE.name);
  await dialog.getByLabel("Permit or exemption number").fill(NEW_SITE.authorisation);
  await dialog.getByLabel("Address").fill(NEW_SITE.address);
  await dialog.getByLabel("Postcode").fill("not a postcode");
  await dialog.getByRole("button", { name: "Save site" }).click();
  await expect(dialog.getByText("Please enter a valid UK postcode, for example SW1A 1AA")).toBeVisible();
  await expect(dialog.getByLabel("Site name")).toHaveValue(NEW_SITE.name);
  await dialog.getByLabel("Postcode").fill(NEW_SITE.postcode);
  await dialog.getByRole("button", { name: "Save site" }).click();
  await expectToast(page, "Site saved");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(sites(page).getByRole("listitem")).toHaveCount(2);
  await expect(sites(page)).toContainText("Canal Wharf, Savedham, ZZ4 2CW");

  // A second site of the same name in another case is refused.
  await page.getByRole("link", { name: "Add a site" }).click();
  const again = page.getByRole("dialog", { name: "Add a site" });
  await again.getByLabel("Site name").fill(NEW_SITE.name.toUpperCase());
  await again.getByLabel("Permit or exemption number").fill("EPR/XX0000");
  await again.getByLabel("Address").fill("Elsewhere");
  await again.getByLabel("Postcode").fill("ZZ4 2XX");
  await again.getByRole("button", { name: "Save site" }).click();
  await expect(again.getByText("You already have a saved site with this name")).toBeVisible();
  await again.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Edit.
  await page.getByRole("link", { name: `Edit ${NEW_SITE.name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${NEW_SITE.name}` });
  await expect(edit.getByLabel("Permit or exemption number")).toHaveValue(NEW_SITE.authorisation);
  await edit.getByLabel("Permit or exemption number").fill("EPR/SV9999");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Site updated");
  await expect(sites(page)).toContainText("Permit or exemption: EPR/SV9999");

  await expectAccessible(page);
  await shots(page, "sites");

  // Search by postcode (without its space) and by name.
  await page.getByLabel("Search saved sites").fill("zz42cw");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=zz42cw/);
  await expect(sites(page).getByRole("listitem")).toHaveCount(1);
  await expect(sites(page)).toContainText(NEW_SITE.name);
  await expect(page.getByTestId("saved-count")).toHaveText('1 match for "zz42cw"');
  await page.getByLabel("Search saved sites").fill("quarry");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(sites(page).getByRole("listitem")).toHaveCount(1);
  await expect(sites(page)).toContainText(SAVED.oldSite.name);

  // Delete the other one, after confirming.
  await page.getByRole("link", { name: `Delete ${SAVED.oldSite.name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${SAVED.oldSite.name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete site" }).click();
  await expectToast(page, "Site deleted");
  await expect(page.getByText("Nothing matches your search.")).toBeVisible();
  await page.goto("/company/sites");
  await expect(sites(page).getByRole("listitem")).toHaveCount(1);
  await expect(sites(page)).not.toContainText(SAVED.oldSite.name);

  // The search endpoint: the company's own rows only, never cached.
  const answer = await page.request.get("/company/saved-parties.json?kind=site&q=");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toContain("no-store");
  const body = (await answer.json()) as { matches: { label: string }[] };
  expect(body.matches.map((m) => m.label)).toEqual([NEW_SITE.name]);
  expect((await page.request.get("/company/saved-parties.json?kind=nope")).status()).toBe(400);

  // The note form: pick the saved site and the saved customer; the fields fill.
  await page.goto("/company/waste-note");
  const sitePicker = page.getByRole("combobox", { name: "Use a saved site" });
  await sitePicker.fill("savedham");
  await page.getByRole("option", { name: new RegExp(NEW_SITE.name) }).click();
  await expect(field(page, "receivingSiteName")).toHaveValue(NEW_SITE.name);
  await expect(field(page, "receivingSiteAuthorisation")).toHaveValue("EPR/SV9999");
  await expect(field(page, "receivingSiteAddress")).toHaveValue(NEW_SITE.address);
  await expect(field(page, "receivingSitePostcode")).toHaveValue("ZZ4 2CW");
  await expect(page.getByText(`Filled from ${NEW_SITE.name}`)).toBeVisible();

  const customerPicker = page.getByRole("combobox", { name: "Use a saved customer" });
  await customerPicker.fill("joinery");
  await customerPicker.press("ArrowDown");
  await customerPicker.press("Enter");
  await expect(field(page, "transferorName")).toHaveValue(SAVED.customer.name);
  await expect(field(page, "transferorAddress")).toHaveValue(SAVED.customer.address);
  await expect(field(page, "transferorSicCode")).toHaveValue(SAVED.customer.sic_code);
  await expect(field(page, "originAddress")).toHaveValue(SAVED.customer.origin_address);
  await expect(field(page, "customerEmail")).toHaveValue(SAVED.customer.email);
  await page.setViewportSize({ width: 375, height: 800 });
  await sitePicker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/note-form-pickers-375.png` });
});

test("another company's saved rows cannot be opened, changed or deleted", async ({ page }) => {
  await signIn(page, SAVED.stranger.email, SAVED.password);
  await expect(page).toHaveURL(/\/company$/);
  const own = await page.request.get("/company/saved-parties.json?kind=site&q=savedham");
  expect(((await own.json()) as { matches: { label: string }[] }).matches.map((m) => m.label)).toEqual([
    SAVED.strangerSite.name,
  ]);
  const customers = await page.request.get("/company/saved-parties.json?kind=customer&q=");
  expect(((await customers.json()) as { total: number }).total).toBe(0);

  // The owner's customer's id, read from the owner's page in a second context, is not found here.
  const owner = await page.context().browser()!.newContext();
  const ownerPage = await owner.newPage();
  await signInAsOwner(ownerPage);
  await ownerPage.goto("/company/customers");
  await ownerPage.getByRole("link", { name: `Edit ${SAVED.customer.name}` }).click();
  await expect(ownerPage).toHaveURL(/[?&]edit=/);
  const id = new URL(ownerPage.url()).searchParams.get("edit")!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await owner.close();

  await page.goto(`/company/customers?edit=${id}`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectToast(page, "Error");
  const update = await page.request.post("/company/customers", {
    form: { intent: "update", id, name: "Stolen", address: "Nowhere" },
    maxRedirects: 0,
  });
  expect(update.status()).toBe(404);
  const remove = await page.request.post("/company/customers", {
    form: { intent: "delete", id },
    maxRedirects: 0,
  });
  expect(remove.status()).toBe(404);
});
