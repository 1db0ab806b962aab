/**
 * Decision 0250: a review counts only once its writer has confirmed it from the e-mail sent to its
 * address. A business that types its customer's address first cannot take the customer's place;
 * opening the link (as a mail scanner does) changes nothing; the page's button confirms, once.
 */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { ENQ } from "../fixtures/60-enquiries";
import {
  expectToast,
  formsReady,
  linkFromMailbox,
  linksFromMailbox,
  mailCount,
  signInAs,
  uniqueEmail,
} from "./support/auth-helpers";

const BUSINESS = ENQ.reviews;
const SUBJECT = `Confirm your review of ${BUSINESS.businessName}`;
const CONFIRM_PATH = "/enquiries/reviews/confirm";

async function writeReview(
  page: Page,
  review: { name: string; email: string; text: string; rating: string },
) {
  await page.goto(`/provider/${BUSINESS.registrationNumber}`);
  await formsReady(page);
  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByLabel("Your name").fill(review.name);
  await form.getByLabel("Your email").fill(review.email);
  await form.getByLabel("Rating").selectOption(review.rating);
  await form.getByLabel("Your review").fill(review.text);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Review submitted");
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
}

/** The moderation queue's entries with `text`, as an administrator sees them. */
async function queued(admin: Page, text: string) {
  await admin.goto("/admin/verifications");
  await expect(admin.getByRole("heading", { name: "Pending Verifications" })).toBeVisible();
  return admin.getByTestId("pending-review").filter({ hasText: text });
}

test("a business typing its customer's address first does not block the customer's own review", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = uniqueEmail("enq-customer");
  const squat = `Best carrier in the county ${Date.now()}`;
  const honest = `Never turned up, twice ${Date.now()}`;

  // The business, in its own browser, writes first with its customer's address.
  const business = await browser.newContext();
  await writeReview(await business.newPage(), {
    name: "Happy Customer",
    email: customer,
    text: squat,
    rating: "5",
  });
  await business.close();

  // Later the customer writes their own, and is thanked like anyone: not told "already reviewed".
  const context = await browser.newContext();
  const page = await context.newPage();
  await writeReview(page, { name: "Real Customer", email: customer, text: honest, rating: "1" });

  // Their mailbox holds two confirmation e-mails, each with its own link, and no "already reviewed".
  await linkFromMailbox(page, customer, SUBJECT, CONFIRM_PATH);
  const [ownLink, squattersLink] = await linksFromMailbox(page, customer, SUBJECT, CONFIRM_PATH);
  expect(ownLink).toBeTruthy();
  expect(squattersLink).toBeTruthy();
  expect(ownLink).not.toBe(squattersLink);
  expect(await mailCount(page, customer, "You have already reviewed")).toBe(0);

  // Neither review is in the moderation queue; a mail scanner opening the link changes nothing.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, AUTH_USERS.admin);
  const scanned = await page.request.get(ownLink!);
  expect(scanned.status()).toBe(200);
  expect(scanned.headers()["cache-control"]).toBe("no-store");
  await expect(await queued(admin, honest)).toHaveCount(0);
  await expect(await queued(admin, squat)).toHaveCount(0);

  // The customer opens their link: their own review, and a button.
  await page.goto(ownLink!);
  await expect(page.getByRole("heading", { name: "Confirm your review" })).toBeVisible();
  const shown = page.getByTestId("review-to-confirm");
  await expect(shown).toContainText("Real Customer");
  await expect(shown).toContainText(honest);
  await expect(shown.getByRole("img", { name: "Rated 1 out of 5" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my review" }).click();
  await expect(page.getByRole("heading", { name: "Review confirmed" })).toBeVisible();

  // Now it waits for moderation: the honest review, not the business's.
  await expect(await queued(admin, honest)).toHaveCount(1);
  await expect(await queued(admin, squat)).toHaveCount(0);

  // The same link again says it was used; the business's link cannot add a second review.
  await page.goto(ownLink!);
  await expect(page.getByRole("heading", { name: "This review is already confirmed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my review" })).toHaveCount(0);
  await page.goto(squattersLink!);
  await expect(page.getByRole("heading", { name: "You have already reviewed this business" })).toBeVisible();
  await expect(page.getByText("This review was not added.")).toBeVisible();
  await expect(await queued(admin, squat)).toHaveCount(0);

  // This browser confirmed the review, so it may be told: the form says so while typing.
  await page.goto(`/provider/${BUSINESS.registrationNumber}`);
  await formsReady(page);
  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByLabel("Your email").fill(customer);
  await expect(form.getByText("Review already submitted")).toBeVisible();

  await adminContext.close();
  await context.close();
});

test("a link that is not valid says so", async ({ page }) => {
  const response = await page.goto(`${CONFIRM_PATH}?token=${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This confirmation link is not valid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my review" })).toHaveCount(0);
});
