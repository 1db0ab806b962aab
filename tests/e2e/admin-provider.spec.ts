/**
 * The admin's provider page (issue 20): an admin opens a provider from the list, edits the trial's
 * end, suspends it (a reason is required: the error without one), the owner's e-mail arrives with
 * the reason, reinstates it, and gives the listing to a new owner, who is invited and gets in while
 * the old owner's session stops working; the listing's contact e-mail, the old owner's address,
 * goes to the new owner, as the screen said it would (decision 0263). An upgrade request is
 * approved on its provider's page.
 * At 375 px the list's and the page's Suspend buttons are on screen.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PROV } from "../fixtures/57-providers";
import {
  expectAccessible,
  expectToast,
  linkFromMailbox,
  openMail,
  setPasswordFromLink,
  signIn,
  signInAsAdmin,
} from "./support/auth-helpers";
import { shootAtPhoneWidth } from "./support/styles";

const SHOTS = "/tmp/pw-provider";
/** Screenshots of the changed screens at 375 px (decision 0263). */
const SHOTS_H5 = "tmp/shots-h5";
const D = PROV.detail;

/** The value of the provider page's Listing card row `label`. */
const listingFact = (page: Page, label: string) =>
  page
    .locator(".card")
    .filter({ has: page.getByRole("heading", { name: "Listing", exact: true }) })
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The element lies within the window's width (reachable without sideways scrolling). */
async function expectOnScreen(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test("a provider's page: trial end, suspend with a reason, the owner's e-mail, reinstate, a new owner", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The owner is signed in to the company area.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, D.owner);
  await expect(owner).toHaveURL(/\/company$/);
  await expect(owner.getByText(D.company).first()).toBeVisible();

  await signInAsAdmin(page, PROV.admin);
  await page.goto("/admin/providers");
  await page
    .getByRole("row")
    .filter({ hasText: D.number })
    .getByRole("link", { name: D.company, exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/providers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: D.company })).toBeVisible();
  await expect(page.getByTestId("owner-email")).toHaveText(D.owner);
  await expect(page.getByTestId("quote-count")).toHaveText("2");
  await expect(page.getByTestId("waste-note-count")).toHaveText("0");
  await expect(page.getByTestId("suspension-state")).toHaveText("Not suspended.");
  await expect(page.getByText("Trial ends")).toBeVisible();
  await expect(page.getByText("31 January 2027")).toBeVisible();
  await expectAccessible(page);

  // The trial's end, through the plans' dialog; audited.
  await page.getByRole("link", { name: `Change plan of ${D.company}` }).click();
  const planDialog = page.getByRole("dialog", { name: `Change plan: ${D.company}` });
  await expect(planDialog.getByLabel("Free trial")).toBeChecked();
  await planDialog.getByLabel("End date").fill("2027-02-28");
  await planDialog.getByRole("button", { name: "Save plan" }).click();
  await expectToast(page, "Plan updated");
  await expect(planDialog).toHaveCount(0);
  await expect(page.getByText("28 February 2027")).toBeVisible();
  const history = page.getByRole("list", { name: "History, newest first" }).getByTestId("history-entry");
  await expect(history.first()).toContainText("Plan changed");
  await expect(history.first()).toContainText(
    "free trial, 2026-11-01 to 2027-01-31 → standard, monthly, free trial, 2026-11-01 to 2027-02-28",
  );

  // Suspend: no reason, a clear error and nothing changed; then with one.
  await page.getByRole("link", { name: `Suspend ${D.company}` }).click();
  const suspend = page.getByRole("dialog", { name: `Suspend ${D.company}?` });
  await suspend.getByRole("button", { name: "Suspend provider" }).click();
  await expect(suspend.getByText("Enter a reason for suspending this provider")).toBeVisible();
  await expect(suspend.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await suspend.getByRole("link", { name: "Cancel" }).click();
  await expect(suspend).toHaveCount(0);
  await expect(page.getByTestId("suspension-state")).toHaveText("Not suspended.");
  await page.getByRole("link", { name: `Suspend ${D.company}` }).click();
  await suspend.getByLabel("Reason").fill("Your waste carrier licence is under review.");
  await suspend.getByRole("button", { name: "Suspend provider" }).click();
  await expectToast(page, "Listing suspended");
  await expect(page.getByTestId("suspension-state")).toContainText("Suspended since");
  await expect(history.first()).toContainText("Listing suspended");
  await expect(history.first()).toContainText("Reason: Your waste carrier licence is under review.");

  // The owner's e-mail, with the reason.
  const mailbox = await (await browser.newContext()).newPage();
  const suspendedMail = await openMail(mailbox, D.owner, `Your listing for ${D.company} is suspended`);
  await expect(suspendedMail).toContainText("Your waste carrier licence is under review.");

  // Reinstate, again with a reason, which the owner is sent too.
  await page.getByRole("link", { name: `Reinstate ${D.company}` }).click();
  const reinstate = page.getByRole("dialog", { name: `Reinstate ${D.company}?` });
  await reinstate.getByRole("button", { name: "Reinstate provider" }).click();
  await expect(reinstate.getByText("Enter a reason for reinstating this provider")).toBeVisible();
  await reinstate.getByLabel("Reason").fill("Licence checked: all in order.");
  await reinstate.getByRole("button", { name: "Reinstate provider" }).click();
  await expectToast(page, "Listing reinstated");
  await expect(page.getByTestId("suspension-state")).toHaveText("Not suspended.");
  await expect(history.first()).toContainText("Reason: Licence checked: all in order.");
  const reinstatedMail = await openMail(mailbox, D.owner, `Your listing for ${D.company} is reinstated`);
  await expect(reinstatedMail).toContainText("Licence checked: all in order.");

  // A new owner: invited, the listing theirs at once; the old owner's session stops working. The
  // screen says first what becomes of the listing's contact e-mail, where enquiries go.
  const contactSentence = (email: string) =>
    `The listing's contact email (${email}) is the current owner's address, so it changes to the new owner's: customers' enquiries go to them from now on.`;
  await expect(listingFact(page, "Email")).toHaveText(D.owner);
  await expect(page.getByTestId("owner-contact-email")).toHaveText(contactSentence(D.owner));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("owner-contact-email").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_H5}/owner-change-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("New owner's email").fill("not an address");
  await page.getByRole("button", { name: "Change owner" }).click();
  await expect(page.getByText("Enter the new owner's email address")).toBeVisible();
  await page.getByLabel("New owner's email").fill(D.newOwner);
  await page.getByRole("button", { name: "Change owner" }).click();
  await expectToast(page, "Owner changed");
  await expect(page.getByText(`The listing's contact email is now ${D.newOwner}.`).first()).toBeVisible();
  await expect(page.getByTestId("owner-email")).toHaveText(D.newOwner);
  await expect(listingFact(page, "Email")).toHaveText(D.newOwner);
  await expect(page.getByTestId("owner-contact-email")).toHaveText(contactSentence(D.newOwner));
  await expect(page.getByText("Invited: no password yet")).toBeVisible();
  await expect(history.first()).toContainText(`Owner changed`);
  await expect(history.first()).toContainText(`${D.owner} → ${D.newOwner}`);
  await expect(history.first()).toContainText("the listing's contact email too");

  await owner.goto("/company");
  await expect(owner).toHaveURL(/\/login/);
  await openMail(mailbox, D.owner, `You no longer manage ${D.company}`);

  const newOwner = await (await browser.newContext()).newPage();
  const invite = await linkFromMailbox(newOwner, D.newOwner, `You now manage ${D.company}`, "/auth/invite");
  await setPasswordFromLink(newOwner, invite, "new-owner-pass-1");
  await signIn(newOwner, D.newOwner, "new-owner-pass-1");
  await expect(newOwner).toHaveURL(/\/company$/);
  await expect(newOwner.getByText(D.company).first()).toBeVisible();
  // The old owner signs in again: the company is no longer theirs.
  await signIn(owner, D.owner);
  await owner.goto("/company");
  await expect(owner.getByText(D.company)).toHaveCount(0);
  for (const p of [owner, newOwner, mailbox]) await p.context().close();
});

test("an upgrade request is approved on its provider's page", async ({ page }) => {
  const U = PROV.upgrade;
  await signInAsAdmin(page, PROV.admin);
  await page.goto("/admin/providers");
  await page
    .getByRole("row")
    .filter({ hasText: U.number })
    .getByRole("link", { name: U.company, exact: true })
    .click();
  const request = page.getByTestId("upgrade-request");
  await expect(request).toContainText("Premium, yearly");
  await expect(request).toContainText("Provupgrade wants unlimited notes.");
  await request.getByRole("button", { name: `Approve the upgrade request of ${U.company}` }).click();
  await expectToast(page, "Upgrade approved");
  await expect(request).toHaveCount(0);
  await expect(page.getByTestId("plan-card")).toContainText("Premium");
  await expect(page.getByTestId("plan-card")).toContainText("Yearly");
  await expect(page.getByTestId("history-entry").first()).toContainText("Plan changed");
});

test("at 375 px the list's and the provider page's Suspend buttons are on screen", async ({ page }) => {
  await signInAsAdmin(page, PROV.admin);
  await page.goto("/admin/providers");
  await shootAtPhoneWidth(page, `${SHOTS}/providers-375.png`);
  await page.setViewportSize({ width: 375, height: 812 });
  const row = page.getByRole("row").filter({ hasText: PROV.upgrade.number });
  await expectOnScreen(page, row.getByRole("link", { name: `Suspend ${PROV.upgrade.company}` }));
  await expectOnScreen(page, row.getByRole("link", { name: `Change plan of ${PROV.upgrade.company}` }));
  await row.getByRole("link", { name: PROV.upgrade.company, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: PROV.upgrade.company })).toBeVisible();
  await expectOnScreen(page, page.getByRole("link", { name: `Suspend ${PROV.upgrade.company}` }));
  await shootAtPhoneWidth(page, `${SHOTS}/provider-375.png`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("link", { name: `Suspend ${PROV.upgrade.company}` }).click();
  const dialog = page.getByRole("dialog", { name: `Suspend ${PROV.upgrade.company}?` });
  await expectOnScreen(page, dialog.getByRole("button", { name: "Suspend provider" }));
  await page.screenshot({ path: `${SHOTS}/suspend-dialog-375.png` });
});
