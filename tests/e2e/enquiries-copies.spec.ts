/**
 * Copies of a visitor's own request (issue 14 item 19, decision 0602), on a phone: the lead and
 * quote forms e-mail the visitor a copy and say so only when it was queued; one mailbox gets at
 * most 3 copies an hour from both forms together, however the address is written, and past that
 * the request still goes through and the visitor is told no copy was sent this time.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ENQ } from "../fixtures/60-enquiries";
import { formsReady } from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";

test.use({ viewport: { width: 375, height: 800 } });

const RESULTS = `/search-results/${ENQ.town}`;
const leadForm = (page: Page) => page.locator("section[aria-labelledby=lead-heading]");
const quoteForm = (page: Page) => page.locator("form[aria-labelledby=quote-heading]");
const quoteSent = (page: Page) =>
  page.locator("main").getByRole("status").filter({ hasText: "Quote request submitted" }).first();

/** A screenshot of what the visitor sees around `target`, centred (clear of the sticky header). */
async function showCentred(page: Page, target: Locator, path: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path });
}

async function sendLead(page: Page, name: string, email: string) {
  await page.goto(RESULTS);
  await formsReady(page);
  const form = leadForm(page);
  await form.getByLabel("What needs collecting?").fill(`A washing machine for ${name}`);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Postcode").fill("ls1 4ap");
  await form.getByRole("button", { name: "Request Quotes" }).click();
  await expect(form.getByText("Request sent!")).toBeVisible();
  return form.getByRole("status");
}

async function sendQuote(page: Page, name: string, email: string) {
  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  await formsReady(page);
  const form = quoteForm(page);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill(`Garden waste for ${name}`);
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(quoteSent(page)).toBeVisible();
  return quoteSent(page);
}

test("3 copies an hour to one mailbox from both forms; the fourth request goes through and says no copy was sent", async ({
  page,
}) => {
  const base = `mo-${Date.now()}`;
  const spellings = [
    `${base}@example.test`,
    `${base.toUpperCase()}@example.test`,
    `${base}+quotes@example.test`,
    `${base}+again@Example.test`,
  ];
  const names = ["Mo First", "Mo Second", "Mo Third", `Mo Fourth ${Date.now()}`];

  const first = await sendLead(page, names[0]!, spellings[0]!);
  await expect(first).toContainText(`Thank you. We've sent a copy to ${spellings[0]}.`);
  await showCentred(page, leadForm(page), "tmp/shots-enquiries/lead-sent-375.png");

  const second = await sendQuote(page, names[1]!, spellings[1]!);
  await expect(second).toContainText(`We've sent your request to ${ENQ.quote.businessName}.`);
  await expect(second).toContainText(`We've sent a copy to ${spellings[1]}.`);
  await showCentred(page, second, "tmp/shots-enquiries/quote-sent-375.png");

  const third = await sendLead(page, names[2]!, spellings[2]!);
  await expect(third).toContainText(`Thank you. We've sent a copy to ${spellings[2]}.`);

  const fourth = await sendQuote(page, names[3]!, spellings[3]!);
  await expect(fourth).toContainText(`We've sent your request to ${ENQ.quote.businessName}.`);
  await expect(fourth).toContainText(
    `We didn't e-mail you a copy this time, as we've recently sent several to ${spellings[3]}.`,
  );
  await expect(fourth).not.toContainText("We've sent a copy");
  await expectNoSideScroll(page);
  await showCentred(page, fourth, "tmp/shots-enquiries/quote-sent-no-copy-375.png");

  // The mailbox: three copies for the one mailbox, and the business got the fourth request all the same.
  await page.goto("/dev/mailbox");
  const mailbox = new RegExp(`^${base}(\\+\\w+)?@example\\.test$`, "i");
  const copies = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").filter({ hasText: mailbox }) });
  await expect(copies).toHaveCount(3);
  await expect(copies.filter({ hasText: "Copy of your request for waste collection quotes" })).toHaveCount(2);
  await expect(
    copies.filter({ hasText: `Copy of your quote request to ${ENQ.quote.businessName}` }),
  ).toHaveCount(1);
  await expect(
    page.getByTestId("mail").filter({ hasText: `New Quote Request from ${names[3]}` }),
  ).toHaveCount(1);
});
