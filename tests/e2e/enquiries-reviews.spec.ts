/**
 * Reviews on claimed premium profiles: list and average, validation, the confirmation e-mail's link
 * (decision 0250), live duplicate check, moderation.
 */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { ENQ } from "../fixtures/60-enquiries";
import {
  expectAccessible,
  expectToast,
  formsReady,
  linkFromMailbox,
  mailCount,
  signInAs,
} from "./support/auth-helpers";

const reviewForm = (page: Page) => page.getByRole("form", { name: "Write a review" });
const CHECK_EMAIL =
  "Please check your email: we have sent a message about your review to the address you gave.";

/** Opens the newest confirmation link e-mailed to `email` and presses its button, as a person does. */
async function confirmFromEmail(page: Page, email: string, businessName: string, text: string) {
  const link = await linkFromMailbox(
    page,
    email,
    `Confirm your review of ${businessName}`,
    "/enquiries/reviews/confirm",
  );
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your review" })).toBeVisible();
  await expect(page.getByTestId("review-to-confirm")).toContainText(text);
  await page.getByRole("button", { name: "Confirm my review" }).click();
  await expect(page.getByRole("heading", { name: "Review confirmed" })).toBeVisible();
  await expect(
    page.getByText("Thank you for your feedback! We'll display your review after a quick verification."),
  ).toBeVisible();
}

test("only published reviews are shown, with the average and count", async ({ page }) => {
  await page.goto(`/provider/${ENQ.reviews.registrationNumber}`);
  await formsReady(page);
  const reviews = page.getByRole("list", { name: "Reviews" });
  await expect(reviews.getByRole("listitem")).toHaveCount(1);
  await expect(reviews).toContainText(ENQ.publishedReview.name);
  await expect(reviews).toContainText(ENQ.publishedReview.text);
  await expect(page.getByText("(1 review)")).toBeVisible();
  await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
  // The stars are the icon sprite's (decision 0226): four filled amber, the fifth grey.
  const stars = page.getByRole("img", { name: "Rated 4 out of 5" }).first().locator("svg");
  await expect(stars).toHaveCount(5);
  const fills = await stars.evaluateAll((all) => all.map((s) => getComputedStyle(s).fill));
  expect(new Set(fills.slice(0, 4)).size).toBe(1);
  expect(fills[0]).not.toBe("none");
  expect(fills[4]).not.toBe(fills[0]);
  const sprite = (await stars.first().locator("use").getAttribute("href"))!.split("#");
  expect(sprite[1]).toBe("star");
  const drawing = await page.request.get(sprite[0]!);
  expect(drawing.headers()["content-type"]).toContain("image/svg+xml");
  expect(await drawing.text()).toContain('<symbol id="star" viewBox="0 0 24 24">');
  await expect(page.getByText(ENQ.pendingReview.text)).toHaveCount(0);
  // No services: no service select on the quote form.
  await expect(page.getByLabel("Service type")).toHaveCount(0);
  await expect(reviewForm(page).getByLabel("Rating")).toHaveValue("5");
  await expectAccessible(page);
});

test("validation messages, a review sent and confirmed from the e-mail, then the same e-mail is stopped live and by the server", async ({
  page,
}) => {
  const email = `enq-reviewer-${Date.now()}@example.test`;
  await page.goto(`/provider/${ENQ.reviews.registrationNumber}`);
  await formsReady(page);
  const form = reviewForm(page);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Missing information");
  await expect(form.getByText("Please fill in all fields before submitting")).toHaveCount(3);

  await form.getByLabel("Your name").fill("Rita Reviewer");
  await form.getByLabel("Your email").fill("rita.example.test");
  await form.getByLabel("Your review").fill("Friendly crew, fair price.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Invalid email");
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  await form.getByLabel("Your email").fill(email);
  await form.getByLabel("Rating").selectOption("3");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Review submitted");
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  await expect(page.getByText("We'll display your review after a quick verification.").first()).toBeVisible();
  await expect(page.getByText(CHECK_EMAIL)).toBeVisible();
  await expect(reviewForm(page)).toHaveCount(0);

  // Sending a review proves nothing (anyone can type an address): not "already submitted" yet.
  await page.reload();
  await formsReady(page);
  const checked = page.waitForResponse((r) => r.url().includes("/check?email="));
  await reviewForm(page).getByLabel("Your email").fill(email);
  expect(await (await checked).json()).toEqual({ reviewed: false });

  // Rita confirms it from the e-mail; the page takes her back to the business.
  await confirmFromEmail(page, email, ENQ.reviews.businessName, "Friendly crew, fair price.");
  await page.getByRole("link", { name: `Back to ${ENQ.reviews.businessName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/${ENQ.reviews.registrationNumber}$`));
  await formsReady(page);
  // Still waiting for moderation: not shown.
  await expect(page.getByText("Friendly crew, fair price.")).toHaveCount(0);
  await reviewForm(page).getByLabel("Your email").fill(email.toUpperCase());
  await expect(reviewForm(page).getByText("Review already submitted")).toBeVisible();
  await expect(reviewForm(page).getByRole("button", { name: "Submit Review" })).toBeDisabled();

  // The server refuses it too, whatever the browser does.
  const response = await page.request.post(`/enquiries/reviews/${ENQ.reviews.registrationNumber}`, {
    form: { name: "Rita Again", email, rating: "5", text: "Second go" },
  });
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("Already reviewed");
});

test("an admin publishes a confirmed review and it appears on the profile; rejecting keeps one hidden", async ({
  page,
}) => {
  const text = `Cleared a loft in a morning ${Date.now()}`;
  const email = `enq-mod-${Date.now()}@example.test`;
  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  await formsReady(page);
  const form = reviewForm(page);
  await form.getByLabel("Your name").fill("Mo Moderated");
  await form.getByLabel("Your email").fill(email);
  await form.getByLabel("Your review").fill(text);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  await page.reload();
  await formsReady(page);
  await expect(page.getByText(text)).toHaveCount(0);

  // Not confirmed yet: not in the moderation queue.
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/verifications");
  await expect(page.getByRole("heading", { name: "Pending Verifications" })).toBeVisible();
  await expect(page.getByTestId("pending-review").filter({ hasText: text })).toHaveCount(0);

  await confirmFromEmail(page, email, ENQ.quote.businessName, text);
  await page.goto("/admin/verifications");
  await expect(page.getByRole("heading", { name: "Pending Verifications" })).toBeVisible();
  await expectAccessible(page);
  const pending = page.getByTestId("pending-review").filter({ hasText: text });
  await expect(pending).toContainText(ENQ.quote.businessName);
  await pending.getByRole("button", { name: "Publish review by Mo Moderated" }).click();
  await expectToast(page, "Review published");
  await expect(page.getByTestId("pending-review").filter({ hasText: text })).toHaveCount(0);

  const seeded = page.getByTestId("pending-review").filter({ hasText: ENQ.pendingReview.text });
  await seeded.getByRole("button", { name: `Reject review by ${ENQ.pendingReview.name}` }).click();
  await expectToast(page, "Review rejected");
  await expect(page.getByTestId("pending-review").filter({ hasText: ENQ.pendingReview.text })).toHaveCount(0);

  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  await formsReady(page);
  await expect(page.getByRole("list", { name: "Reviews" })).toContainText(text);
  await page.goto(`/provider/${ENQ.reviews.registrationNumber}`);
  await formsReady(page);
  await expect(page.getByRole("list", { name: "Reviews" })).toContainText(ENQ.publishedReview.text);
  await expect(page.getByText(ENQ.pendingReview.text)).toHaveCount(0);
});

test("works without JavaScript: errors on the result page, the thank-you state, then the e-mail's link confirms", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  await reviewForm(page).getByLabel("Your name").fill("Nell NoScript");
  await reviewForm(page).getByLabel("Your review").fill("Quick and tidy, booked without JavaScript.");
  await reviewForm(page).getByRole("button", { name: "Submit Review" }).click();
  await expect(page).toHaveURL(new RegExp(`/enquiries/reviews/${ENQ.quote.registrationNumber}$`));
  await expect(reviewForm(page).getByText("Please fill in all fields before submitting")).toBeVisible();
  await expect(reviewForm(page).getByLabel("Your name")).toHaveValue("Nell NoScript");
  const email = `enq-nojs-${Date.now()}@example.test`;
  await reviewForm(page).getByLabel("Your email").fill(email);
  await reviewForm(page).getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  await expect(page.getByText(CHECK_EMAIL)).toBeVisible();
  // The confirmation page is a plain form too.
  await confirmFromEmail(page, email, ENQ.quote.businessName, "Quick and tidy, booked without JavaScript.");
  await context.close();
});

test("an e-mail that is two addresses in one ('1,someone@example.test') is refused with the field's message, in the browser and by the server (decision 0259)", async ({
  page,
}) => {
  await page.goto(`/provider/${ENQ.reviews.registrationNumber}`);
  await formsReady(page);
  const form = reviewForm(page);
  await form.getByLabel("Your name").fill("Sam Someone");
  await form.getByLabel("Your email").fill("1,someone@example.test");
  await form.getByLabel("Your review").fill("Five stars, honest.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Invalid email");
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Thank you for your review!")).toHaveCount(0);

  // The server says the same whatever the browser does, and stores and sends nothing.
  const response = await page.request.post(`/enquiries/reviews/${ENQ.reviews.registrationNumber}`, {
    form: { name: "Sam Someone", email: "1,someone@example.test", rating: "5", text: "Five stars, honest." },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Please enter a valid email address");
  expect(await mailCount(page, "1,someone@example.test")).toBe(0);
  expect(await mailCount(page, "someone@example.test")).toBe(0);
});
