/**
 * Issue 14, item 16: signing in before confirming the e-mail sends a new confirmation link, which
 * voids the earlier ones: the message says so. Signing in again within ten minutes sends nothing,
 * and the message says to use the link already sent and when a new one can be had. The person
 * follows the links in the development mailbox.
 */
import { expect, test, type Page } from "@playwright/test";
import { EVID_PASSWORD, EVID_USERS } from "../fixtures/55-evidence-and-invitations";
import { expectAccessible, expectToast, linksFromMailbox, signIn } from "./support/auth-helpers";

const SPEC_TEXT = "Please check your email and click the confirmation link before signing in.";

/** Every confirmation link in the mailbox for `to`, newest first. */
const confirmationLinks = (page: Page, to: string) =>
  linksFromMailbox(page, to, "Confirm your email address", "/auth/confirm");

test("signing in before confirming: a new link (earlier ones stop working, and the page says so), then 'use the link we sent earlier' with when; the new link confirms", async ({
  page,
}) => {
  const email = EVID_USERS.unconfirmed;
  const [first] = await confirmationLinks(page, email);
  expect(first).toBeTruthy();

  await signIn(page, email, EVID_PASSWORD);
  const alert = page.getByRole("alert").filter({ hasText: SPEC_TEXT });
  await expect(alert).toHaveText(`${SPEC_TEXT} We've sent a new link; earlier links no longer work.`);
  await expectToast(page, "Login Failed");
  await expectAccessible(page);

  // Again at once: nothing new is sent; the page says which link to use and when to ask again.
  await signIn(page, email, EVID_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: SPEC_TEXT })).toHaveText(
    new RegExp(
      `^${SPEC_TEXT.replace(/\./g, "\\.")} Use the link we sent earlier\\. If you cannot find it, you can ask for a new one in (10|9) minutes by signing in again\\.$`,
    ),
  );

  await expect.poll(async () => (await confirmationLinks(page, email)).length, { timeout: 15_000 }).toBe(2);
  const [newest, older] = await confirmationLinks(page, email);
  expect(older).toBe(first);
  expect(newest).not.toBe(first);

  // The first link no longer works, as the page said; the new one does.
  await page.goto(first!);
  await expect(page.getByRole("heading", { name: "Link expired or already used" })).toBeVisible();
  await page.goto(newest!);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expectToast(page, "Email confirmed");
  await signIn(page, email, EVID_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await expectToast(page, "Login Successful");
});
