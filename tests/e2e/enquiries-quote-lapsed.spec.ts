/**
 * Quote requests only for a registration in force (decision 0260): the profile and the result
 * card of a premium carrier whose registration has expired offer no Request Quote and say why
 * where it would be; its quote page (no JavaScript) says so instead of the form; a request posted
 * anyway is refused and nothing is stored or sent. One expiring soon still takes requests.
 */
import { expect, test } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { LAPSE } from "../fixtures/62-lapsed-quotes";
import { expectAccessible, mailCount, signInAs, uniqueEmail } from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";

const EXPLANATION =
  "This carrier's registration has expired, so it can't take quote requests through the directory.";
const expired = LAPSE.expired;

test("an expired premium carrier's profile offers no Request Quote and says why, at phone width too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/provider/${expired.registrationNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: expired.businessName })).toBeVisible();
  await expect(page.getByText(expired.since).first()).toBeVisible();
  // Where the header's button would be: the reason.
  const note = page.getByTestId("quotes-closed");
  await expect(note).toHaveText(EXPLANATION);
  await expect(note).toBeVisible();
  await expect(page.getByRole("link", { name: /Request (a )?Quote/ })).toHaveCount(0);
  // Where the form would be: the reason again, and the way to carriers in force nearby.
  const card = page.locator("#quote");
  await expect(card.getByRole("heading", { name: "Quote requests" })).toBeVisible();
  await expect(card).toContainText(expired.since);
  await expect(card).toContainText(EXPLANATION);
  await expect(card.getByRole("link", { name: "Find a registered carrier" })).toHaveAttribute(
    "href",
    `/search-results/${LAPSE.town}`,
  );
  await expect(page.locator("form[aria-labelledby=quote-heading]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Quote Request" })).toHaveCount(0);
  // A past customer may still warn others: the reviews stay.
  await expect(page.getByRole("heading", { name: /Customer Reviews/i })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: "tmp/shots-h2/lapsed-profile-375-top.png" });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/shots-h2/lapsed-profile-375-card.png" });
  await page.screenshot({ path: "tmp/shots-h2/lapsed-profile-375.png", fullPage: true });
  // On a wide screen the note stands in the header's column of actions.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(note).toBeVisible();
  await page.screenshot({ path: "tmp/shots-h2/lapsed-profile-1280.png" });
});

test("a request posted anyway is refused with the reason; the quote page says it instead of the form; nothing is stored or sent", async ({
  page,
}) => {
  const reg = expired.registrationNumber;
  await page.goto(`/enquiries/quote/${reg}`);
  await expect(
    page.getByRole("heading", { name: `Request a quote from ${expired.businessName}` }),
  ).toBeVisible();
  const closed = page.getByTestId("quotes-closed");
  await expect(closed).toContainText(expired.since);
  await expect(closed).toContainText(EXPLANATION);
  await expect(page.locator("form[aria-labelledby=quote-heading]")).toHaveCount(0);
  await expectAccessible(page);

  const name = `Lapse Poster ${Date.now()}`;
  const email = uniqueEmail("lapse-poster");
  const response = await page.request.post(`/enquiries/quote/${reg}`, {
    multipart: { name, email, message: "Please take my old boiler" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(409);
  const body = await response.text();
  expect(body).toContain(EXPLANATION);
  expect(body).not.toContain("sent your request");
  // Nothing sent: no request to the business, no copy to the visitor; nothing stored.
  expect(await mailCount(page, expired.email)).toBe(0);
  expect(await mailCount(page, email)).toBe(0);
  await signInAs(page, AUTH_USERS.admin);
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(`No quote requests match "${name}"`)).toBeVisible();
});

test("result cards: the expired carrier's says why instead of Request Quote; one expiring soon still offers it", async ({
  page,
}) => {
  await page.goto(`/search-results/${LAPSE.town}?hideExpired=0`);
  const card = (name: string) => page.locator("article").filter({ hasText: name });
  await expect(card(expired.businessName)).toContainText("Registration expired: no quote requests");
  await expect(card(expired.businessName).getByRole("link", { name: /Request Quote/ })).toHaveCount(0);
  await expect(card(LAPSE.expiring.businessName).getByRole("link", { name: /Request Quote/ })).toBeVisible();
  await expect(card(LAPSE.expiring.businessName)).not.toContainText("no quote requests");

  // The expiring carrier's profile offers the form, and says when the registration expires.
  await page.goto(`/provider/${LAPSE.expiring.registrationNumber}`);
  await expect(page.getByText(`Expires in ${LAPSE.expiring.days} days`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Quote" })).toBeVisible();
  await expect(page.getByTestId("quotes-closed")).toHaveCount(0);
  await expect(page.locator("form[aria-labelledby=quote-heading]")).toHaveCount(1);
});
