/**
 * Issue 14 in Chromium, "only a licensed, approved carrier writes notes under its number":
 * a pending claimant and a suspended listing see why instead of the form and are refused by the
 * server; a suspended listing's dashboard shows its details without their forms (decision 0256);
 * the dashboard shows the registration's real state (valid, expiring in 30 days, expired,
 * removed, lower tier) and an expired or removed registration cannot issue notes; two tabs race
 * for the last note of the month; a signed-in carrier is kept off the public generator; the plan,
 * the upgrade request and the admin's plan change (tests/fixtures/72-company-rules.ts).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { RENEW_URL } from "../../app/modules/waste-notes/note-rules";
import { formatDate } from "../../app/platform/dates";
import { VALID_FIELDS } from "../../app/modules/waste-notes/test-support/valid-form";
import { CR, CR_NOTES, CR_PASSWORD, CR_SPARE, crDates } from "../fixtures/72-company-rules";
import { expectAccessible, expectToast, signIn, signInAsAdmin } from "./support/auth-helpers";
import { fillWasteNote, QUILLBURY_LOAD } from "./support/waste-note-form";

const SHOTS = "tmp/shots-notes";
const PENDING_MESSAGE = "Your claim is awaiting approval: you can write waste notes once it is approved";
const COMPANY_AREA_MESSAGE = "You are signed in as a carrier: write your waste notes from your company area";

async function signInAs(page: Page, email: string) {
  await signIn(page, email, CR_PASSWORD);
  await expect(page).toHaveURL(/\/company$/);
}

/** Both widths, full page. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} fits 375px`,
  ).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A complete note as a hostile client would POST it straight to the server (no form, no button). */
function notePost(extra: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(VALID_FIELDS)) fields[k] = Array.isArray(v) ? v[0] : v;
  return { multipart: { ...fields, ...extra } };
}

/**
 * A signed-in company user's POST to the public generator makes no note: the browser's own
 * (JavaScript) submission gets 403 and the reason; a plain form POST is sent to the company form.
 */
async function expectPublicPostRefused(page: Page, reg: string) {
  const fetchPost = await page.request.post("/wastenotegeneration.data", notePost({ carrierLicense: reg }));
  expect(fetchPost.status()).toBe(403);
  expect(await fetchPost.text()).toContain(COMPANY_AREA_MESSAGE);
  const formPost = await page.request.post("/wastenotegeneration", {
    ...notePost({ carrierLicense: reg }),
    maxRedirects: 0,
  });
  expect(formPost.status()).toBe(302);
  expect(formPost.headers()["location"]).toBe("/company/waste-note");
}

async function totalNotes(page: Page) {
  await page.goto("/company/waste-notes");
  return page.getByRole("region", { name: "Counters" });
}

async function fillNote(page: Page, description: string) {
  await fillWasteNote(page, { ...QUILLBURY_LOAD, description });
}

test("a claimant whose claim is pending sees why instead of the form; the server refuses a direct POST and stores nothing", async ({
  page,
}) => {
  await signInAs(page, CR.pending.email);
  await expect(page.getByTestId("account-status")).toHaveText("Pending approval");
  await page.getByRole("link", { name: "Generate Waste Note" }).first().click();
  await expect(page).toHaveURL(/\/company\/waste-note$/);
  const notice = page.getByTestId("note-refusal");
  await expect(notice.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();
  await expect(notice).toContainText(PENDING_MESSAGE);
  await expect(page.getByRole("button", { name: "Generate Waste Note" })).toHaveCount(0);
  await expect(page.getByLabel("Description of the waste")).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, "pending-owner-notice");

  const response = await page.request.post("/company/waste-note", notePost());
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain(PENDING_MESSAGE);
  // Nor through the public generator: a signed-in company user is sent to the company form.
  await page.goto("/wastenotegeneration");
  await expect(page).toHaveURL(/\/company\/waste-note$/);
  await expect(page.getByTestId("note-refusal")).toContainText(PENDING_MESSAGE);
  await expectPublicPostRefused(page, CR.pending.reg);
  await expect(await totalNotes(page)).toContainText("Total Notes0");
});

test("a suspended listing sees why and cannot write notes", async ({ page }) => {
  await signInAs(page, CR.suspended.email);
  await expect(page.getByTestId("account-status")).toHaveText("Suspended");
  await expect(page.getByText("Listing suspended").first()).toBeVisible();
  await page.goto("/company/waste-note");
  await expect(page.getByTestId("note-refusal")).toContainText(
    "Your listing is suspended: you cannot write waste notes while it is suspended.",
  );
  await expect(page.getByTestId("note-refusal").getByRole("link", { name: "Contact us" })).toHaveAttribute(
    "href",
    "/contact",
  );
  const response = await page.request.post("/company/waste-note", notePost());
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("Your listing is suspended");
  await expect(await totalNotes(page)).toContainText("Total Notes0");
});

test("a suspended listing's dashboard shows its details read-only with the notice, no edit form; a change posted anyway is refused", async ({
  page,
}) => {
  await signInAs(page, CR.suspended.email);
  const card = page.getByTestId("listing-read-only");
  await expect(card.getByText("Your listing is suspended", { exact: true })).toBeVisible();
  // The header names its state: suspended, not "Verified Listing".
  const state = page
    .getByRole("heading", { name: "Company Dashboard" })
    .locator("xpath=following-sibling::p[1]");
  await expect(state.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(page.getByText("Verified Listing", { exact: true })).toHaveCount(0);
  await expect(card).toContainText(
    "You can read your listing details but not change them while your listing is suspended.",
  );
  await expect(card).toContainText(CR.suspended.name);
  await expect(card).toContainText("Quillon sorting");
  // Neither the details form nor the logo's forms: no field, no button, no intent to post.
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Upload Logo|Change Logo|Remove Logo/ })).toHaveCount(0);
  await expect(page.getByLabel("Business Name")).toHaveCount(0);
  await expect(page.getByLabel("Description")).toHaveCount(0);
  await expect(page.locator('input[name="intent"][value="details"]')).toHaveCount(0);
  await expect(page.locator('input[name="intent"][value="upload-logo"]')).toHaveCount(0);
  await expect(page.locator('input[name="intent"][value="remove-logo"]')).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, "suspended-owner-dashboard");

  // A page loaded before the suspension still posts the form: refused, nothing changed.
  const response = await page.request.post("/company", {
    form: {
      intent: "details",
      businessName: "Renamed While Suspended Ltd",
      about: "",
      phone: "",
      email: "",
      servicesText: "Asbestos removal",
    },
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain(
    "Your listing is suspended: its details, services and logo cannot be changed",
  );
  await page.reload();
  await expect(page.getByTestId("listing-read-only")).toContainText(CR.suspended.name);
  await expect(page.getByTestId("listing-read-only")).not.toContainText("Renamed While Suspended Ltd");
});

test("dashboard: the registration's real state, valid and expiring (a warning with the renewal link)", async ({
  page,
}) => {
  const dates = crDates();
  await signInAs(page, CR.generator.email);
  await expect(page.getByTestId("registration-state")).toHaveText(`Valid until ${formatDate(dates.valid)}`);
  await expect(page.getByTestId("account-status")).toHaveText("Active");
  await expect(page.getByTestId("registration-alert")).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, "dashboard-valid");

  await page.context().clearCookies();
  await signInAs(page, CR.expiring.email);
  const state = page.getByTestId("registration-state");
  // 30 days away, counted in UK days (one less just after UK midnight before the fixture's day).
  await expect(state).toContainText(/^Expires in (29|30) days/);
  await expect(state).toContainText(`Valid until ${formatDate(dates.expiring)}`);
  await expect(page.getByTestId("account-status")).toHaveText("Active");
  const alert = page.getByTestId("registration-alert");
  await expect(alert).toContainText(`Registration ${CR.expiring.reg}: Expires in`);
  await expect(alert.getByRole("link", { name: /Renew with the Environment Agency/ })).toHaveAttribute(
    "href",
    RENEW_URL,
  );
  await expectAccessible(page);
  await shots(page, "dashboard-expiring");
  // Expiring is still in force: the form is there.
  await page.goto("/company/waste-note");
  await expect(page.getByLabel("Description of the waste")).toBeVisible();
});

test("an expired or removed registration: the dashboard says so, no notes can be issued (the server refuses too), with the way to renew", async ({
  page,
}) => {
  const dates = crDates();
  await signInAs(page, CR.expired.email);
  await expect(page.getByTestId("registration-state")).toHaveText(
    `Expired since ${formatDate(dates.expired)}`,
  );
  await expect(page.getByTestId("account-status")).toHaveText("Registration expired");
  await expect(page.getByTestId("registration-alert")).toContainText(
    "You cannot issue new waste notes under an expired registration.",
  );
  await expect(page.getByTestId("plan-card").getByRole("link", { name: "Generate Waste Note" })).toHaveCount(
    0,
  );
  await expectAccessible(page);
  await shots(page, "dashboard-expired");

  await page.goto("/company/waste-note");
  const notice = page.getByTestId("note-refusal");
  await expect(notice.getByRole("heading", { name: "Registration expired" })).toBeVisible();
  await expect(notice).toContainText(
    `Your registration ${CR.expired.reg} expired on ${formatDate(dates.expired)}: you cannot issue new waste notes`,
  );
  await expect(notice.getByRole("link", { name: /Renew with the Environment Agency/ })).toHaveAttribute(
    "href",
    RENEW_URL,
  );
  await expect(page.getByLabel("Description of the waste")).toHaveCount(0);
  await expectAccessible(page);
  const response = await page.request.post("/company/waste-note", notePost());
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain(`Your registration ${CR.expired.reg} expired on`);
  await expect(await totalNotes(page)).toContainText("Total Notes0");

  await page.context().clearCookies();
  await signInAs(page, CR.removed.email);
  await expect(page.getByTestId("registration-state")).toContainText("Removed from the public register");
  await expect(page.getByTestId("account-status")).toHaveText("Registration not on the public register");
  await page.goto("/company/waste-note");
  await expect(page.getByTestId("note-refusal")).toContainText(
    `Your registration ${CR.removed.reg} is no longer on the Environment Agency public register`,
  );
  expect((await page.request.post("/company/waste-note", notePost())).status()).toBe(403);

  // Lower tier registrations never expire.
  await page.context().clearCookies();
  await signInAs(page, CR.lower.email);
  await expect(page.getByTestId("registration-state")).toHaveText("Valid (lower tier: does not expire)");
  await expect(page.getByTestId("account-status")).toHaveText("Active");
  await page.goto("/company/waste-note");
  await expect(page.getByLabel("Description of the waste")).toBeVisible();
});

test("the last note of the month: two tabs race, one note is made, the stale tab is refused with the way to Premium, the form then says so on load", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, CR.almost.email);
  const second = await page.context().newPage();
  await page.goto("/company/waste-note");
  await second.goto("/company/waste-note");
  for (const tab of [page, second])
    await expect(tab.getByTestId("plan-usage")).toContainText(`${CR_NOTES.almost} of 20 this month`);
  await fillNote(page, "Quillon race: the first tab");
  await fillNote(second, "Quillon race: the stale tab");
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  // The note view's Generate New leads a company user to the company form.
  await expect(page.getByRole("link", { name: "Generate New" })).toHaveAttribute(
    "href",
    "/company/waste-note",
  );

  await second.getByRole("button", { name: "Generate Waste Note" }).click();
  const notice = second.getByTestId("note-refusal");
  await expect(notice.getByRole("heading", { name: "Monthly limit reached" })).toBeVisible();
  await expect(notice).toContainText(
    "Your Standard plan includes 20 waste notes per calendar month and you have used them all.",
  );
  await expect(notice.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute(
    "href",
    "/company/upgrade",
  );
  await expect(second.getByTestId("plan-usage")).toContainText("20 of 20 this month");
  await expect(second).toHaveURL(/\/company\/waste-note$/);

  // On load, before anything is typed: the notice, not the form.
  await second.reload();
  await expect(
    second.getByTestId("note-refusal").getByRole("heading", { name: "Monthly limit reached" }),
  ).toBeVisible();
  await expect(second.getByLabel("Description of the waste")).toHaveCount(0);
  await expectAccessible(second);
  await shots(second, "at-limit-form");
  const counters = await totalNotes(second);
  await expect(counters).toContainText(`Total Notes${CR_NOTES.almost + 1}`);
  await expect(second.getByText("Quillon race: the stale tab")).toHaveCount(0);
});

test("a signed-in carrier is kept off the public generator: redirected to the company form, and a stale public page is refused", async ({
  page,
}) => {
  // A public page opened before signing in...
  await page.goto("/wastenotegeneration");
  await expect(page.getByRole("heading", { name: "Waste Transfer Note Generator" })).toBeVisible();
  // ...then the carrier signs in in another tab.
  const other = await page.context().newPage();
  await signIn(other, CR.generator.email, CR_PASSWORD);
  await expect(other).toHaveURL(/\/company$/);
  await other.goto("/wastenotegeneration");
  await expect(other).toHaveURL(/\/company\/waste-note$/);
  await expect(other.getByLabel("Carrier licence (registration number)")).toHaveValue(CR.generator.reg);

  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText(COMPANY_AREA_MESSAGE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Generate Waste Note in your company area" })).toHaveAttribute(
    "href",
    "/company/waste-note",
  );
  await expectPublicPostRefused(page, CR.generator.reg);
  await expect(await totalNotes(other)).toContainText("Total Notes0");
  // Generate New on any note's page points a company user to the company form.
  await other.goto("/waste-note/40e2e000-0000-4000-8000-000000000001");
  await expect(other.getByRole("link", { name: "Generate New" })).toHaveAttribute(
    "href",
    "/company/waste-note",
  );
});

async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin, CR.admin.email, CR_PASSWORD);
  return admin;
}

test("an account manages one listing: a carrier signed in is told so when it opens the claim wizard of a second business, and a submit posted anyway is refused; nothing is claimed", async ({
  page,
}) => {
  await signInAs(page, CR.generator.email);
  const message = `Your account already manages or has claimed another listing (${CR.generator.reg}); an account manages one listing.`;
  await page.goto(`/claim/${CR_SPARE.reg}`);
  await expect(page.getByRole("heading", { name: "Your account already has a listing" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(message);
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toHaveCount(0);
  await expectAccessible(page);

  // The last step posted straight to the server (a page opened before, a script) is refused too.
  const posted = await page.request.post(`/claim/${CR_SPARE.reg}`, {
    form: {
      intent: "submit",
      step: "3",
      contactName: "Gina Generator",
      contactPhone: "01632 960209",
      plan: "standard",
      period: "monthly",
    },
    headers: { Accept: "text/html" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(409);
  expect(await posted.text()).toContain(message.replace(/'/g, "&#x27;"));

  // The business is still unclaimed: its page offers the claim to its owner.
  await page.goto(`/provider/${CR_SPARE.reg}`);
  await expect(page.getByRole("link", { name: /Claim This Listing/ }).first()).toBeVisible();
});

test("plans: the dashboard shows plan, trial and notes used; the carrier asks for Premium; the admin sees the request and changes the plan, which closes it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const dates = crDates();
  await signInAs(page, CR.upgrade.email);
  const card = page.getByTestId("plan-card");
  await expect(card).toContainText("Standard, monthly");
  await expect(card).toContainText(`Free trial${"Until " + formatDate(dates.trialEnd)}`);
  await expect(card.getByTestId("notes-used")).toHaveText(`${CR_NOTES.upgrade} of 20 this month`);
  await expect(card.getByRole("progressbar", { name: "Waste notes used this month" })).toHaveAttribute(
    "aria-valuenow",
    String(CR_NOTES.upgrade),
  );
  await card.getByRole("link", { name: "Upgrade to Premium" }).click();

  await expect(page).toHaveURL(/\/company\/upgrade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade to Premium" })).toBeVisible();
  await expect(page.getByText(`free trial until ${formatDate(dates.trialEnd)}`)).toBeVisible();
  await expectAccessible(page);
  await shots(page, "upgrade-form");
  await page.getByLabel("Yearly").check();
  await page.getByLabel("Anything we should know? (optional)").fill("We write about 40 notes a month.");
  await page.getByRole("button", { name: "Request Premium" }).click();
  await expectToast(page, "Upgrade requested");
  const request = page.getByTestId("upgrade-request");
  await expect(request).toContainText(`You asked for Premium (yearly) on ${formatDate(new Date())}`);
  await expect(request.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(request).toContainText("We write about 40 notes a month.");
  await expect(page.getByRole("button", { name: "Request Premium" })).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, "upgrade-page");
  // One open request per listing: a second POST is refused.
  const again = await page.request.post("/company/upgrade", { form: { period: "monthly" } });
  expect(again.status()).toBe(409);
  await page.goto("/company");
  await expect(page.getByTestId("upgrade-requested")).toContainText(
    `Upgrade to Premium requested on ${formatDate(new Date())}`,
  );

  // The team is told.
  const mailbox = await (await browser.newContext()).newPage();
  await mailbox.goto("/dev/mailbox");
  await expect(
    mailbox.getByText(`Upgrade request: ${CR.upgrade.name} (${CR.upgrade.reg}) asks for Premium`).first(),
  ).toBeVisible();
  await mailbox.context().close();

  const admin = await adminPage(browser);
  await admin.goto("/admin/providers");
  const requests = admin.getByRole("region", { name: /Upgrade requests/ });
  const row = requests.getByTestId("upgrade-request-row").filter({ hasText: CR.upgrade.reg });
  await expect(row).toContainText("Premium, yearly");
  await expect(row).toContainText("We write about 40 notes a month.");
  await expect(
    admin.getByRole("row").filter({ hasText: CR.upgrade.reg }).getByText("Upgrade requested"),
  ).toBeVisible();
  await expectAccessible(admin);
  await shots(admin, "admin-providers-upgrade-request");

  await row.getByRole("link", { name: `Change plan of ${CR.upgrade.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Change plan: ${CR.upgrade.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("dialog-upgrade-request")).toContainText("Saving closes the request.");
  await expect(dialog.getByLabel("Subscription plan")).toHaveValue("premium");
  await expect(dialog.getByLabel("Subscription period")).toHaveValue("yearly");
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.screenshot({ path: `${SHOTS}/admin-plan-dialog-1280.png` });
  // The server checks the dates: a free trial needs an end date.
  await dialog.getByLabel("Free trial").check();
  await dialog.getByLabel("End date").fill("");
  await dialog.getByRole("button", { name: "Save plan" }).click();
  await expect(dialog.getByText("A free trial needs an end date")).toBeVisible();
  await dialog.getByLabel("Free trial").uncheck();
  await dialog.getByLabel("End date").fill("2027-12-31");
  await dialog.getByRole("button", { name: "Save plan" }).click();
  await expectToast(admin, "Plan updated");
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  await expect(admin.getByTestId("upgrade-request-row").filter({ hasText: CR.upgrade.reg })).toHaveCount(0);
  const listed = admin.getByRole("row").filter({ hasText: CR.upgrade.reg });
  await expect(listed.getByText("Premium", { exact: true }).first()).toBeVisible();
  await expect(listed).toContainText("Yearly");
  await expect(listed).toContainText("31 Dec 2027");
  await admin.context().close();

  // The carrier: Premium, unlimited notes, no open request; told by e-mail.
  await page.reload();
  await expect(card).toContainText("Premium, yearly");
  await expect(card.getByTestId("notes-used")).toHaveText(`${CR_NOTES.upgrade} this month (unlimited)`);
  await expect(page.getByTestId("upgrade-requested")).toHaveCount(0);
  await page.goto("/dev/mailbox");
  await expect(page.getByText(`Your plan for ${CR.upgrade.name} is now Premium`).first()).toBeVisible();
});
