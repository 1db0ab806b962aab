/**
 * Password screens, following the links in real e-mails from the development mailbox: reset
 * request (same answer for unknown addresses), Set Your Password from a reset link and from an
 * invitation, every message of the set-password screen, e-mail confirmation, /check-email, and a
 * password change signing out the other sessions.
 */
import { expect, test } from "@playwright/test";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import {
  expectAccessible,
  expectToast,
  linkFromMailbox,
  mailCount,
  signIn,
  submitNewPassword,
} from "./support/auth-helpers";

const NOT_LOGGED_IN = "You must be logged in to set your password. Please check your email for a valid link.";

test("Reset Password: required e-mail, 'Send Reset Link', 'Back to login', accessible", async ({ page }) => {
  await page.goto("/request-reset");
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("main").getByText("Please enter your email address")).toBeVisible();
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a reset request for an unknown e-mail looks exactly like one for a known e-mail, and sends nothing", async ({
  page,
}) => {
  await page.goto("/request-reset");
  await page.getByLabel("Email").fill("auth-unknown-person@example.test");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(
    page.getByRole("main").getByText("If an account exists for auth-unknown-person@example.test"),
  ).toBeVisible();
  await page.waitForTimeout(2500); // the job runner has had time to act
  expect(await mailCount(page, "auth-unknown-person@example.test")).toBe(0);
});

test("reset journey: request, confirmation, redirect to /login after 5 s, e-mailed link, Set Your Password, sign in", async ({
  page,
  context,
}) => {
  await page.goto("/request-reset");
  await page.getByLabel("Email").fill(AUTH_USERS.reset);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(
    page.getByRole("main").getByText(`If an account exists for ${AUTH_USERS.reset}`),
  ).toBeVisible();
  const sentAt = Date.now();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  expect(Date.now() - sentAt).toBeGreaterThan(3500);

  const link = await linkFromMailbox(page, AUTH_USERS.reset, "Reset your password", "/auth/recovery");
  expect(link).toMatch(/\/auth\/recovery\?token=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  // The token leaves the address bar at once; the page knows the account.
  await expect(page).toHaveURL(/\/auth\/recovery$/);
  await expect(page.getByRole("heading", { name: "Set Your Password" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Account Verified")).toBeVisible();
  await expectAccessible(page);

  await submitNewPassword(page, "12345");
  await expect(page.getByRole("main").getByText("Password must be at least 6 characters long")).toBeVisible();
  await submitNewPassword(page, "new-secret-1", "new-secret-2");
  await expect(page.getByRole("main").getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password").fill("new-secret-1");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByRole("main").getByText("Your password has been set")).toBeVisible();
  const doneAt = Date.now();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  expect(Date.now() - doneAt).toBeGreaterThan(2000);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("main").getByText(NOT_LOGGED_IN)).toBeVisible();
  // Old password out, new password in.
  await signIn(page, AUTH_USERS.reset, AUTH_PASSWORD);
  await expect(
    page
      .getByRole("main")
      .getByText("Invalid email or password. Please check your credentials and try again."),
  ).toBeVisible();
  await signIn(page, AUTH_USERS.reset, "new-secret-1");
  await expect(page).toHaveURL(/\/company$/);
  // And the account got a "password changed" notice.
  await linkFromMailbox(page, AUTH_USERS.reset, "Your password was changed", "/login");
  void context;
});

for (const path of ["/auth/recovery", "/password-recovery", "/auth/invite"]) {
  test(`${path} without a valid link: the spec's message, 'Not Logged In' toast, disabled form, footer hint`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Set Your Password" })).toBeVisible();
    await expect(page.getByRole("main").getByText(NOT_LOGGED_IN)).toBeVisible();
    await expectToast(page, "Not Logged In");
    await expect(
      page.getByRole("main").getByText("Please check your email for a valid password reset link"),
    ).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Set Password" })).toBeDisabled();
    await page.goto(`${path}?token=${"A".repeat(43)}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("main").getByText(NOT_LOGGED_IN)).toBeVisible();
  });
}

test("a link submitted after it was used elsewhere: 'Password Set Failed'", async ({ browser }) => {
  // Two tabs of different browsers open the same (invitation) link; the second submit fails.
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pa = await a.newPage();
  const pb = await b.newPage();
  const link = await linkFromMailbox(pa, AUTH_USERS.invitee, "is approved", "/auth/invite");
  await pa.goto(link);
  await pb.goto(link);
  await expect(pa.getByRole("main").getByText("Account Verified")).toBeVisible();
  await expect(pb.getByRole("main").getByText("Account Verified")).toBeVisible();
  await submitNewPassword(pa, "invitee-pass");
  await expect(pa.getByRole("main").getByText("Your password has been set")).toBeVisible();
  await submitNewPassword(pb, "attacker-pass");
  await expect(pb.getByRole("alert").filter({ hasText: NOT_LOGGED_IN })).toBeVisible();
  await expectToast(pb, "Password Set Failed");
  // The invited person signs in with the password they chose; with no listing yet, /company says so.
  // The page takes them to /login after 3 seconds: wait for it (a navigation of our own would race it).
  await expect(pa).toHaveURL(/\/login$/, { timeout: 10_000 });
  await signIn(pa, AUTH_USERS.invitee, "invitee-pass");
  await expect(pa).toHaveURL(/\/company$/);
  await expect(pa.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  await expect(pa.getByRole("link", { name: "Register Business" })).toHaveAttribute("href", "/register");
  await a.close();
  await b.close();
});

test("e-mail confirmation: opening the link only asks (a mail scanner confirms nothing); its button confirms the address and sign-in works; it works once", async ({
  page,
}) => {
  await signIn(page, AUTH_USERS.unconfirmed);
  await expect(
    page
      .getByRole("main")
      .getByText("Please check your email and click the confirmation link before signing in."),
  ).toBeVisible();
  const link = await linkFromMailbox(
    page,
    AUTH_USERS.unconfirmed,
    "Confirm your email address",
    "/auth/confirm",
  );
  // Opening the link (as a mail scanner does) confirms nothing: the page asks, and the link still works.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    `Confirm that ${AUTH_USERS.unconfirmed} is your email address.`,
  );
  await expectAccessible(page);
  await signIn(page, AUTH_USERS.unconfirmed);
  await expect(
    page
      .getByRole("main")
      .getByText("Please check your email and click the confirmation link before signing in."),
  ).toBeVisible();
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Email confirmed");
  await signIn(page, AUTH_USERS.unconfirmed);
  await expect(page).toHaveURL(/\/company$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link expired or already used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
});

test("/check-email shows the e-mail it was given, or 'your email address', and 'Go to Login'", async ({
  page,
}) => {
  await page.goto("/check-email?email=auth-new%40example.test");
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expect(page.getByRole("main").getByText("auth-new@example.test")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/check-email");
  await expect(page.getByRole("main").getByText("your email address")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("/check-email reads the e-mail from navigation state", async ({ page }) => {
  await page.goto("/check-email");
  // A client-side navigation with state, as the claim wizard does it.
  await page.evaluate(() => {
    const w = window as unknown as {
      __reactRouterDataRouter?: { navigate: (to: string, o: unknown) => Promise<void> };
    };
    return w.__reactRouterDataRouter?.navigate("/check-email", {
      state: { email: "auth-state@example.test" },
    });
  });
  await expect(page.getByRole("main").getByText("auth-state@example.test")).toBeVisible();
});

test("changing the password signs out the user's other sessions", async ({ browser }) => {
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  const p1 = await phone.newPage();
  const p2 = await laptop.newPage();
  await signIn(p1, AUTH_USERS.changer);
  await signIn(p2, AUTH_USERS.changer);
  await expect(p1).toHaveURL(/\/company$/);
  await expect(p2).toHaveURL(/\/company$/);
  await p2.goto("/account/security");
  await p2.getByLabel("Current password").fill(AUTH_PASSWORD);
  await p2.getByLabel("New password", { exact: true }).fill("changed-pass-1");
  await p2.getByLabel("Confirm new password").fill("changed-pass-1");
  await p2.getByRole("button", { name: "Change password" }).click();
  await expectToast(p2, "Password changed");
  await p2.goto("/company");
  await expect(p2).toHaveURL(/\/company$/);
  await p1.goto("/company");
  await expect(p1).toHaveURL(/\/login\?redirectTo=%2Fcompany$/);
  await phone.close();
  await laptop.close();
});
