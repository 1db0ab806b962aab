/** The provider quote form on a claimed premium profile, the provider's e-mail, photo access, admin quote requests. */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { ENQ } from "../fixtures/60-enquiries";
import { expectAccessible, expectToast, formsReady, linkFromMailbox, signIn } from "./support/auth-helpers";

const PHOTO = path.resolve("tests/fixtures/files/skip-photo.png");
const NOT_IMAGE = path.resolve("tests/fixtures/files/not-an-image.png");

/** Signs in through the form and waits until the sign-in page has been left. */
async function signInAs(page: Page, email: string, path?: string) {
  await signIn(page, email, undefined, path);
  await expect(page).not.toHaveURL(/\/login/);
}

const quoteForm = (page: Page) => page.locator("form[aria-labelledby=quote-heading]");

async function openProfile(page: Page, reg: string) {
  await page.goto(`/provider/${reg}`);
  await formsReady(page);
  await expect(page.getByRole("heading", { name: "Request a Quote" })).toBeVisible();
}

test("every validation message, then a request with a photo reaches the provider by e-mail", async ({ page, browser }) => {
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

  await form.getByLabel("Email").fill("quinn@example.test");
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
  await expect(form.getByLabel("Service type").locator("option")).toHaveText(["Select a service", ...ENQ.quote.services]);
  await form.getByLabel("Service type").selectOption("Shed Removal");
  await form.getByLabel("Phone").fill("07700 900123");
  await form.getByLabel("Photo").setInputFiles(PHOTO);
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");
  await expect(page.getByText("The provider will contact you soon").first()).toBeVisible();
  await page.screenshot({ path: "tmp/shots-enq/quote-sent.png", fullPage: false });

  // 'Send Another Request' brings back an empty form.
  await page.getByRole("button", { name: "Send Another Request" }).click();
  await expect(quoteForm(page).getByLabel("Name")).toHaveValue("");

  // The provider's e-mail arrives with the customer's details and the photo link.
  const photoLink = await linkFromMailbox(page, ENQ.users.provider, "New Quote Request from Quinn <Quoter>", "/enquiries/photo/quote/");
  const mail = page.getByTestId("mail").filter({ hasText: "New Quote Request from Quinn <Quoter>" }).first();
  await expect(mail).toContainText("quinn@example.test");
  await expect(mail).toContainText("07700 900123");
  await expect(mail).toContainText("M1 1AE");
  await expect(mail).toContainText("Shed Removal");
  await expect(mail).toContainText("Garden clearance: 6 bags & an old shed.");

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
  expect(res.headers()["content-type"]).toBe("image/png");
  expect(res.headers()["cache-control"]).toContain("no-store");
  await owner.close();
});

test("the honeypot phone2: the visitor sees success, nothing is stored or sent", async ({ page }) => {
  await openProfile(page, ENQ.quote.registrationNumber);
  const form = quoteForm(page);
  await form.getByLabel("Name").fill("Honey Pot Bot");
  await form.getByLabel("Email").fill("bot@example.test");
  await form.getByLabel("Message").fill("Cheap pills");
  await form.locator("input[name=phone2]").fill("0800 000 000", { force: true });
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Quote request submitted");
  await page.goto("/dev/mailbox");
  await expect(page.getByTestId("mail").filter({ hasText: "Honey Pot Bot" })).toHaveCount(0);
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/quote-requests?q=Honey%20Pot%20Bot");
  await expect(page.getByText('No quote requests match "Honey Pot Bot"')).toBeVisible();
});

test("a provider without a contact e-mail gives the configuration error", async ({ page }) => {
  await openProfile(page, ENQ.noContact.registrationNumber);
  const form = quoteForm(page);
  await form.getByLabel("Name").fill("Nora Nocontact");
  await form.getByLabel("Email").fill("nora@example.test");
  await form.getByLabel("Message").fill("Please quote");
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expectToast(page, "Configuration error");
  await expect(form.getByText("Configuration error: Provider contact information is missing")).toBeVisible();
});

test("admin: search, view details and image, delete a quote request", async ({ page }) => {
  await openProfile(page, ENQ.quote.registrationNumber);
  const form = quoteForm(page);
  const name = `Adam Admin-Check ${Date.now()}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill("adam@example.test");
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
  await expect(imageDialog.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute("target", "_blank");
  await expect.poll(() => imageDialog.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await imageDialog.getByRole("button", { name: "Close" }).last().click();
  await expect(imageDialog).toBeHidden();

  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Quote Request Details" });
  for (const section of ["Contact Information", "Request Details", "Message"]) await expect(details.getByRole("heading", { name: section, exact: true })).toBeVisible();
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test("works without JavaScript: errors on the result page keep what was typed, then the request is sent", async ({ browser }) => {
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
  await quoteForm(page).getByLabel("Email").fill("noel@example.test");
  await quoteForm(page).getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page.getByText("The provider will contact you soon").first()).toBeVisible();
  await context.close();
  // It reached the provider like any other request.
  const mailbox = await (await browser.newContext()).newPage();
  await mailbox.goto("/dev/mailbox");
  await expect(mailbox.getByTestId("mail").filter({ hasText: "New Quote Request from Noel NoScript" })).toHaveCount(1);
  await mailbox.context().close();
});
