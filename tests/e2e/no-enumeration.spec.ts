/**
 * Decision 0410: a visitor cannot learn whether an e-mail has an account (claim wizard) or has
 * reviewed a provider (review form and its live check). The owner of the address learns it by
 * e-mail instead, and follows the e-mail as a person would.
 */
import { expect, test, type Page } from "@playwright/test";
import { ENQ } from "../fixtures/60-enquiries";
import { LIMITS_BUSINESSES, LIMITS_PASSWORD, LIMITS_USERS } from "../fixtures/25-account-security";
import { expectToast, formsReady, linkFromMailbox, signIn, mailboxOf } from "./support/auth-helpers";
import { verifyBusinessStep } from "./support/claim-wizard";

const CASEY = { name: "Casey Claimant", phone: "01632 960777", password: "typed-in-the-wizard" };

/** Runs the claim wizard as a signed-out visitor and returns what the Complete step shows. */
async function claim(page: Page, business: { number: string; name: string }, email: string): Promise<string> {
  await page.goto(`/claim/${business.number}`);
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
  await verifyBusinessStep(page, { ...CASEY, email });
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Step 3 of 4: Choose Plan" })).toBeVisible();
  await page.getByRole("button", { name: "Submit Claim" }).click();
  await expect(page.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
  await expectToast(page, "Check your email");
  const shown = await page.getByRole("main").innerText();
  return shown.split(email).join("EMAIL").split(business.name).join("BUSINESS");
}

test("the claim wizard answers an e-mail that has an account exactly like a new one; the account's owner is e-mailed and signs in to see the claim", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const fresh = await claim(page, LIMITS_BUSINESSES.fresh, "limits-brand-new@example.test");
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const existing = await claim(other, LIMITS_BUSINESSES.existing, LIMITS_USERS.claimant);
  expect(existing).toEqual(fresh);
  expect(existing).toContain("Your claim has been submitted and is awaiting review.");
  expect(existing).not.toMatch(/already (exists|has an account)/i);
  await stranger.close();

  // The owner of the address reads the e-mail: they already have an account; sign in to see the claim.
  const login = await linkFromMailbox(
    page,
    LIMITS_USERS.claimant,
    `Your claim for ${LIMITS_BUSINESSES.existing.name}`,
    "/login",
  );
  const mail = page
    .getByTestId("mail")
    .filter({ hasText: `Your claim for ${LIMITS_BUSINESSES.existing.name}` })
    .first();
  await mail.getByText("Show message").click();
  await expect(mail.locator("pre")).toContainText(
    "You already have an account with us, so the claim has been added to it",
  );
  await expect(mail.locator("pre")).toContainText("the password typed in the claim form was not used");
  // The new address got a confirmation link instead.
  await linkFromMailbox(page, "limits-brand-new@example.test", "Confirm your email address", "/auth/confirm");

  await page.goto(login);
  await page.getByLabel("Email").fill(LIMITS_USERS.claimant);
  // The password typed in the wizard did not replace theirs.
  await page.getByLabel("Password", { exact: true }).fill("typed-in-the-wizard");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await signIn(page, LIMITS_USERS.claimant, LIMITS_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole("main").getByText("Awaiting Approval", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText(LIMITS_BUSINESSES.existing.name).first()).toBeVisible();
});

test("the review form tells a stranger nothing about who has reviewed; that reviewer is told by e-mail", async ({
  browser,
}) => {
  const reviewed = "enq-published@example.test"; // reviewed this provider (tests/fixtures/60-enquiries.ts)
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/provider/${ENQ.reviews.registrationNumber}`);
  await formsReady(page);
  const form = page.getByRole("form", { name: "Write a review" });

  // Typing the address: the live check runs, and shows nothing.
  const checked = page.waitForResponse(
    (r) => r.url().includes("/check?email=") && r.url().includes(encodeURIComponent(reviewed)),
  );
  await form.getByLabel("Your email").fill(reviewed);
  expect(await (await checked).json()).toEqual({ reviewed: false });
  await expect(form.getByText("Review already submitted")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Submit Review" })).toBeEnabled();

  // Sending it: the same thank-you as any new review, asking to look for our e-mail (decision 0250).
  await form.getByLabel("Your name").fill("Someone Else");
  await form.getByLabel("Your review").fill("Pretending to be another reviewer.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Review submitted");
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  await expect(
    page.getByText("Please check your email: we have sent a message about your review"),
  ).toBeVisible();

  // Nothing was stored: still the one published review (and no second pending one for moderation).
  await page.reload();
  await formsReady(page);
  await expect(page.getByText("(1 review)")).toBeVisible();

  // The address's owner reads why: one review per address, the first one kept.
  await page.goto(mailboxOf(reviewed));
  const mail = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(reviewed, { exact: true }) })
    .filter({ hasText: `You have already reviewed ${ENQ.reviews.businessName}` });
  await expect(mail).toHaveCount(1);
  await mail.getByText("Show message").click();
  await expect(mail.locator("pre")).toContainText("we kept the first review and did not store the new one");
  // It has no confirmation link: nothing was stored that could be confirmed.
  await expect(mail.locator('a[href*="/enquiries/reviews/confirm"]')).toHaveCount(0);
  const profile = await mail
    .locator(`a[href*="/provider/${ENQ.reviews.registrationNumber}"]`)
    .first()
    .getAttribute("href");
  await page.goto(profile!);
  await expect(page.getByRole("heading", { name: ENQ.reviews.businessName }).first()).toBeVisible();
  await context.close();
});
