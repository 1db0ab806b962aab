/**
 * Decision 0261: a business does not review itself, and a used review link tells the truth.
 * Its signed-in owner is refused on its own profile, and its listing's public address is refused
 * to anyone; its owner account's address typed by a visitor who is not signed in is thanked like
 * any other (refusing it would reveal the account, decision 0410), and the admin's moderation
 * queue marks that review. Once it is rejected, its link says only that it was used.
 * Decision 0267: the signed-in owner is not offered the form on their own profile: a notice takes
 * its place, while visitors (also those served from the page cache) still get the form; a form
 * opened before signing in is refused as above.
 */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { SELF } from "../fixtures/64-self-reviews";
import {
  expectAccessible,
  expectToast,
  formsReady,
  linkFromMailbox,
  mailCount,
  signInAs,
  uniqueEmail,
} from "./support/auth-helpers";

const PROFILE = `/provider/${SELF.business.number}`;
const SHOTS = "tmp/shots-h3";
const PHONE = { width: 375, height: 812 };
const reviewForm = (page: Page) => page.getByRole("form", { name: "Write a review" });

async function fillReview(page: Page, review: { name: string; email: string; text: string }) {
  await page.goto(PROFILE);
  await formsReady(page);
  const form = reviewForm(page);
  await form.getByLabel("Your name").fill(review.name);
  await form.getByLabel("Your email").fill(review.email);
  await form.getByLabel("Your review").fill(review.text);
  await form.getByRole("button", { name: "Submit Review" }).click();
}

test("on their own profile the signed-in owner reads a notice in place of the review form; visitors still get the form (decision 0267)", async ({
  browser,
}) => {
  // A visitor's view of the profile, kept by the page cache and served again to the next visitor.
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await expect(async () => {
    await visitor.request.get(PROFILE);
    const again = await visitor.request.get(PROFILE);
    expect(again.headers()["x-page-cache"]).toBe("hit");
    expect(await again.text()).toContain('aria-label="Write a review"');
  }).toPass();

  // The owner signs in and opens their own profile: fresh (never the cached page), with a notice.
  const owner = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAs(owner, SELF.owner);
  const response = await owner.goto(PROFILE);
  expect(response?.headers()["x-page-cache"]).toBeUndefined();
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  // In the server's HTML already (visitors without JavaScript read the same).
  const html = await response!.text();
  expect(html).toContain('data-testid="own-business-notice"');
  expect(html).not.toContain('aria-label="Write a review"');
  await formsReady(owner);
  const notice = owner.getByTestId("own-business-notice");
  await expect(notice.getByRole("heading", { name: "You can't review your own business" })).toBeVisible();
  await expect(notice).toContainText(
    `You're signed in as the owner of ${SELF.business.name}, so the review form is not shown to you. Your customers still see it here.`,
  );
  await expect(reviewForm(owner)).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Submit Review" })).toHaveCount(0);
  await expect(owner.getByText("Be the first to review")).toHaveCount(0);
  await expect(owner.getByRole("heading", { name: "Customer reviews" })).toBeVisible();
  // The whole reviews card in view, below the sticky header.
  await notice.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await owner.screenshot({ path: `${SHOTS}/owner-notice-375.png` });
  await expectAccessible(owner);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await notice.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await owner.screenshot({ path: `${SHOTS}/owner-notice-1280.png` });

  // Its link leads to where the owner reads and answers their reviews.
  await notice.getByRole("link", { name: "Reply to your reviews" }).click();
  await expect(owner).toHaveURL(/\/company\/reviews$/);
  await expect(owner.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
  // Back on the profile by a client-side navigation: the notice again.
  await owner.goBack();
  await expect(owner.getByTestId("own-business-notice")).toBeVisible();
  await expect(reviewForm(owner)).toHaveCount(0);

  // The no-JavaScript reviews page says the same.
  await owner.goto(`/enquiries/reviews/${SELF.business.number}`);
  await expect(owner.getByTestId("own-business-notice")).toBeVisible();
  await expect(reviewForm(owner)).toHaveCount(0);

  // The next visitor still gets the form: the owner's page was never kept for anyone.
  const after = await visitor.request.get(PROFILE);
  const visitorHtml = await after.text();
  expect(visitorHtml).toContain('aria-label="Write a review"');
  expect(visitorHtml).not.toContain("own-business-notice");
  await visitor.goto(PROFILE);
  await formsReady(visitor);
  await expect(reviewForm(visitor).getByRole("button", { name: "Submit Review" })).toBeVisible();
  await expect(visitor.getByTestId("own-business-notice")).toHaveCount(0);
});

test("a form opened before signing in is refused once the owner has signed in; the listing's own address is refused to anyone; nothing is sent", async ({
  browser,
}) => {
  // The profile opened before signing in (a stale page): the form, as any visitor has it.
  const context = await browser.newContext({ viewport: PHONE });
  const owner = await context.newPage();
  const friend = uniqueEmail("self-friend");
  await owner.goto(PROFILE);
  await formsReady(owner);
  const stale = reviewForm(owner);
  await stale.getByLabel("Your name").fill("Sam Owner");
  await stale.getByLabel("Your email").fill(friend);
  await stale.getByLabel("Your review").fill("The best skips in Selfbury.");
  // Meanwhile the owner signs in, in a second tab; then sends the first tab's form.
  await signInAs(await context.newPage(), SELF.owner);
  await stale.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(owner, "Review not accepted");
  const form = reviewForm(owner);
  await expect(form.getByText("You can't review your own business.")).toBeVisible();
  // Nothing was taken: the form is still there, with what was typed, and no thank-you.
  await expect(form.getByLabel("Your review")).toHaveValue("The best skips in Selfbury.");
  await expect(owner.getByText("Thank you for your review!")).toHaveCount(0);
  await form.getByText("You can't review your own business.").scrollIntoViewIfNeeded();
  await owner.screenshot({ path: `${SHOTS}/owner-refused-375.png` });
  await expectAccessible(owner);
  expect(await mailCount(owner, friend)).toBe(0);
  // Opened again, the page has the notice, not the form.
  await owner.goto(PROFILE);
  await expect(owner.getByTestId("own-business-notice")).toBeVisible();
  await expect(reviewForm(owner)).toHaveCount(0);

  // A visitor who is not signed in, with the address on the profile: refused at the field.
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await fillReview(visitor, { name: "Happy Customer", email: SELF.listingEmail, text: "Five stars." });
  await expectToast(visitor, "Review not accepted");
  const fieldError = reviewForm(visitor).getByText("This is the business's own email address", {
    exact: true,
  });
  await expect(fieldError).toBeVisible();
  await fieldError.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: `${SHOTS}/listing-email-refused-375.png` });
  await expect(visitor.getByText("Thank you for your review!")).toHaveCount(0);
  expect(await mailCount(visitor, SELF.listingEmail)).toBe(0);
});

test("the owner account's address, sent signed out, is thanked as any other and marked in the moderation queue; rejected, its link only says it was used", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The owner's account address with a +tag: the same inbox (decision 0257), a message of its own.
  const [local, domain] = SELF.owner.split("@");
  const address = `${local}+${Date.now()}@${domain}`;
  const text = `Superb service, honestly ${Date.now()}`;
  const visitor = await (await browser.newContext()).newPage();
  await fillReview(visitor, { name: "Sam Anonymous", email: address, text });
  await expectToast(visitor, "Review submitted");
  await expect(visitor.getByText("Thank you for your review!")).toBeVisible();

  // Its link goes to the owner's inbox; confirmed there, it waits for moderation.
  const link = await linkFromMailbox(
    visitor,
    address,
    `Confirm your review of ${SELF.business.name}`,
    "/enquiries/reviews/confirm",
  );
  await visitor.goto(link);
  await visitor.getByRole("button", { name: "Confirm my review" }).click();
  await expect(visitor.getByRole("heading", { name: "Review confirmed" })).toBeVisible();

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(admin, AUTH_USERS.admin);
  await admin.goto("/admin/verifications");
  const pending = admin.getByTestId("pending-review").filter({ hasText: text });
  await expect(pending.getByTestId("from-owner")).toContainText("From the business's owner");
  await expect(pending.getByTestId("from-owner")).toContainText(
    "Written with the email address of the account that manages this listing.",
  );
  // No other review in the queue is marked.
  await expect(admin.getByTestId("from-owner")).toHaveCount(1);
  await pending.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/queue-owner-flag-1280.png` });
  await expectAccessible(admin);
  await admin.setViewportSize(PHONE);
  await pending.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/queue-owner-flag-375.png` });
  // Nothing wider than the phone's screen.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await pending.getByRole("button", { name: "Reject review by Sam Anonymous" }).click();
  await expectToast(admin, "Review rejected");
  await expect(admin.getByTestId("pending-review").filter({ hasText: text })).toHaveCount(0);

  // The used link no longer promises that the review will be shown.
  await visitor.setViewportSize(PHONE);
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
  await expect(visitor.getByText("This confirmation link has already been used")).toBeVisible();
  await expect(visitor.getByText(/display your review|quick verification/)).toHaveCount(0);
  await visitor.screenshot({ path: `${SHOTS}/used-link-after-rejection-375.png` });
  await expectAccessible(visitor);
});
