/** The general quote lead form on the results page, its photo, the honeypot, and /admin/leads. */
import { expect, test, type Page } from "@playwright/test";
import { AUTH_USERS } from "../fixtures/20-accounts";
import { ENQ } from "../fixtures/60-enquiries";
import {
  expectAccessible,
  expectToast,
  formsReady,
  mailCount,
  openMail,
  signInAs,
  uniqueEmail,
} from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";
import { NOT_IMAGE, PHOTO } from "./support/files";

const RESULTS = `/search-results/${ENQ.town}`;

const leadForm = (page: Page) => page.locator("section[aria-labelledby=lead-heading]");
const COPY_SUBJECT = "Copy of your request for waste collection quotes";
const NEXT_STEPS =
  "Your request has come to our team, not to any carrier yet. We pass requests on to licensed carriers near LS1 4AP, and a carrier will contact you if they can help.";

async function fillLead(page: Page, name: string, extra: { photo?: string; email?: string } = {}) {
  const form = leadForm(page);
  await form.getByLabel("What needs collecting?").fill(`Fridge freezer and 4 bags for ${name}`);
  await form.getByLabel("Preferred time").selectOption("7:00");
  await form.getByLabel("Load size").selectOption({ label: "Small Van" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(extra.email ?? "lena@example.test");
  await form.getByLabel("Phone").fill("0113 496 0000");
  await form.getByLabel("Postcode").fill("ls1 4ap");
  if (extra.photo) await form.getByLabel("Photo of the waste").setInputFiles(extra.photo);
}

test("every validation message, the date and time choices, then 'Request sent!' with a photo, and the visitor's copy", async ({
  page,
}) => {
  const email = uniqueEmail("lena");
  await page.goto(RESULTS);
  await formsReady(page);
  const form = leadForm(page);
  await expect(form.getByRole("heading", { name: "Get free quotes" })).toBeVisible();
  await expectAccessible(page);
  await expect(form.getByLabel("Preferred date").locator("option")).toHaveCount(10);
  const times = form.getByLabel("Preferred time").locator("option");
  await expect(times).toHaveCount(16);
  await expect(times.first()).toHaveText("ASAP");
  await expect(times.nth(1)).toHaveText("7:00 - 8:00");
  await expect(times.nth(1)).toHaveAttribute("value", "7:00");
  await expect(times.last()).toHaveText("21:00 - 22:00");
  await expect(form.getByLabel("Load size").locator("option")).toHaveText([
    "Not sure",
    "Single Item",
    "Car Load",
    "Small Van",
    "Large Van",
  ]);

  await form.getByRole("button", { name: "Request Quotes" }).click();
  for (const message of [
    "Please describe what you need collected",
    "Please enter your name",
    "Please enter your email address",
    "Please enter your postcode",
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await fillLead(page, "Lena Lead", { email });
  await form.getByLabel("Email").fill("lena-at-example");
  await form.getByLabel("Postcode").fill("12345");
  await form.getByRole("button", { name: "Request Quotes" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Please enter a valid UK postcode, for example SW1A 1AA")).toBeVisible();

  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Postcode").fill("ls1 4ap");
  await form.getByLabel("Photo of the waste").setInputFiles(NOT_IMAGE);
  await form.getByRole("button", { name: "Request Quotes" }).click();
  await expect(form.getByText("Please upload a valid image file")).toBeVisible();

  await form.getByLabel("Photo of the waste").setInputFiles(PHOTO);
  await form.getByRole("button", { name: "Request Quotes" }).click();
  await expect(form.getByText("Request sent!")).toBeVisible();
  // What happens next, as it is: a copy went to the visitor; the request is with the team, no carrier has it yet.
  const sent = form.getByRole("status");
  await expect(sent).toContainText(`Thank you. We've sent a copy to ${email}.`);
  await expect(sent).toContainText(NEXT_STEPS);
  await expect(sent).not.toContainText("can now contact you");
  await page.screenshot({ path: "tmp/shots-enq/lead-sent.png" });
  await form.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: "tmp/shots-enquiries/lead-sent-1280.png" });
  await form.getByRole("button", { name: "Send another request" }).click();
  await expect(form.getByLabel("Name")).toHaveValue("");

  // The copy, as the visitor reads it: their details and request, the photo mentioned (not attached), no link but the site's own.
  const mail = await openMail(page, email, COPY_SUBJECT);
  for (const text of [
    "We have your request",
    "Hello Lena Lead,",
    NEXT_STEPS,
    "Name: Lena Lead",
    `Email: ${email}`,
    "Phone: 0113 496 0000",
    "Postcode: LS1 4AP",
    "Load size: Small Van",
    "Preferred time: 7:00 - 8:00",
    "Photo: One photo, kept with your request (not attached to this email)",
    "Fridge freezer and 4 bags for Lena Lead",
  ]) {
    await expect(mail.locator("pre")).toContainText(text);
  }
  await expect(mail.locator("pre")).toBeVisible();
  const links = await mail.locator("ul a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThan(0);
  for (const href of links) expect(href.startsWith(new URL("/", page.url()).origin)).toBe(true);
});

test("admin: the lead with its photo, search, details and delete; the photo is admins-only", async ({
  page,
  browser,
}) => {
  const name = `Lara Leadcheck ${Date.now()}`;
  const email = uniqueEmail("lara");
  await page.goto(RESULTS);
  await formsReady(page);
  await fillLead(page, name, { photo: PHOTO, email });
  await leadForm(page).getByRole("button", { name: "Request Quotes" }).click();
  await expect(leadForm(page).getByText("Request sent!")).toBeVisible();

  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: "Customer Leads" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Search leads").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("lead-row")).toHaveCount(1);
  for (const text of ["new", "Image attached", "Small Van", "7:00", "LS1 4AP", "0113 496 0000", email])
    await expect(row).toContainText(text);
  await page.screenshot({ path: "tmp/shots-enq/admin-leads.png", fullPage: true });

  await row.getByRole("button", { name: "View Image" }).click();
  const imageDialog = page.getByRole("dialog", { name: "Lead photo" });
  await expect
    .poll(() => imageDialog.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const photoUrl = new URL(
    (await imageDialog.getByRole("link", { name: "Open in New Tab" }).getAttribute("href"))!,
    page.url(),
  ).href;
  await imageDialog.getByRole("button", { name: "Close" }).last().click();

  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Lead Details" });
  for (const section of ["Contact Information", "Request Details", "Description"])
    await expect(details.getByRole("heading", { name: section, exact: true })).toBeVisible();
  await expect(details).toContainText(`Fridge freezer and 4 bags for ${name}`);
  await expectAccessible(page);
  await details.getByRole("button", { name: "Close" }).last().click();

  // Not for anyone else: signed out goes to sign-in; a company user gets 404.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(photoUrl);
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await signInAs(otherPage, ENQ.users.provider);
  expect((await otherPage.request.get(photoUrl)).status()).toBe(404);
  await other.close();

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await expect(confirm).toContainText("Delete this lead? This cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Lead deleted");
  await expect(page.getByText(`No leads match "${name}"`)).toBeVisible();
  expect((await page.request.get(photoUrl)).status()).toBe(404);
});

test("below the results the form takes the invitation's place as the visitor scrolls to it; the first view loads none of its code", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const chunks: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/lead-form-[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto(RESULTS);
  await expect(page.getByRole("link", { name: "View Profile" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The first screen is the results: the form below them has not cost the visitor anything yet.
  expect(chunks).toHaveLength(0);
  const section = leadForm(page);
  await expect(section.getByRole("heading", { name: "Get free quotes" })).toBeAttached();
  await expect(section.getByRole("link", { name: "Request Quotes" })).toHaveAttribute(
    "href",
    `/enquiries/lead?location=${ENQ.town}`,
  );

  await section.scrollIntoViewIfNeeded();
  await expect(section.getByLabel("What needs collecting?")).toBeVisible();
  expect(chunks).toHaveLength(1);
  await expect(section.getByRole("link", { name: "Request Quotes" })).toHaveCount(0);
  // The browser's own checks run: the messages show without leaving the results page.
  await section.getByLabel("Name").fill("Kim Early");
  await section.getByRole("button", { name: "Request Quotes" }).click();
  await expect(section.getByText("Please describe what you need collected")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${RESULTS}$`));
  await expect(section.getByLabel("Name")).toHaveValue("Kim Early");
});

test("the honeypot: 'Request sent!' shown, nothing stored, no copy sent or claimed", async ({ page }) => {
  const email = uniqueEmail("harry");
  await page.goto(RESULTS);
  await formsReady(page);
  await fillLead(page, "Harry Honeypot", { email });
  await leadForm(page).locator("input[name=phone2]").fill("spam", { force: true });
  await leadForm(page).getByRole("button", { name: "Request Quotes" }).click();
  await expect(leadForm(page).getByText("Request sent!")).toBeVisible();
  await expect(leadForm(page).getByRole("status")).not.toContainText("copy");
  expect(await mailCount(page, email)).toBe(0);
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/leads?q=Harry%20Honeypot");
  await expect(page.getByText('No leads match "Harry Honeypot"')).toBeVisible();
});

test("works without JavaScript, and on a phone", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(RESULTS);
  await page.screenshot({ path: "tmp/shots-enq/lead-375.png", fullPage: true });
  await expectNoSideScroll(page);
  // Below the results the page invites to the form's own page (decision 0225).
  await leadForm(page).getByRole("link", { name: "Request Quotes" }).click();
  await expect(page).toHaveURL(`/enquiries/lead?location=${ENQ.town}`);
  await expectNoSideScroll(page);
  const email = uniqueEmail("nina");
  await fillLead(page, "Nina NoScript", { email });
  await leadForm(page).getByLabel("Postcode").fill("");
  await leadForm(page).getByRole("button", { name: "Request Quotes" }).click();
  await expect(page).toHaveURL(/\/enquiries\/lead$/);
  await expect(page.getByText("Please enter your postcode")).toBeVisible();
  await expect(leadForm(page).getByLabel("Name")).toHaveValue("Nina NoScript");
  await leadForm(page).getByLabel("Postcode").fill("M1 1AE");
  await leadForm(page).getByRole("button", { name: "Request Quotes" }).click();
  await expect(page.getByText("Request sent!")).toBeVisible();
  await expect(leadForm(page).getByRole("status")).toContainText(`Thank you. We've sent a copy to ${email}.`);
  await expect(leadForm(page).getByRole("status")).toContainText("licensed carriers near M1 1AE");
  await leadForm(page).screenshot({ path: "tmp/shots-enquiries/lead-sent-375-nojs.png" });
  await context.close();
});

test("the stand-alone lead page (the no-JavaScript fallback) is accessible", async ({ page }) => {
  await page.goto("/enquiries/lead");
  await expect(page.getByRole("heading", { name: "Request free quotes" })).toBeVisible();
  await expectAccessible(page);
});

test("admin leads: 25 a page, newest first; Older, Newer and Back to newest keep the search", async ({
  page,
}) => {
  const { name, count } = ENQ.pagingLeads;
  const label = (i: number) => `${name} ${String(i).padStart(2, "0")}`;
  await signInAs(page, AUTH_USERS.admin);
  await page.goto("/admin/leads");
  await page.getByLabel("Search leads").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const rows = page.getByTestId("lead-row");
  const pages = page.getByRole("navigation", { name: "Pages" });
  // Unsearched, the newest 25 leads can be these very ones (no spec has sent one yet): wait until
  // the pager keeps the search, so Older is not pressed on the list from before the search.
  await expect(pages.getByRole("link", { name: "Older" })).toHaveAttribute(
    "href",
    new RegExp(`[?&]q=${name.replaceAll(" ", "\\+")}&`),
  );
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(label(count));
  await expect(rows.last()).toContainText(label(count - 24));
  await expect(pages.getByRole("link", { name: "Newer" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Older" }).click();
  await expect(rows).toHaveCount(count - 25);
  await expect(rows.first()).toContainText(label(count - 25));
  await expect(rows.last()).toContainText(label(1));
  await expect(pages.getByRole("link", { name: "Older" })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("q")).toBe(name);
  await expectAccessible(page);

  await pages.getByRole("link", { name: "Newer" }).click();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(label(count));
  await pages.getByRole("link", { name: "Older" }).click();
  await expect(rows).toHaveCount(count - 25);
  await pages.getByRole("link", { name: "Back to newest" }).click();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(label(count));
});
