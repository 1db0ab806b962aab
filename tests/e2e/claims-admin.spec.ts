/**
 * The admin side of claims and the refusals: approve from the claim-requests dialog (a contact
 * without an account is invited, sets a password, signs in), reject with notes (e-mailed), the
 * wizard's load errors, an e-mail that already has an account, the wizard without JavaScript,
 * the listings and providers screens, and suspension; a claim made signed out for an account that
 * already has a listing: the usual answer for the visitor, an e-mail to the address, a warning in
 * the review and a refused approval (decision 0254); a claim whose registration has left the
 * register since: the review shows the registration's state and the approval is refused, changing
 * nothing (decision 0263).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CLAIMS } from "../fixtures/50-claims";
import {
  expectAccessible,
  expectToast,
  linkFromMailbox,
  mailboxOf,
  openMail,
  setPasswordFromLink,
  signIn,
  signInAsAdmin,
} from "./support/auth-helpers";
import { verifyBusinessStep } from "./support/claim-wizard";
import { shootAtPhoneWidth } from "./support/styles";
import { startNetworkProxy } from "./support/network-proxy";
import { confirmSuspension, suspendAfterwards } from "./support/suspend-afterwards";

const asAdmin = (page: Page) => signInAsAdmin(page, CLAIMS.admin);
/** Screenshots of the changed screens at 375 px (decision 0263). */
const SHOTS = "tmp/shots-h5";

/**
 * The approved business's owner follows the e-mailed invitation, sets a password, signs in and
 * lands on a verified company dashboard; the business is suspended again after the test.
 */
async function ownerAcceptsInvitation(
  browser: Browser,
  business: { email: string; number: string; name: string },
  password: string,
) {
  const owner = await (await browser.newContext()).newPage();
  const invite = await linkFromMailbox(owner, business.email, "is approved", "/auth/invite");
  await setPasswordFromLink(owner, invite, password);
  await signIn(owner, business.email, password);
  await expect(owner).toHaveURL(/\/company$/);
  await expect(owner.getByRole("main").getByText("Verified Listing", { exact: true })).toBeVisible();
  await owner.context().close();
  await suspendAfterwards(browser, business.number, business.name);
}

test("approve from the claim-requests dialog: the contact is invited, sets a password, signs in to /company", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a long journey through several accounts and pages
  await asAdmin(page);
  await page.goto("/admin/claim-requests");
  await page.getByLabel("Search claims").fill("claiminvite");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: `View claim for ${CLAIMS.invite.name}` }).click();
  const view = page.getByRole("dialog", { name: "Claim Request" });
  await expect(view).toBeVisible();
  await expect(view.getByText(CLAIMS.invite.email)).toBeVisible();
  await expect(view.getByRole("link", { name: "View licence document" })).toHaveAttribute(
    "href",
    "https://claims.example.test/licence.pdf",
  );
  await expect(view.getByLabel("Admin Notes")).toBeVisible();
  // The registration's state today, from the register (decision 0263).
  await expect(view.getByTestId("claim-registration")).toHaveText("Valid until 1 January 2031");
  await expect(view.getByTestId("not-in-force-warning")).toHaveCount(0);
  await expectAccessible(page);
  await view.getByRole("link", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve Claim" });
  await expect(approve.getByLabel("Start with a free trial")).toBeChecked();
  await approve.getByRole("button", { name: "Approve Claim" }).click();
  await expectToast(page, "Claim approved successfully");
  await expect(page.getByRole("row").filter({ hasText: CLAIMS.invite.name })).toBeVisible();

  // The invitation: set a password from the e-mailed link, then sign in.
  await ownerAcceptsInvitation(browser, CLAIMS.invite, "invited-pass-1");
});

test("Add Provider: the admin lists a business for its owner, who is invited, sets a password and signs in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  await page.goto("/admin/providers");
  await page.getByRole("link", { name: "Add Provider" }).click();
  await expect(page).toHaveURL(/\/admin\/providers\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Provider" })).toBeVisible();
  await expect(page.getByLabel("Start with a free trial (3 months from today)")).toBeChecked();

  // Nothing filled in: every required field says what it needs.
  await page.getByRole("button", { name: "Add Provider" }).click();
  await expect(page.getByText("Please enter a registration number")).toBeVisible();
  await expect(page.getByText("Please enter the owner's name")).toBeVisible();
  await expect(page.getByText("Please enter the owner's email address")).toBeVisible();
  await expect(page.getByText("Please enter a phone number")).toBeVisible();

  // A business that is already claimed is refused; what was typed stays.
  await page.getByLabel("Registration number").fill(CLAIMS.taken.number);
  await page.getByLabel("Owner's name").fill("Alex Added");
  await page.getByLabel("Owner's email").fill(CLAIMS.added.email);
  await page.getByLabel("Phone").fill("0113 496 0999");
  await page.getByLabel("Subscription plan").selectOption("premium");
  await page.getByRole("button", { name: "Add Provider" }).click();
  await expect(page.getByText("This business has already been claimed")).toBeVisible();
  await expect(page.getByLabel("Owner's email")).toHaveValue(CLAIMS.added.email);
  await expectAccessible(page);

  await page.getByLabel("Registration number").fill(CLAIMS.added.number.toLowerCase());
  await page.getByRole("button", { name: "Add Provider" }).click();
  await expectToast(page, "Provider added");
  await expect(page).toHaveURL(/\/admin\/providers\?status=verified$/);
  const row = page.getByRole("row").filter({ hasText: CLAIMS.added.number });
  await expect(row).toContainText("Verified");
  await expect(row).toContainText("Premium");
  await expect(row).toContainText(CLAIMS.added.email);

  // The owner's invitation: set a password, sign in, land on the company dashboard.
  await ownerAcceptsInvitation(browser, CLAIMS.added, "added-pass-1");
});

test("reject with notes: recorded, e-mailed to the claimant, and the business can be claimed again", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto("/admin/claim-requests?q=claimreject");
  await page.getByRole("link", { name: `Reject claim for ${CLAIMS.reject.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Claim" });
  await dialog.getByLabel("Admin Notes").fill("The registration belongs to another company.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Reject Claim" }).click();
  await expectToast(page, "Claim rejected successfully");
  await expect(page.getByRole("link", { name: "Rejected" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: `View claim for ${CLAIMS.reject.name}` }).click();
  const view = page.getByRole("dialog", { name: "Claim Request" });
  await expect(view.getByText("The registration belongs to another company.")).toBeVisible();
  await expect(view.getByText(`Rejected`).first()).toBeVisible();
  await expect(view.getByRole("link", { name: "Approve" })).toHaveCount(0);
  await expect(view.getByText(CLAIMS.admin).first()).toBeVisible();

  await linkFromMailbox(page, CLAIMS.reject.email, "was not approved", "/contact");
  const mail = page
    .getByTestId("mail")
    .filter({ hasText: "was not approved" })
    .filter({ hasText: CLAIMS.reject.email })
    .first();
  await expect(mail.locator("pre")).toContainText("The registration belongs to another company.");

  await page.goto(`/claim/${CLAIMS.reject.number}`);
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
});

test("a claim made signed out for an account that has a listing: the visitor sees the usual answer, the address is told, the admin is warned and the approval is refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, first, second } = CLAIMS.oneListing;
  const refusal = `This account already manages ${first.company} (${first.number}). One account manages one listing: reject this claim or move the other listing first.`;

  // A signed-out visitor claims the second business with the address (decision 0410: the usual
  // answer), from a network of its own so that its sign-up leaves the shared address's limit alone.
  const net = await startNetworkProxy("127.0.0.64");
  const visitor = await (await browser.newContext(net.contextOptions)).newPage();
  try {
    await visitor.goto(`/claim/${second.number}`);
    await verifyBusinessStep(visitor, {
      name: "Una Second",
      phone: "01632 960888",
      email,
      password: "typed-in-the-wizard",
    });
    await visitor.getByRole("button", { name: "Next", exact: true }).click();
    await expect(visitor.getByRole("heading", { name: "Step 3 of 4: Choose Plan" })).toBeVisible();
    await visitor.getByRole("button", { name: "Submit Claim" }).click();
    await expect(visitor.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
    await expectToast(visitor, "Check your email");
    const shown = visitor.getByRole("main");
    await expect(shown).toContainText("Your claim has been submitted and is awaiting review.");
    await expect(shown).not.toContainText(first.number);
    await expect(shown).not.toContainText(/already (manages|has)/i);
  } finally {
    await visitor.context().close();
    await net.close();
  }

  // The address's owner reads why this claim cannot be approved for their account, and whom to ask.
  const mail = await openMail(page, email, `Your claim for ${second.name}`);
  await expect(mail.locator("pre")).toContainText(
    `You already have an account with us, and it already manages ${first.company} (${first.number}).`,
  );
  await expect(mail.locator("pre")).toContainText(
    "One account manages one listing, so we cannot approve this claim for your account.",
  );
  await expect(mail.locator('a[href$="/contact"]').first()).toBeVisible();

  // The admin sees the warning before deciding, approves anyway, and is refused. On a phone, where
  // Approve is reached by scrolling the claim's view, the approval opens at its top, the warning first.
  await asAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/claim-requests?q=${encodeURIComponent(second.name)}`);
  await page.getByRole("link", { name: `View claim for ${second.name}` }).click();
  const view = page.getByRole("dialog", { name: "Claim Request" });
  await expect(view.getByTestId("other-listing-warning")).toContainText(refusal);
  await expectAccessible(page);
  await view.getByRole("link", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve Claim" });
  await expect(approve.getByTestId("other-listing-warning")).toContainText(refusal);
  await expect(approve.getByTestId("other-listing-warning")).toBeInViewport();
  await approve.getByRole("button", { name: "Approve Claim" }).click();
  await expect(approve.getByRole("alert")).toHaveText(`Failed to approve claim: ${refusal}`);
  await expectToast(page, "Error");

  // Nothing changed: the claim waits, the business is not claimed, the owner got no approval e-mail.
  await page.goto(`/admin/claim-requests?status=approved&q=${encodeURIComponent(second.name)}`);
  await expect(page.getByRole("link", { name: `View claim for ${second.name}` })).toHaveCount(0);
  await page.goto(`/provider/${second.number}`);
  await expect(page.getByRole("main").getByText("Do you own this business?")).toBeVisible();
  await page.goto(mailboxOf(email));
  await expect(page.getByTestId("mail").filter({ hasText: "is approved" })).toHaveCount(0);

  // What the warning asks: reject this claim (the account keeps its one listing).
  await page.goto(`/admin/claim-requests?q=${encodeURIComponent(second.name)}`);
  await page.getByRole("link", { name: `Reject claim for ${second.name}` }).click();
  await page
    .getByRole("dialog", { name: "Reject Claim" })
    .getByRole("button", { name: "Reject Claim" })
    .click();
  await expectToast(page, "Claim rejected successfully");
});

test("a claim whose registration left the register since: the review says so, the approval is refused and changes nothing", async ({
  page,
}) => {
  const R = CLAIMS.removed;
  const refusal = `The registration ${R.number} is no longer on the public register (removed on 1 February 2026). Only a claim whose registration is in force can be approved: reject this claim.`;
  await asAdmin(page);
  await page.goto(`/admin/claim-requests?q=${encodeURIComponent(R.name)}`);
  await page.getByRole("link", { name: `View claim for ${R.name}` }).click();
  const view = page.getByRole("dialog", { name: "Claim Request" });
  await expect(view.getByTestId("claim-registration")).toHaveText(
    "Removed from the public registerSince 1 February 2026",
  );
  await expect(view.getByTestId("not-in-force-warning")).toContainText("Registration not in force");
  await expect(view.getByTestId("not-in-force-warning")).toContainText(refusal);
  await expectAccessible(page);
  await shootAtPhoneWidth(page, `${SHOTS}/claim-not-in-force-review-375.png`);

  await view.getByRole("link", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve Claim" });
  await expect(approve.getByTestId("not-in-force-warning")).toContainText(refusal);
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await approve.getByRole("button", { name: "Approve Claim" }).click();
  expect((await answer).status()).toBe(409);
  await expect(approve.getByRole("alert")).toHaveText(`Failed to approve claim: ${refusal}`);
  await expectToast(page, "Error");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/claim-not-in-force-refused-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing changed: the claim still waits, and its contact got no e-mail.
  await page.goto(`/admin/claim-requests?status=approved&q=${encodeURIComponent(R.name)}`);
  await expect(page.getByRole("link", { name: `View claim for ${R.name}` })).toHaveCount(0);
  await page.goto(`/admin/claim-requests?q=${encodeURIComponent(R.name)}`);
  await expect(page.getByRole("link", { name: `View claim for ${R.name}` })).toBeVisible();
  await page.goto(mailboxOf(R.email));
  await expect(page.getByTestId("mail").filter({ hasText: "is approved" })).toHaveCount(0);
});

test("the wizard refuses: no number, an unknown number, a claimed business, a pending claim", async ({
  page,
}) => {
  const cases: [string, string][] = [
    ["/claim", "No registration number provided"],
    ["/claim-listing/CLAIM-0000", "Provider not found"],
    [`/claim/${CLAIMS.taken.number}`, "This business has already been claimed"],
  ];
  for (const [path, heading] of cases) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("link", { name: "Find your business" })).toHaveAttribute("href", "/register");
    await expectAccessible(page);
  }
  await page.goto(`/claim/${CLAIMS.pending.number}`);
  await expect(
    page.getByText(
      "This business already has a pending claim request. Please wait for approval or contact support.",
    ),
  ).toBeVisible();
  await expectAccessible(page);

  // An e-mail that already has an account is not refused (decision 0410): tests/e2e/no-enumeration.spec.ts.
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the finder and the whole wizard work, custom services included", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Registration number").fill(CLAIMS.noScript.number.toLowerCase());
    await page.getByRole("button", { name: "Check Number" }).click();
    await page.getByRole("link", { name: "Claim This Listing" }).click();
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await verifyBusinessStep(page, {
      name: "Nora Noscript",
      phone: "01632 960555",
      email: "claim-noscript@example.test",
      password: "noscript-pass",
    });
    await page.getByRole("checkbox", { name: "Garden Waste" }).check();
    await page.getByLabel("Add a custom service").fill("Clearance Extra");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("checkbox", { name: "Clearance Extra (custom)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Garden Waste" })).toBeChecked();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("radio", { name: "Premium" }).check();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("checkbox", { name: "Clearance Extra (custom)" })).toBeChecked();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("radio", { name: "Premium" }).check();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await expect(page.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
    await expect(page.getByText("claim-noscript@example.test").first()).toBeVisible();
  });

  test("an admin reviews a claim from its link as a panel", async ({ page }) => {
    await asAdmin(page);
    await page.goto("/admin/claim-requests?q=claimpending");
    await page.getByRole("link", { name: `Reject claim for ${CLAIMS.pending.name}` }).click();
    const panel = page.getByRole("region", { name: "Reject Claim" });
    await expect(panel.getByLabel("Admin Notes")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Reject Claim" })).toBeVisible();
    await panel.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("region", { name: "Reject Claim" })).toHaveCount(0);
  });
});

test("listings and providers: search, badges, new-tab details, filters, suspend and reinstate", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a long journey through several accounts and pages
  await asAdmin(page);
  await page.goto("/admin/listings?q=claimsuspend");
  const card = page.getByRole("list", { name: "Claimed listings" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Verified", { exact: true })).toBeVisible();
  await expect(card.getByText("Premium", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /View details of/ })).toHaveAttribute("target", "_blank");
  await expect(card.getByRole("link", { name: "01632 960001" })).toHaveAttribute("href", "tel:01632960001");
  await expectAccessible(page);
  await page.goto("/admin/listings?q=no-such-listing-anywhere");
  await expect(page.getByText("No claimed listings found")).toBeVisible();

  await page.goto("/admin/providers");
  await page.getByLabel("Plan", { exact: true }).selectOption("premium");
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page).toHaveURL(/plan=premium/);
  const row = page.getByRole("row").filter({ hasText: CLAIMS.suspend.number });
  await expect(row.getByText("Premium", { exact: true }).first()).toBeVisible();
  await expect(row).toContainText("Yearly");
  await expect(row).toContainText("1 Jan 2031");
  await expect(page.getByRole("row").filter({ hasText: CLAIMS.taken.number })).toHaveCount(0);
  await expectAccessible(page);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/provider/${CLAIMS.suspend.number}`);
  await expect(visitor.getByRole("main").getByText(CLAIMS.suspend.about)).toBeVisible();

  await confirmSuspension(page, row, "Suspend", CLAIMS.suspend.company, "Licence under review");
  await expect(
    page.getByRole("row").filter({ hasText: CLAIMS.suspend.number }).getByText("Suspended", { exact: true }),
  ).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("main").getByText(CLAIMS.suspend.about)).toHaveCount(0);
  await expect(visitor.getByRole("main").getByText("Do you own this business?")).toBeVisible();
  await page.goto("/admin/providers?status=suspended");
  await expect(page.getByRole("row").filter({ hasText: CLAIMS.suspend.number })).toBeVisible();

  await confirmSuspension(page, page, "Reinstate", CLAIMS.suspend.company, "Licence checked");
  await expect(page.getByRole("row").filter({ hasText: CLAIMS.suspend.number })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole("main").getByText(CLAIMS.suspend.about)).toBeVisible();
  await visitor.context().close();
});

test("claim screens are for admins only", async ({ page }) => {
  for (const path of ["/admin/claim-requests", "/admin/listings", "/admin/providers"]) {
    await page.goto(path);
    await expect(page).toHaveURL(
      new RegExp(`/login\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
  }
  await signIn(page, CLAIMS.taken.email);
  await expect(page).toHaveURL(/\/company$/);
  await page.goto("/admin/claim-requests");
  await expect(page).toHaveURL(/\/unauthorized$/);
  // A posted approval from a non-admin is refused before it runs.
  const res = await page.request.post("/admin/claim-requests", {
    form: { intent: "approve", claimId: "00000000-0000-4000-8000-000000000000" },
    maxRedirects: 0,
  });
  expect([302, 303, 403]).toContain(res.status());
});
