/** The contact page form: validation, 'Message sent', the e-mail to the contact address, /admin/messages. */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { expectAccessible, expectToast, signInAs, mailboxOf } from "./support/auth-helpers";

const CONTACT_ADDRESS = "support@wastecarrierdirectory.local";
const contactForm = (page: Page) => page.locator("section[aria-labelledby=contact-form-heading]");

test("validation, 'Message sent', the e-mail and the admin's inbox", async ({ page }) => {
  const subject = `Listing question ${Date.now()}`;
  await page.goto("/contact");
  const form = contactForm(page);
  await expectAccessible(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const m of [
    "Please enter your name",
    "Please enter your email address",
    "Please enter a subject",
    "Please enter your message",
  ])
    await expect(form.getByText(m)).toBeVisible();
  await form.getByLabel("Name").fill("Carla <Contact>");
  await form.getByLabel("Email").fill("carla@");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("How do I update my <b>phone</b> number?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await form.getByLabel("Email").fill("carla@example.test");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  // True to what happens: stored for the team and e-mailed to the contact address; a reply is an aim, in support hours.
  await expect(form.getByRole("status")).toContainText(
    "Thank you for getting in touch. Our support team has your message and aims to reply to carla@example.test within 24 hours, Monday to Friday.",
  );
  await page.screenshot({ path: "tmp/shots-enq/contact-sent.png" });

  await page.goto(mailboxOf(CONTACT_ADDRESS));
  const mail = page.getByTestId("mail").filter({ hasText: `Contact form: ${subject}` });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByTestId("mail-to")).toHaveText(CONTACT_ADDRESS);
  await expect(mail).toContainText("How do I update my <b>phone</b> number?");

  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();
  await page.getByLabel("Search messages").fill(subject);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("message-row").filter({ hasText: subject });
  await expect(row).toContainText("Carla <Contact>");
  await expect(row).toContainText("How do I update my <b>phone</b> number?");
  await expect(row).toContainText("New");
  await expectAccessible(page);
  await row.getByRole("button", { name: "Mark as read" }).click();
  await expectToast(page, "Marked as read");
  await expect(page.getByTestId("message-row").filter({ hasText: subject })).toContainText("Read");
});

test("the honeypot: 'Message sent' shown, nothing stored or e-mailed", async ({ page }) => {
  await page.goto("/contact");
  const form = contactForm(page);
  await form.getByLabel("Name").fill("Bot Contact");
  await form.getByLabel("Email").fill("bot@example.test");
  await form.getByLabel("Subject").fill("Honeypot contact subject");
  await form.getByLabel("Message").fill("Buy now");
  await form.locator("input[name=phone2]").fill("x", { force: true });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(form.getByRole("status")).not.toContainText("support team has your message");
  await page.goto("/dev/mailbox");
  await expect(page.getByTestId("mail").filter({ hasText: "Honeypot contact subject" })).toHaveCount(0);
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/messages?q=Honeypot%20contact");
  await expect(page.getByText('No messages match "Honeypot contact"')).toBeVisible();
});
