/**
 * Decision 0268 in Chromium: the claimant edits their listing on /company while the claim waits
 * (a draft: description, phone, services, a logo); the admin's review of the claim shows those
 * edits under "Draft edits that approval will publish", the logo as an image, in the claim's view
 * and in the approve dialog. The claimant edits again while the approve dialog is open: the
 * approval is refused (409) with why, nothing changes, and the dialog shows the new edits; the
 * admin approves again and the public profile shows what was shown.
 */
import { expect, test } from "@playwright/test";
import { CLAIM_DRAFTS } from "../fixtures/51-claim-drafts";
import { expectAccessible, expectToast, signInAs, signInAsAdmin } from "./support/auth-helpers";
import { PHOTO } from "./support/files";
import { shootAtPhoneWidth } from "./support/styles";

const B = CLAIM_DRAFTS.business;
const TITLE = "Draft edits that approval will publish";
const FIRST = "Draftreview: skips in a day, clearances at weekends.";
const SECOND = "Draftreview: changed while the admin was approving.";
/** Screenshots of the claim's review at 375 and 1280 px. */
const SHOTS = "tmp/shots-h2";

test("the review shows the claimant's draft edits and logo; an approval sent after they changed is refused, then the edits shown are approved", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The claimant edits their listing while the claim waits: kept as a draft.
  const owner = await (await browser.newContext()).newPage();
  await signInAs(owner, B.email);
  await expect(owner).toHaveURL(/\/company$/);
  await owner.getByLabel("Description").fill(FIRST);
  await owner.getByRole("textbox", { name: "Phone" }).fill("01632 960599");
  const services = owner.getByLabel("Services Offered");
  await services.fill("Draftreview grab hire");
  await services.press("Enter");
  await owner.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(owner, "Your changes have been saved as a draft until approval");
  await owner.locator('input[name="logo"]').setInputFiles(PHOTO);
  await owner.getByRole("button", { name: "Upload Logo" }).click();
  await expect(owner.getByTestId("logo-preview")).toBeVisible();

  // The admin opens the claim: the edits approval would publish, beside the claim's own.
  await signInAsAdmin(page, CLAIM_DRAFTS.admin);
  await page.goto(`/admin/claim-requests?q=${encodeURIComponent(B.name)}`);
  await page.getByRole("link", { name: `View claim for ${B.name}` }).click();
  const view = page.getByRole("dialog", { name: "Claim Request" });
  const draft = view.getByRole("region", { name: TITLE });
  await expect(draft).toContainText("Approving publishes these edits on the public profile");
  await expect(draft.getByTestId("claim-draft-about")).toContainText(`In the claim${B.about}`);
  await expect(draft.getByTestId("claim-draft-about")).toContainText(`Published on approval${FIRST}`);
  await expect(draft.getByTestId("claim-draft-phone")).toContainText("01632 960599");
  await expect(draft.getByTestId("claim-draft-services")).toContainText(
    "Recycling Services, Draftreview grab hire",
  );
  // The name and e-mail are the claim's: not shown as changes.
  await expect(draft.getByTestId("claim-draft-businessName")).toHaveCount(0);
  await expect(draft.getByTestId("claim-draft-email")).toHaveCount(0);
  await expect(draft.getByTestId("claim-draft-logo")).toContainText("No logo");
  const logo = draft.getByRole("img", { name: "Logo in the draft edits" });
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expectAccessible(page);
  await draft.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/claim-draft-review-1280.png` });
  await shootAtPhoneWidth(page, `${SHOTS}/claim-draft-review-375.png`);

  // Approve: the dialog shows the same edits and says they go live.
  await view.getByRole("link", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve Claim" });
  await expect(approve).toContainText("with the details of the claim and the draft edits below");
  await expect(approve.getByRole("region", { name: TITLE }).getByTestId("claim-draft-about")).toContainText(
    FIRST,
  );
  await approve.getByLabel("Admin Notes").fill("Checked the draft edits.");

  // Meanwhile the claimant changes the description again.
  await owner.getByLabel("Description").fill(SECOND);
  await owner.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(owner, "Your changes have been saved as a draft until approval");

  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await approve.getByRole("button", { name: "Approve Claim" }).click();
  expect((await answer).status()).toBe(409);
  await expect(approve.getByRole("alert")).toHaveText(
    "Failed to approve claim: The claimant changed their draft edits after you opened this claim. Look at the edits shown now, then approve again if they are fine. Nothing was changed.",
  );
  await expectToast(page, "Error");
  // The dialog now shows the edits as they are, brought into view, and keeps what the admin typed.
  const changed = approve.getByRole("region", { name: TITLE }).getByTestId("claim-draft-about");
  await expect(changed).toContainText(`Published on approval${SECOND}`);
  await expect(changed).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/claim-draft-refused-1280.png` });
  await expect(approve.getByLabel("Admin Notes")).toHaveValue("Checked the draft edits.");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/claim-draft-refused-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing changed: the public profile still shows the register's data only.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/provider/${B.number}`);
  await expect(visitor.getByRole("main").getByText("Do you own this business?")).toBeVisible();
  await expect(visitor.getByRole("main").getByText(SECOND)).toHaveCount(0);

  // Approved with what is shown now: the profile shows those edits and the logo.
  await approve.getByRole("button", { name: "Approve Claim" }).click();
  await expectToast(page, "Claim approved successfully");
  await visitor.reload();
  await expect(visitor.getByRole("main").getByText(SECOND)).toBeVisible();
  await expect(visitor.getByRole("main").getByText("Draftreview grab hire").first()).toBeVisible();
  await expect(visitor.getByRole("img", { name: `${B.name} logo` })).toBeVisible();
  await visitor.context().close();
  await owner.context().close();
});
