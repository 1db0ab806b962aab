/**
 * Quotes and reviews in the company area (issue 19, item 8; decision 0604), in Chromium: the
 * carrier moves a quote request through new → contacted → won, keeps a private note and opens the
 * visitor's photo; a forged POST for another listing's request changes nothing; the carrier replies
 * to a review; the admin publishes the reply in the moderation queue; the public profile shows it
 * under the review; the dashboard's counts follow. Fixture: tests/fixtures/61-company-quotes-reviews.ts.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CQR } from "../fixtures/61-company-quotes-reviews";
import { AUTH_PASSWORD } from "../fixtures/20-accounts";
import { expectAccessible, expectToast, signIn, signInAsAdmin } from "./support/auth-helpers";

const SHOTS = "/tmp/pw-h7-shots";
const PROFILE = `/provider/${CQR.carrier.number}`;
const REPLY = "Thank you for choosing us - we look forward to helping again.";
/** The reply's first wording, which the admin's page shows before the owner changes it. */
const DRAFT = "Thanks for your review.";
const NOTE = "Quoted £180, booked for Friday morning.";

test.describe.configure({ mode: "serial" });

async function signInOwner(page: Page) {
  await signIn(page, CQR.owner, AUTH_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
}

async function expectCounts(page: Page, quotes: number, reviews: number) {
  await page.goto("/company");
  await expect(page.getByTestId("count-new-quotes")).toHaveText(String(quotes));
  await expect(page.getByTestId("count-unanswered-reviews")).toHaveText(String(reviews));
}

const quoteCard = (page: Page, name: string) =>
  page.getByTestId("company-quote").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("the carrier works a quote request: contacted, won, a private note, the photo", async ({ page }) => {
  await signInOwner(page);
  await expectCounts(page, 3, 2);
  await page.getByRole("link", { name: /^New Quote Requests: 3/ }).click();
  await expect(page).toHaveURL(/\/company\/quotes\?status=new$/);
  await expect(page.getByTestId("company-quote")).toHaveCount(3);

  const nav = page.getByRole("navigation", { name: "Company" });
  await nav.getByRole("link", { name: "Quote Requests", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quote Requests" })).toBeVisible();
  // Newest first, each with the visitor's details.
  await expect(page.getByTestId("company-quote").getByRole("heading", { level: 2 })).toHaveText([
    CQR.quotes.photo.name,
    CQR.quotes.plain.name,
    CQR.quotes.older.name,
  ]);
  const card = quoteCard(page, CQR.quotes.photo.name);
  const q = CQR.quotes.photo;
  for (const text of [q.email, q.phone, q.postcode, q.service, q.message])
    await expect(card).toContainText(text);
  await expect(card.getByTestId("quote-status")).toHaveText("New");
  await expect(card.getByRole("button", { name: "Mark as won" })).toHaveCount(0);

  // The photo, through the access-checked route: the thumbnail shows, the link opens the image.
  const thumb = card.getByRole("img", { name: `Photo sent by ${q.name}` });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("link", { name: /Open photo/ }).click(),
  ]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe(`/enquiries/photo/quote/${q.id}`);
  expect(await popup.evaluate(() => document.contentType)).toBe("image/png");
  await popup.close();
  await expectAccessible(page);

  await card.getByRole("button", { name: "Mark as contacted" }).click();
  await expectToast(page, "Marked as contacted");
  await expect(card.getByTestId("quote-status")).toHaveText("Contacted");
  await card.getByRole("button", { name: "Mark as won" }).click();
  await expectToast(page, "Marked as won");
  await expect(card.getByTestId("quote-status")).toHaveText("Won");
  await expect(card.getByRole("button", { name: "Reopen" })).toBeVisible();

  await card.getByLabel("Private notes").fill(NOTE);
  await card.getByRole("button", { name: "Save notes" }).click();
  await expectToast(page, "Notes saved");
  await page.reload();
  await expect(quoteCard(page, q.name).getByLabel("Private notes")).toHaveValue(NOTE);
  await page.getByRole("link", { name: /^Won/ }).click();
  await expect(page.getByTestId("company-quote")).toHaveCount(1);
  await expect(quoteCard(page, q.name)).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/company/quotes");
    await page.screenshot({ path: `${SHOTS}/quotes-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectCounts(page, 2, 2);
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png` });
});

test("a POST for another listing's quote request changes nothing (404)", async ({ page }) => {
  await signInOwner(page);
  const origin = new URL(page.url()).origin;
  const forged: Record<string, string>[] = [
    { intent: "move", id: CQR.quotes.rival.id, to: "contacted" },
    { intent: "notes", id: CQR.quotes.rival.id, notes: "Taken over" },
  ];
  for (const form of forged) {
    const res = await page.request.post("/company/quotes", {
      form,
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(404);
  }
  // The other carrier still sees the request as it was.
  await page.context().clearCookies();
  await signIn(page, CQR.otherOwner, AUTH_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
  await page.goto("/company/quotes");
  const card = quoteCard(page, CQR.quotes.rival.name);
  await expect(card.getByTestId("quote-status")).toHaveText("New");
  await expect(card.getByLabel("Private notes")).toHaveValue("");
  // And its owner's photo route answers 404 for the first carrier's photo.
  const res = await page.request.get(`/enquiries/photo/quote/${CQR.quotes.photo.id}`);
  expect(res.status()).toBe(404);
});

async function replyAsOwner(page: Page, text: string) {
  await page
    .getByRole("navigation", { name: "Company" })
    .getByRole("link", { name: "Reviews", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const reviews = page.getByTestId("company-review");
  await expect(reviews.getByRole("heading", { level: 2 })).toHaveText([
    CQR.reviews.recent.name,
    CQR.reviews.older.name,
  ]);
  const card = reviews.filter({ hasText: CQR.reviews.recent.text });
  await card.getByLabel("Public reply").fill(text);
  await card.getByRole("button", { name: "Send reply" }).click();
  await expectToast(page, "Reply sent for moderation");
  await expect(card.getByTestId("your-reply")).toContainText("Awaiting moderation");
  await expect(card.getByTestId("your-reply")).toContainText(text);
  await expectAccessible(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/reviews-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The admin opens the queue on the draft; the owner then rewrites the reply. The admin's click on
 * the page showing the draft publishes nothing; read again, the reply is published.
 */
async function publishAsAdmin(browser: Browser, owner: Page) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAsAdmin(admin, CQR.admin);
  await admin.goto("/admin/verifications");
  const draft = admin.getByTestId("pending-reply").filter({ hasText: DRAFT });
  await expect(draft).toContainText(CQR.carrier.name);
  await expect(draft).toContainText(CQR.reviews.recent.text);

  await owner.goto("/company/reviews");
  const card = owner.getByTestId("company-review").filter({ hasText: CQR.reviews.recent.text });
  await card.getByLabel("Edit your reply").fill(REPLY);
  await card.getByRole("button", { name: "Update reply" }).click();
  await expectToast(owner, "Reply updated");
  await expect(card.getByTestId("your-reply")).toContainText(REPLY);

  const publish = new RegExp(`^Publish reply from ${CQR.carrier.name}`);
  await draft.getByRole("button", { name: publish }).click();
  await expectToast(
    admin,
    "The business changed this reply after this page was loaded. Read it again before you decide.",
  );
  const item = admin.getByTestId("pending-reply").filter({ hasText: REPLY });
  await expect(item).toContainText(CQR.reviews.recent.text);
  await expect(admin.getByTestId("pending-reply").filter({ hasText: DRAFT })).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/admin-replies.png`, fullPage: true });
  await item.getByRole("button", { name: publish }).click();
  await expectToast(admin, "Reply published");
  await expect(admin.getByTestId("pending-reply").filter({ hasText: REPLY })).toHaveCount(0);
  await context.close();
}

test("a reply to a review: moderated in the version the admin read (an edit after the admin's page loaded is not published unseen), then shown under the review on the profile", async ({
  page,
  browser,
}) => {
  await signInOwner(page);
  await replyAsOwner(page, DRAFT);
  await expectCounts(page, 2, 1);

  // Pending: not on the public profile.
  const visitor = await browser.newContext();
  const profile = await visitor.newPage();
  await profile.goto(PROFILE);
  await expect(profile.getByText(CQR.reviews.recent.text)).toBeVisible();
  await expect(profile.getByText(DRAFT)).toHaveCount(0);

  await publishAsAdmin(browser, page);

  await profile.goto(PROFILE);
  const review = profile.getByRole("list", { name: "Reviews" }).getByRole("listitem").filter({
    hasText: CQR.reviews.recent.text,
  });
  const reply = review.getByTestId("review-reply");
  await expect(reply).toContainText(`Reply from ${CQR.carrier.name}`);
  await expect(reply).toContainText(REPLY);
  await expect(
    profile
      .getByRole("list", { name: "Reviews" })
      .getByRole("listitem")
      .filter({ hasText: CQR.reviews.older.text })
      .getByTestId("review-reply"),
  ).toHaveCount(0);
  // In the server's HTML too (crawlers, no JavaScript).
  const html = await (await visitor.request.get(PROFILE)).text();
  expect(html).toContain(`Reply from ${CQR.carrier.name}`);
  expect(html).toContain("we look forward to helping again.");
  await review.screenshot({ path: `${SHOTS}/profile-reply.png` });
  await visitor.close();

  // The owner sees it published, with no form to change it.
  await page.goto("/company/reviews");
  const card = page.getByTestId("company-review").filter({ hasText: CQR.reviews.recent.text });
  await expect(card.getByTestId("your-reply")).toContainText("Published");
  await expect(card.getByRole("button", { name: /reply/i })).toHaveCount(0);
  await page.getByRole("link", { name: /^Awaiting your reply/ }).click();
  await expect(page.getByTestId("company-review")).toHaveText([new RegExp(CQR.reviews.older.name)]);
  await expectCounts(page, 2, 1);
});
