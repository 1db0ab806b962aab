/**
 * Sending a note to the customer and the customer's remote signature (issue 19, item 5; decision
 * 0712): the carrier wrote the note without the customer's signature, sends it from the note's
 * page, the customer opens the e-mailed link, draws and types a signature, and the note shows it.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect, test, type Page } from "@playwright/test";
import { SEND } from "../fixtures/44-customer-send";
import { expectAccessible, expectToast, linkFromMailbox, signInAs } from "./support/auth-helpers";
import { drawSignature } from "./support/waste-note-form";

const notePath = `/waste-note/${SEND.unsigned}`;
const outboxDir = path.resolve(`./data-e2e-${process.env.E2E_PORT ?? 3100}`, "outbox");

/** The .eml files the server wrote for `to` (no SMTP in the e2e run: DATA_DIR/outbox). */
async function mailsWrittenTo(to: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(outboxDir)) return [];
  const mails = await Promise.all(
    fs.readdirSync(outboxDir).map(async (f) => simpleParser(fs.readFileSync(path.join(outboxDir, f)))),
  );
  return mails.filter((m) => (m.to as { text: string } | undefined)?.text === to);
}

const customerCard = (page: Page) => page.getByTestId("customer-card");

test("the carrier sends an unsigned note; the customer signs it through the e-mailed link", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, SEND.owner.email);
  await page.goto(notePath);
  const card = customerCard(page);
  await expect(card.getByRole("heading", { name: "Customer" })).toBeVisible();
  await expect(card.getByText("Awaiting customer signature")).toHaveCount(0);

  // A mistyped address is refused with a clear message, and nothing is queued.
  await card.getByLabel("Customer's e-mail").fill("not-an-address@");
  // Past the browser's own check, as an old browser or a crafted request would be.
  await card.getByTestId("send-to-customer").evaluate((form) => form.setAttribute("novalidate", ""));
  await card.getByRole("button", { name: "Send to customer" }).click();
  await expectToast(page, "The note was not sent");
  await expectToast(page, "Enter a valid e-mail address, like name@example.com.");
  await expect(card.getByTestId("customer-email-status")).toHaveCount(0);

  await card.getByLabel("Customer's e-mail").fill(SEND.customer);
  await card.getByRole("button", { name: "Send to customer" }).click();
  await expectToast(page, "Sending the note to the customer");
  await expect(card.getByText("Awaiting customer signature")).toBeVisible();
  await expect(card.getByTestId("customer-email-status")).toContainText(SEND.customer);

  // "Sent" only once the message has gone out (after the PDF was made and attached).
  await expect(async () => {
    await page.reload();
    await expect(customerCard(page).getByTestId("customer-email-status")).toContainText(
      `Sent to ${SEND.customer}`,
      { timeout: 1000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(customerCard(page).getByRole("button", { name: "Send again" })).toBeVisible();

  // The e-mail carries the note's PDF.
  const [mail] = await mailsWrittenTo(SEND.customer);
  expect(mail?.subject).toBe(`Please sign your waste transfer note from ${SEND.owner.name}`);
  expect(mail!.attachments).toHaveLength(1);
  expect(mail!.attachments[0]!.contentType).toBe("application/pdf");
  expect(mail!.attachments[0]!.filename).toBe(`waste-transfer-note-${SEND.unsigned.slice(0, 8)}.pdf`);
  expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe("%PDF-");

  // The customer, on their own device, opens the link from the e-mail.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const link = await linkFromMailbox(customer, SEND.customer, /Please sign/, `${notePath}/sign?token=`);
  await customer.goto(link);
  await expect(
    customer.getByRole("heading", { level: 1, name: "Sign your waste transfer note" }),
  ).toBeVisible();
  await expect(customer.getByTestId("sign-summary")).toContainText(SEND.description);
  await expect(customer.getByTestId("sign-summary")).toContainText(SEND.owner.name);
  await expectAccessible(customer);
  await customer.getByRole("button", { name: "Sign the note" }).click();
  await expect(customer.getByText("Type your full name to sign the note")).toBeVisible();
  await customer.getByRole("group", { name: "Your signature" }).getByLabel("Full name").fill("Olive Orchard");
  await drawSignature(customer, "transferor");
  await expect(customer.getByText("Signature captured.")).toBeVisible();
  await customer.getByRole("button", { name: "Sign the note" }).click();
  await expect(customer).toHaveURL(new RegExp(`${notePath}$`));
  await expectToast(customer, "Thank you: the note is signed");
  await expect(customerCard(customer)).toContainText("Signed remotely by Olive Orchard on");
  await expect(customerCard(customer).getByRole("button")).toHaveCount(0);
  await expect(customer.getByRole("img", { name: "Drawn signature of Olive Orchard" })).toBeVisible();

  // The link works once.
  await customer.goto(link);
  await expect(
    customer.getByRole("heading", { level: 1, name: "This note has already been signed" }),
  ).toBeVisible();
  await customerContext.close();

  await page.reload();
  await expect(customerCard(page)).toContainText("Signed remotely by Olive Orchard on");
  await expect(customerCard(page).getByText("Awaiting customer signature")).toHaveCount(0);
});

test("a made-up or damaged link gets a clear page", async ({ page }) => {
  await page.goto(`${notePath}/sign?token=${"a".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "This signing link is not valid" })).toBeVisible();
  await page.goto(`${notePath}/sign`);
  await expect(page.getByRole("heading", { level: 1, name: "This signing link is not valid" })).toBeVisible();
});

test("another company's user sees no send form on the note", async ({ page }) => {
  await signInAs(page, SEND.stranger.email);
  await page.goto(notePath);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("send-to-customer")).toHaveCount(0);
  const response = await page.request.post(`/company/waste-notes/${SEND.unsigned}/send`, {
    form: { email: "intruder@example.test" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(404);
});
