/** The provider quote form on a claimed premium profile, the provider's e-mail, photo access, admin quote requests. */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { ENQ } from "../fixtures/60-enquiries";
import {
  expectAccessible,
  expectToast,
  formsReady,
  linkFromMailbox,
  mailCount,
  openMail,
  signInAs,
  uniqueEmail,
} from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";
import { NOT_IMAGE, PHOTO } from "./support/files";

const quoteForm = (page: Page) => page.locator("form[aria-labelledby=quote-heading]");
/** The form's sent state (it replaces the form). */
const quoteSent = (page: Page) =>
  page.locator("main").getByRole("status").filter({ hasText: "Quote request submitted" }).first();

async function openProfile(page: Page, reg: string) {
  await page.goto(`/provider/${reg}`);
  await formsReady(page);
  await expect(page.getByRole("heading", { name: "Request a Quote" })).toBeVisible();
}

test("every validation message, then a request with a photo reaches the provider by e-mail, and the visitor gets a copy", async ({
  page,
  browser,
}) => {
  // Two journeys in one (the visitor's and the provider's) and two mailbox reads.
  test.slow();
  const email = uniqueEmail("quinn");
  await openProfile(page, ENQ.quote.registrationNumber);
  await expectAccessible(page);
  const form = quoteForm(page);
  // The Request a Quote button leads to the form.
  await page.getByRole("link", { name: "Request a Quote" }).click();
  await expect(page).toHaveURL(/#quote$/);

  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(form.getByText("Please fill in all required fields")).toHaveCount(3);
  await expectToast(page, "Missing information");

  await form.getByLabel("Name").fill("Quinn <Quoter>");
  await form.getByLabel("Email").fill("quinn-at-example");
  await form.getByLabel("Message").fill("Garden clearance: 6 bags & an old shed.");
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Postcode").fill("NOT A PC");
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(form.getByText("Please enter a valid UK postcode, for example SW1A 1AA")).toBeVisible();

  // A renamed non-image is refused by its content.
  await form.getByLabel("Postcode").fill("m1 1ae");
  await form.getByLabel("Photo").setInputFiles(NOT_IMAGE);
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Invalid file");
  await expect(form.getByText("Please upload an image file")).toBeVisible();

  // The service select lists the provider's services.
  await expect(form.getByLabel("Service type").locator("option")).toHaveText([
    "Select a service",
    ...ENQ.quote.services,
  ]);
  await form.getByLabel("Service type").selectOption("Shed Removal");
  await form.getByLabel("Phone").fill("07700 900123");
  await form.getByLabel("Photo").setInputFiles(PHOTO);
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");
  // Said because both e-mails were queued: the request to the business, the copy to the visitor.
  const sent = quoteSent(page);
  await expect(sent).toContainText(`We've sent your request to ${ENQ.quote.businessName}.`);
  await expect(sent).toContainText(`We've sent a copy to ${email}.`);
  await expect(sent).toContainText("If they can help, they will reply to you directly.");
  await expect(sent).not.toContainText("will contact you soon");
  await page.screenshot({ path: "tmp/shots-enq/quote-sent.png", fullPage: false });
  await sent.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: "tmp/shots-enquiries/quote-sent-1280.png" });

  // 'Send Another Request' brings back an empty form.
  await page.getByRole("button", { name: "Send Another Request" }).click();
  await expect(quoteForm(page).getByLabel("Name")).toHaveValue("");

  // The provider's e-mail arrives with the customer's details and the photo link.
  const photoLink = await linkFromMailbox(
    page,
    ENQ.users.provider,
    "New Quote Request from Quinn <Quoter>",
    "/enquiries/photo/quote/",
  );
  const mail = page.getByTestId("mail").filter({ hasText: "New Quote Request from Quinn <Quoter>" }).first();
  await expect(mail).toContainText(email);
  await expect(mail).toContainText("07700 900123");
  await expect(mail).toContainText("M1 1AE");
  await expect(mail).toContainText("Shed Removal");
  await expect(mail).toContainText("Garden clearance: 6 bags & an old shed.");

  // The visitor's copy: what they sent, to whom, the photo mentioned but not attached.
  const copy = await openMail(page, email, `Copy of your quote request to ${ENQ.quote.businessName}`);
  for (const text of [
    "Hello Quinn <Quoter>,",
    `We have sent your quote request to ${ENQ.quote.businessName}. This is a copy for your records.`,
    `Email: ${email}`,
    "Phone: 07700 900123",
    "Postcode: M1 1AE",
    "Service: Shed Removal",
    "Photo: One photo, kept with your request (not attached to this email)",
    "Garden clearance: 6 bags & an old shed.",
  ]) {
    await expect(copy.locator("pre")).toContainText(text);
  }
  await expect(copy.locator("ul a")).not.toHaveText([/\/enquiries\/photo\//]);

  // The photo: signed out -> sign in; another company user -> 404; the provider -> the image.
  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  const anonResponse = await anonPage.goto(photoLink);
  await expect(anonPage).toHaveURL(/\/login\?redirectTo=/);
  expect(anonResponse?.headers()["content-type"] ?? "").not.toContain("image/");
  await signInAs(anonPage, ENQ.users.other);
  expect((await anonPage.request.get(photoLink)).status()).toBe(404);
  await anon.close();

  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInAs(ownerPage, ENQ.users.provider);
  const res = await ownerPage.request.get(photoLink);
  expect(res.status()).toBe(200);
  // Visitor photos are stored re-encoded as JPEG (decision 0005).
  expect(res.headers()["content-type"]).toBe("image/jpeg");
  expect(res.headers()["cache-control"]).toContain("no-store");
  await owner.close();
});

test("the honeypot phone2: the visitor sees success, nothing is stored or sent", async ({ page }) => {
  await openProfile(page, ENQ.quote.registrationNumber);
  const form = quoteForm(page);
  const email = uniqueEmail("bot");
  await form.getByLabel("Name").fill("Honey Pot Bot");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("Cheap pills");
  await form.locator("input[name=phone2]").fill("0800 000 000", { force: true });
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");
  await expect(quoteSent(page)).not.toContainText("sent your request");
  await expect(quoteSent(page)).not.toContainText("copy");
  expect(await mailCount(page, email)).toBe(0);
  await page.goto("/dev/mailbox");
  await expect(page.getByTestId("mail").filter({ hasText: "Honey Pot Bot" })).toHaveCount(0);
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/quote-requests?q=Honey%20Pot%20Bot");
  await expect(page.getByText('No quote requests match "Honey Pot Bot"')).toBeVisible();
});

test("a listing without an e-mail takes no quote requests: no form, and a form sent anyway is refused and not stored", async ({
  page,
}) => {
  const reg = ENQ.noContact.registrationNumber;
  // The quote page (also the no-JavaScript fallback) says why instead of offering a form nobody would receive.
  await page.goto(`/enquiries/quote/${reg}`);
  await expect(
    page.getByRole("heading", { name: `Request a quote from ${ENQ.noContact.businessName}` }),
  ).toBeVisible();
  await expect(page.getByText("Configuration error: Provider contact information is missing")).toBeVisible();
  await expect(
    page.getByText(
      `${ENQ.noContact.businessName} cannot receive quote requests through this site at the moment`,
    ),
  ).toBeVisible();
  await expect(quoteForm(page)).toHaveCount(0);
  await expectAccessible(page);

  // A form loaded before the e-mail was removed (or a script) is refused: 409, the spec's message, nothing stored.
  const name = `Nora Nocontact ${Date.now()}`;
  const response = await page.request.post(`/enquiries/quote/${reg}`, {
    multipart: {
      name,
      email: uniqueEmail("nora"),
      message: "Please quote",
      photo: { name: "skip.png", mimeType: "image/png", buffer: fs.readFileSync(PHOTO) },
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("Provider contact information is missing");
  await signInAs(page, AUTH_USERS.admin);
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(`No quote requests match "${name}"`)).toBeVisible();
});

test("a business with e-mail notifications off: the visitor is told it was saved but not sent to them", async ({
  page,
}) => {
  const email = uniqueEmail("quentin");
  await openProfile(page, ENQ.quiet.registrationNumber);
  const form = quoteForm(page);
  await form.getByLabel("Name").fill("Quentin Quiet");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("A shed to take down and remove");
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");
  const sent = quoteSent(page);
  await expect(sent).toContainText(
    `We've saved your request, but ${ENQ.quiet.businessName} has turned off e-mail notifications, so it has not been sent to them.`,
  );
  await expect(sent).toContainText("To reach them, use the contact details on their profile.");
  await expect(sent).not.toContainText("We've sent your request");
  const copy = await openMail(page, email, `Copy of your quote request to ${ENQ.quiet.businessName}`);
  await expect(copy.locator("pre")).toContainText(
    `${ENQ.quiet.businessName} has turned off e-mail notifications, so your request has not been sent to them.`,
  );
  expect(await mailCount(page, ENQ.users.quietOwner)).toBe(0);
});

test("admin: search, view details and image, delete a quote request", async ({ page }) => {
  await openProfile(page, ENQ.quote.registrationNumber);
  const form = quoteForm(page);
  const name = `Adam Admin-Check ${Date.now()}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(uniqueEmail("adam"));
  await form.getByLabel("Postcode").fill("LS1 4AP");
  await form.getByLabel("Message").fill("Builder's rubble, about a tonne");
  await form.getByLabel("Photo").setInputFiles(PHOTO);
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");

  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/quote-requests");
  await expect(page.getByRole("heading", { name: "Provider Quote Requests" })).toBeVisible();
  await expect(page.getByPlaceholder("Search by name, email, postcode, provider, message...")).toBeVisible();
  await expectAccessible(page);
  await page.getByPlaceholder("Search by name, email, postcode, provider, message...").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("quote-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("quote-row")).toHaveCount(1);
  await expect(row).toContainText("pending");
  await expect(row).toContainText("Image attached");
  await expect(row).toContainText(ENQ.quote.registrationNumber);
  await expect(row).toContainText("LS1 4AP");
  await page.screenshot({ path: "tmp/shots-enq/admin-quotes.png", fullPage: true });

  await row.getByRole("button", { name: "View Image" }).click();
  const imageDialog = page.getByRole("dialog", { name: "Quote request photo" });
  await expect(imageDialog.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect
    .poll(() => imageDialog.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await imageDialog.getByRole("button", { name: "Close" }).last().click();
  await expect(imageDialog).toBeHidden();

  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Quote Request Details" });
  for (const section of ["Contact Information", "Request Details", "Message"])
    await expect(details.getByRole("heading", { name: section, exact: true })).toBeVisible();
  await expect(details).toContainText("Builder's rubble, about a tonne");
  await expect(details).toContainText(`Provider ${ENQ.quote.registrationNumber}`);
  await expectAccessible(page);
  await details.getByRole("button", { name: "Close" }).last().click();

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await expect(confirm).toContainText("Delete this quote request? This cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Quote request deleted");
  await expect(page.getByTestId("quote-row").filter({ hasText: name })).toHaveCount(0);
});

test("the profile's quote form and reviews at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openProfile(page, ENQ.quote.registrationNumber);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/shots-enq/quote-375.png", fullPage: true });
  await expectNoSideScroll(page);
  await expectAccessible(page);
});

test("works without JavaScript: errors on the result page keep what was typed, then the request is sent", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  const form = quoteForm(page);
  await form.getByLabel("Name").fill("Noel NoScript");
  await form.getByLabel("Email").fill("noel-at-example");
  await form.getByLabel("Message").fill("Two sofas to collect, no JavaScript here.");
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page).toHaveURL(new RegExp(`/enquiries/quote/${ENQ.quote.registrationNumber}$`));
  await expect(quoteForm(page).getByText("Please enter a valid email address")).toBeVisible();
  await expect(quoteForm(page).getByLabel("Name")).toHaveValue("Noel NoScript");
  const email = uniqueEmail("noel");
  await quoteForm(page).getByLabel("Email").fill(email);
  await quoteForm(page).getByRole("button", { name: "Send Quote Request" }).click();
  await expect(quoteSent(page)).toContainText(`We've sent your request to ${ENQ.quote.businessName}.`);
  await expect(quoteSent(page)).toContainText(`We've sent a copy to ${email}.`);
  await context.close();
  // It reached the provider like any other request.
  const mailbox = await (await browser.newContext()).newPage();
  await mailbox.goto("/dev/mailbox");
  await expect(
    mailbox.getByTestId("mail").filter({ hasText: "New Quote Request from Noel NoScript" }),
  ).toHaveCount(1);
  await mailbox.context().close();
});
