/**
 * Decision 0276: a business does not ask itself for a quote. On its own profile its signed-in owner
 * reads a notice, with the way to their quote requests, where visitors have the quote request form,
 * and the header does not invite them to "Request a Quote"; the no-JavaScript quote page says the
 * same. Visitors still get the form. A form opened before signing in is refused once the owner has
 * signed in, and nothing is sent. (Fixture tests/fixtures/64-self-reviews.ts: an approved Premium
 * listing whose public e-mail is not its owner account's.)
 */
import { expect, test, type Page } from "@playwright/test";
import { SELF } from "../fixtures/64-self-reviews";
import {
  expectAccessible,
  expectToast,
  formsReady,
  mailCount,
  signInAs,
  uniqueEmail,
} from "./support/auth-helpers";

const PROFILE = `/provider/${SELF.business.number}`;
const QUOTE_PAGE = `/enquiries/quote/${SELF.business.number}`;
const SHOTS = "tmp/shots-h7";
const PHONE = { width: 375, height: 812 };
const NOTICE_TEXT = `You're signed in as the owner of ${SELF.business.name}, so the quote request form is not shown to you. Your customers still see it here, and their requests are listed on your dashboard.`;
const REFUSAL = "Quote request not sent: You can't request a quote from your own business.";
const quoteForm = (page: Page) => page.getByRole("form", { name: "Request a Quote" });

test("on their own profile the signed-in owner reads a notice in place of the quote request form; a visitor still gets the form", async ({
  browser,
}) => {
  // A visitor: the header's "Request a Quote", and the form it leads to.
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto(PROFILE);
  await formsReady(visitor);
  await expect(visitor.getByRole("link", { name: "Request a Quote" })).toBeVisible();
  await expect(quoteForm(visitor).getByRole("button", { name: "Send Quote Request" })).toBeVisible();
  await expect(visitor.getByTestId("own-quotes-notice")).toHaveCount(0);

  // The owner signs in and opens their own profile: the notice, in the server's HTML already.
  const owner = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAs(owner, SELF.owner);
  const response = await owner.goto(PROFILE);
  const html = await response!.text();
  expect(html).toContain('data-testid="own-quotes-notice"');
  expect(html).not.toContain("Send Quote Request");
  await formsReady(owner);
  const notice = owner.getByTestId("own-quotes-notice");
  await expect(notice.getByRole("heading", { name: "Your customers ask you for quotes here" })).toBeVisible();
  await expect(notice).toContainText(NOTICE_TEXT);
  await expect(quoteForm(owner)).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Send Quote Request" })).toHaveCount(0);
  await expect(owner.getByRole("link", { name: "Request a Quote" })).toHaveCount(0);
  // Their phone is still shown as their customers see it.
  await expect(owner.getByRole("link", { name: `Call ${SELF.business.name}` })).toBeVisible();
  // The whole notice in view, below the sticky header.
  await notice.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await owner.screenshot({ path: `${SHOTS}/owner-quote-notice-375.png` });
  await owner.evaluate(() => window.scrollTo(0, 0));
  await owner.screenshot({ path: `${SHOTS}/owner-profile-top-375.png` });
  await expectAccessible(owner);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await notice.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await owner.screenshot({ path: `${SHOTS}/owner-quote-notice-1280.png` });

  // Its link leads to where the owner reads their quote requests.
  await notice.getByRole("link", { name: "See your quote requests" }).click();
  await expect(owner).toHaveURL(/\/company\/quotes$/);
  await expect(owner.getByRole("heading", { name: "Quote Requests", exact: true })).toBeVisible();

  // The no-JavaScript quote page says the same to the owner, and keeps the form for a visitor.
  await owner.goto(QUOTE_PAGE);
  await expect(owner.getByTestId("own-quotes-notice")).toContainText(NOTICE_TEXT);
  await expect(quoteForm(owner)).toHaveCount(0);
  await visitor.goto(QUOTE_PAGE);
  await expect(quoteForm(visitor).getByRole("button", { name: "Send Quote Request" })).toBeVisible();
  await expect(visitor.getByTestId("own-quotes-notice")).toHaveCount(0);
});

test("a quote form opened before signing in is refused once the owner has signed in; nothing is sent", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const owner = await context.newPage();
  const friend = uniqueEmail("self-quote-friend");
  await owner.goto(PROFILE);
  await formsReady(owner);
  const stale = quoteForm(owner);
  await stale.getByLabel("Name", { exact: true }).fill("Sam Owner");
  await stale.getByLabel("Email", { exact: true }).fill(friend);
  await stale.getByLabel("Message", { exact: true }).fill("Please quote for a skip in Selfbury.");
  // Meanwhile the owner signs in, in a second tab; then sends the first tab's form.
  await signInAs(await context.newPage(), SELF.owner);
  await stale.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(owner, "Quote request not sent");
  await expect(stale.getByText(REFUSAL)).toBeVisible();
  await expect(stale.getByLabel("Message", { exact: true })).toHaveValue(
    "Please quote for a skip in Selfbury.",
  );
  await stale.getByText(REFUSAL).scrollIntoViewIfNeeded();
  await owner.screenshot({ path: `${SHOTS}/owner-quote-refused-375.png` });
  await expectAccessible(owner);
  expect(await mailCount(owner, friend)).toBe(0);
  expect(await mailCount(owner, SELF.listingEmail, "Sam Owner")).toBe(0);
  // Opened again, the page has the notice, not the form.
  await owner.goto(PROFILE);
  await expect(owner.getByTestId("own-quotes-notice")).toBeVisible();
  await expect(quoteForm(owner)).toHaveCount(0);
});
