/**
 * The claim journey as a new owner and an admin would run it: find the business (by number and by
 * name), the wizard with its validation, submit, confirm the e-mail, the admin approves from the
 * query-parameter link, the owner signs in to /company, and the public profile shows the claim.
 */
import { expect, test, type Page } from "@playwright/test";
import { CLAIMS } from "../fixtures/50-claims";
import { expectAccessible, expectToast, linkFromMailbox, signIn } from "./support/auth-helpers";
import { suspendAfterwards } from "./support/suspend-afterwards";

const OWNER = "claim-journey-owner@example.test";
const OWNER_PASSWORD = "journey-pass-1";

/**
 * Presses Next and waits for the server's answer: the form is rebuilt on every answer, so a check
 * that the previous answer already satisfied ("Invalid password" twice) cannot pass before it.
 */
async function nextStep(page: Page) {
  const form = await page.locator("#claim-form").elementHandle();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.waitForFunction((answered) => !answered?.isConnected, form);
}

test("Register My Business: find by number (valid, unknown, results cleared on typing) and by name", async ({
  page,
}) => {
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Register My Business" })).toBeVisible();
  const number = page.getByLabel("Registration number");
  const check = page.getByRole("button", { name: "Check Number" });
  await expect(check).toBeDisabled();
  await number.fill("   ");
  await expect(check).toBeDisabled();
  await expectAccessible(page);

  await number.fill("claim-9999");
  await check.click();
  await expect(page.getByText("We couldn't find this registration number in our database")).toBeVisible();
  await expect(page.getByRole("link", { name: "Search by business name" })).toBeVisible();
  // Typing something else clears the outcome.
  await number.fill(" claim-5001 ");
  await expect(page.getByText("We couldn't find this registration number in our database")).toBeHidden();
  await check.click();
  await expect(
    page.getByText("This registration number is valid. You can claim your business listing."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Claim This Listing" })).toHaveAttribute(
    "href",
    `/claim-listing/${CLAIMS.journey.number}`,
  );
  await expectAccessible(page);

  // The server checks too (a form sent without JavaScript).
  await page.goto("/register?number=%20%20");
  await expect(page.getByText("Please enter a registration number")).toBeVisible();
  await page.goto("/register?tab=name&name=");
  await expect(page.getByText("Please enter a business name")).toBeVisible();

  await page.goto("/register");
  await page.getByRole("link", { name: "Business Name" }).click();
  await page.getByLabel("Business name").fill("claimfinder");
  await page.getByRole("button", { name: "Search" }).click();
  const matches = page.getByRole("list", { name: "Matching businesses" });
  await expect(matches.getByText(CLAIMS.byName.name)).toBeVisible();
  await expect(matches.getByRole("link", { name: `Claim ${CLAIMS.byName.name}` })).toHaveAttribute(
    "href",
    `/claim-listing/${CLAIMS.byName.number}`,
  );
  await expectAccessible(page);
  await page.getByLabel("Business name").fill("claimtaken");
  await expect(matches).toBeHidden();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page.getByRole("list", { name: "Matching businesses" }).getByText("Already claimed"),
  ).toBeVisible();
});

test("the whole journey: wizard with every validation message, submit, confirm, admin approves from the dashboard's Review Claim (?claim=&action=approve), owner signs in, profile shows the claim", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a long journey through several accounts and pages
  await page.goto("/register");
  await page.getByLabel("Registration number").fill(CLAIMS.journey.number);
  await page.getByRole("button", { name: "Check Number" }).click();
  await page.getByRole("link", { name: "Claim This Listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/claim-listing/${CLAIMS.journey.number}$`));
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
  await expect(page.getByText(CLAIMS.journey.number).first()).toBeVisible();
  await expect(
    page.getByText("Use a business email address (for example you@yourcompany.co.uk), not a personal one."),
  ).toBeVisible();
  await expectAccessible(page);

  // Step 1: every field is needed; password rules.
  await nextStep(page);
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await expect(page.getByText("Please enter your phone number")).toBeVisible();
  await expect(page.getByText("Invalid password: Password must be at least 6 characters.")).toBeVisible();
  await page.getByLabel("Your name").fill("Jo Journey");
  await page.getByLabel("Phone number").fill("01632 960123");
  await page.getByLabel("Business email").fill(OWNER);
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password").fill("12345");
  await nextStep(page);
  await expect(page.getByText("1 field needs attention.")).toBeVisible();
  await expect(page.getByText("Invalid password: Password must be at least 6 characters.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Jo Journey");
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel("Confirm password").fill("something-else");
  await nextStep(page);
  await expect(page.getByText("Password mismatch: Passwords do not match.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel("Confirm password").fill(OWNER_PASSWORD);
  await nextStep(page);

  // Step 2: the ten services, custom services (Enter adds, Escape cancels, blanks refused), areas.
  await expect(page.getByRole("heading", { name: "Step 2 of 4: Add Details" })).toBeVisible();
  const services = page.getByRole("group", { name: "Services offered" });
  await expect(services.getByRole("checkbox")).toHaveCount(10);
  // Not 'Skip Hire': the public search spec counts claimed Skip Hire carriers across the directory.
  await services.getByRole("checkbox", { name: "Metal Waste" }).check();
  const custom = page.getByLabel("Add a custom service");
  await custom.fill("   ");
  await custom.press("Enter");
  await expect(page.getByText("Type a service name first")).toBeVisible();
  await custom.fill("  Man and Van  ");
  await custom.press("Enter");
  await expect(services.getByRole("checkbox", { name: "Man and Van (custom)" })).toBeChecked();
  await expect(custom).toHaveValue("");
  await custom.fill("Never added");
  await custom.press("Escape");
  await expect(custom).toHaveValue("");
  await expect(services.getByRole("checkbox", { name: /Never added/ })).toHaveCount(0);
  await page.getByLabel("Website (optional)").fill("not a website");
  await nextStep(page);
  await expect(page.getByText("Please enter a valid website address, like www.example.co.uk")).toBeVisible();
  await page.getByLabel("Website (optional)").fill("claimjourney.example.test");
  await page.getByLabel("About your business (optional)").fill("Journey skips, since 1999.");
  await page.getByLabel("Areas covered (optional)").fill("Claimbury, Otherton , ");
  await expectAccessible(page);
  await nextStep(page);

  // Step 3: plans and prices; standard monthly by default; Back keeps what was typed.
  await expect(page.getByRole("heading", { name: "Step 3 of 4: Choose Plan" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Standard" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(page.getByText("Save £400.00")).toBeVisible();
  await expect(page.getByText("20 waste transfer notes a month")).toBeVisible();
  await expect(page.getByText("£1999").first()).toBeVisible();
  await expect(page.getByText("£200").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: "Premium" }).check();
  await page.getByRole("radio", { name: "Yearly" }).check();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(
    page
      .getByRole("group", { name: "Services offered" })
      .getByRole("checkbox", { name: "Man and Van (custom)" }),
  ).toBeChecked();
  await expect(page.getByLabel("Website (optional)")).toHaveValue("claimjourney.example.test");
  await nextStep(page);
  await expect(page.getByRole("radio", { name: "Premium" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Yearly" })).toBeChecked();
  await page.getByRole("button", { name: "Submit Claim" }).click();

  // Step 4: Complete, what happens next, then /check-email.
  await expect(page.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
  await expectToast(page, "Check your email");
  await expect(page.getByText("Claim review takes 1 to 2 business days.").first()).toBeVisible();
  await expect(page.getByText(OWNER).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expect(page.getByRole("main").getByText(OWNER)).toBeVisible();

  // The business now has a pending claim: a second claimant is refused.
  await page.goto(`/claim/${CLAIMS.journey.number}`);
  await expect(
    page.getByText(
      "This business already has a pending claim request. Please wait for approval or contact support.",
    ),
  ).toBeVisible();

  // Confirm the e-mail by following the link; the account waits for approval.
  const confirm = await linkFromMailbox(page, OWNER, "Confirm your email address", "/auth/confirm");
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expectToast(page, "Email confirmed");
  await signIn(page, OWNER, OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole("main").getByText("Awaiting Approval", { exact: true })).toBeVisible();

  // The admin finds the claim and approves it from the link the dashboard's Review Claim dialog uses.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, CLAIMS.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto("/admin/claim-requests");
  await expect(admin.getByRole("link", { name: /^Pending/ })).toHaveAttribute("aria-current", "page");
  await admin.getByLabel("Search claims").fill("claim-journey-owner");
  await admin.getByRole("button", { name: "Search" }).click();
  const row = admin.getByRole("row").filter({ hasText: CLAIMS.journey.name });
  await expect(row).toContainText("Jo Journey");
  await expect(row).toContainText("Premium");
  await expectAccessible(admin);
  const viewHref = await row.getByRole("link", { name: /^View claim/ }).getAttribute("href");
  const claimId = new URL(viewHref!, "http://x").searchParams.get("claim");
  expect(claimId).toMatch(/^[0-9a-f-]{36}$/);
  // The dashboard lists it among the recent pending claims; its Review Claim dialog's Approve Claim
  // button leads to /admin/claim-requests?claim={id}&action=approve, which opens the approval.
  await admin.goto("/admin");
  await admin
    .getByRole("link", { name: `Review claim for ${CLAIMS.journey.name}` })
    .first()
    .click();
  const review = admin.getByRole("dialog", { name: "Review Claim" });
  await expect(review.getByRole("link", { name: "Approve Claim" })).toHaveAttribute(
    "href",
    `/admin/claim-requests?claim=${claimId}&action=approve`,
  );
  await review.getByRole("link", { name: "Approve Claim" }).click();
  const dialog = admin.getByRole("dialog", { name: "Approve Claim" });
  await expect(dialog).toBeVisible();
  await expect(admin).not.toHaveURL(/claim=/);
  await expect(dialog.getByLabel("Start with a free trial")).toBeChecked();
  const today = new Date();
  const start = today.toISOString().slice(0, 10);
  await expect(dialog.getByLabel("Start date")).toHaveValue(start);
  const end = await dialog.getByLabel("End date").inputValue();
  const months =
    (Number(end.slice(0, 4)) - today.getUTCFullYear()) * 12 +
    Number(end.slice(5, 7)) -
    (today.getUTCMonth() + 1);
  expect(months).toBe(3);
  await expect(dialog.getByLabel("Subscription plan")).toHaveValue("premium");
  await expect(dialog.getByLabel("Subscription period")).toHaveValue("yearly");
  await expectAccessible(admin);
  await dialog.getByLabel("Admin Notes").fill("Checked against the register.");
  await dialog.getByRole("button", { name: "Approve Claim" }).click();
  await expectToast(admin, "Claim approved successfully");
  await expect(admin.getByRole("dialog")).toBeHidden();
  await expect(admin.getByRole("link", { name: "Approved" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("row").filter({ hasText: CLAIMS.journey.name })).toBeVisible();
  // Approving again through the same link changes nothing.
  await admin.goto(`/admin/claim-requests?claim=${claimId}&action=approve`);
  await expect(
    admin.getByRole("dialog", { name: "Approve Claim" }).getByText("This claim is already approved"),
  ).toBeVisible();
  await adminContext.close();

  // The owner gets the approval e-mail (their account has a password: a sign-in link), signs in.
  const login = await linkFromMailbox(page, OWNER, "is approved", "/login");
  expect(new URL(login).pathname).toBe("/login");
  await page.goto("/");
  await page.context().clearCookies();
  await signIn(page, OWNER, OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole("main").getByText("Verified Listing", { exact: true })).toBeVisible();

  // The public profile shows the claimed data and the premium plan.
  await page.goto(`/provider/${CLAIMS.journey.number}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Journey skips, since 1999.")).toBeVisible();
  await expect(main.getByRole("list", { name: "Services" }).getByText("Man and Van")).toBeVisible();
  await expect(main.getByText("Otherton")).toBeVisible();
  await expect(main.getByRole("link", { name: /claimjourney\.example\.test/ }).first()).toBeVisible();
  await expect(main.getByText("Premium", { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Do you own this business?")).toHaveCount(0);
  await page.goto(`/claim/${CLAIMS.journey.number}`);
  await expect(page.getByRole("heading", { name: "This business has already been claimed" })).toBeVisible();
  await suspendAfterwards(browser, CLAIMS.journey.number, CLAIMS.journey.name);
});
