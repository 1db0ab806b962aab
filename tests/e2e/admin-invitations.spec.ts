/**
 * Issue 14, item 14 (decision 0507), as an administrator and the people they add meet it:
 *  - an address with no account is e-mailed an invitation; Settings shows "Invited" with the
 *    link's expiry and a way to send it again (the old link then stops working); the person sets
 *    a password from the newest e-mail and lands in the admin area; the list then shows them as
 *    an account;
 *  - an invited address that uses "Forgot your password?" gets a reset link that works;
 *  - an address whose account is in use is told by e-mail that it is now an administrator;
 *  - the server refuses a resend for an account in use, and any of it from a non-administrator.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import { EVID_PASSWORD, EVID_USERS } from "../fixtures/55-evidence-and-invitations";
import {
  expectAccessible,
  expectToast,
  linkFromMailbox,
  linksFromMailbox,
  setPasswordFromLink,
  signIn,
  signInAsAdmin,
  mailboxOf,
} from "./support/auth-helpers";
import { shootAtPhoneWidth } from "./support/styles";

const SHOTS = "tmp/shots-claims";

const signInAdmin = (page: Page) => signInAsAdmin(page, EVID_USERS.admin, EVID_PASSWORD);

async function addAdmin(page: Page, email: string) {
  await page.goto("/admin/settings");
  await page.getByLabel("Add an administrator by e-mail").fill(email);
  await page.getByRole("button", { name: "Add administrator" }).click();
}

/** Every invitation link in the mailbox for `to`, newest first. */
const invitationLinks = (page: Page, to: string) =>
  linksFromMailbox(page, to, "invited to administer", "/auth/invite");

test("a new administrator is invited: 'Invited' in Settings with a resend, the newest link sets the password, they land in the admin area", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const invitee = "evid-new-admin@example.test";
  await signInAdmin(page);
  await addAdmin(page, invitee);
  await expectToast(page, "Administrator added");
  await expectToast(page, `We e-mailed ${invitee} an invitation to set a password.`);
  await expect(page.getByLabel("Add an administrator by e-mail")).toHaveValue("");
  const row = page
    .getByRole("list", { name: "Administrator e-mail addresses" })
    .getByTestId("admin-email")
    .filter({ hasText: invitee });
  await expect(row.getByText("Invited", { exact: true })).toBeVisible();
  await expect(row).toContainText(/Invitation sent .+, link works until \d{1,2} \w{3} \d{4}/);
  await expectAccessible(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-invited-1280.png`, fullPage: true });
  await shootAtPhoneWidth(page, `${SHOTS}/settings-invited-375.png`);

  // The first e-mail gets lost: send it again. The old link stops working.
  await expect.poll(async () => (await invitationLinks(page, invitee)).length, { timeout: 15_000 }).toBe(1);
  const [first] = await invitationLinks(page, invitee);
  await page.goto("/admin/settings");
  await row.getByRole("button", { name: `Resend invitation to ${invitee}` }).click();
  await expectToast(page, "Invitation sent again");
  await expect.poll(async () => (await invitationLinks(page, invitee)).length, { timeout: 15_000 }).toBe(2);
  const [newest] = await invitationLinks(page, invitee);
  expect(newest).not.toBe(first);

  const person = await (await browser.newContext()).newPage();
  await person.goto(first!);
  await expect(person.getByRole("button", { name: "Set Password" })).toBeDisabled();
  await setPasswordFromLink(person, newest!, "new-admin-pass-1");
  await signIn(person, invitee, "new-admin-pass-1");
  await expect(person).toHaveURL(/\/admin$/);
  await expect(person.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await person.context().close();

  // Settings no longer says "Invited", and offers no resend.
  await page.goto("/admin/settings");
  await expect(row.getByText("Invited", { exact: true })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /invitation/ })).toHaveCount(0);
});

test("an invited administrator who uses 'Forgot your password?' gets a reset link that works", async ({
  page,
  browser,
}) => {
  const invitee = "evid-forgetful-admin@example.test";
  await signInAdmin(page);
  await addAdmin(page, invitee);
  await expectToast(page, "Administrator added");

  const person = await (await browser.newContext()).newPage();
  await person.goto("/request-reset");
  await person.getByLabel("Email").fill(invitee);
  await person.getByRole("button", { name: "Send Reset Link" }).click();
  const reset = await linkFromMailbox(person, invitee, "Reset your password", "/auth/recovery");
  await setPasswordFromLink(person, reset, "forgetful-pass-1");
  await signIn(person, invitee, "forgetful-pass-1");
  await expect(person).toHaveURL(/\/admin$/);
  await person.context().close();
});

test("an address whose account is in use is told by e-mail that it is now an administrator, and signs in to the admin area", async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  await addAdmin(page, EVID_USERS.colleague);
  await expectToast(page, "Administrator added");
  await expectToast(
    page,
    `${EVID_USERS.colleague} already has an account: we e-mailed them that they are now an administrator.`,
  );
  const row = page
    .getByRole("list", { name: "Administrator e-mail addresses" })
    .getByTestId("admin-email")
    .filter({ hasText: EVID_USERS.colleague });
  await expect(row.getByText("Invited", { exact: true })).toHaveCount(0);

  const colleague = await (await browser.newContext()).newPage();
  const login = await linkFromMailbox(
    colleague,
    EVID_USERS.colleague,
    "You are now an administrator",
    "/login",
  );
  await expect(
    colleague
      .getByTestId("mail")
      .filter({ hasText: "You are now an administrator" })
      .locator('a[href*="/auth/invite"]'),
  ).toHaveCount(0);
  await colleague.goto(login);
  await colleague.getByLabel("Email").fill(EVID_USERS.colleague);
  await colleague.getByLabel("Password", { exact: true }).fill(EVID_PASSWORD);
  await colleague.getByRole("button", { name: "Sign In" }).click();
  await expect(colleague).toHaveURL(/\/admin$/);
  await colleague.context().close();

  // A resend for an account in use is refused by the server, with the reason.
  const res = await page.request.post("/admin/settings", {
    form: { intent: "resend-invite", email: EVID_USERS.colleague },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(`${EVID_USERS.colleague} has already set a password: they can sign in`);
});

test("a non-administrator cannot add, resend or open anything of it", async ({ page }) => {
  await signIn(page, AUTH_USERS.user, AUTH_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  for (const form of [
    { intent: "add-admin", email: "evid-intruder@example.test" },
    { intent: "resend-invite", email: EVID_USERS.admin },
  ]) {
    const res = await page.request.post("/admin/settings", { form, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/unauthorized");
  }
  await page.goto(mailboxOf("evid-intruder@example.test"));
  await expect(
    page
      .getByTestId("mail")
      .filter({ has: page.getByTestId("mail-to").getByText("evid-intruder@example.test", { exact: true }) }),
  ).toHaveCount(0);
});
