/** Helpers for the auth specs: sign in through the form, read the development mailbox, a11y. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { AUTH_PASSWORD } from "../../fixtures/20-accounts";

/** The development mailbox showing only the messages to `to` (others' mail cannot push them out). */
export const mailboxOf = (to: string) => `/dev/mailbox?to=${encodeURIComponent(to)}`;

export async function signIn(page: Page, email: string, password = AUTH_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the form (as signIn) and waits until the sign-in page has been left. */
export async function signInAs(page: Page, email: string, password = AUTH_PASSWORD, path = "/login") {
  await signIn(page, email, password, path);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs in through the form as an administrator, who lands on the admin dashboard. */
export async function signInAsAdmin(page: Page, email: string, password = AUTH_PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * The visitor forms load after the page, when the visitor scrolls towards them (decisions 0208
 * and 0224), and work as plain forms until then; a test of their JavaScript behaviour scrolls to
 * each, as a person would, and waits until every one on the page has loaded.
 */
export async function formsReady(page: Page) {
  await expect(page.locator("[data-deferred]").first()).toBeAttached();
  const places = page.locator("[data-deferred]");
  for (let i = 0; i < (await places.count()); i++) {
    // A form may take its placeholder's place while the page scrolls to it (decision 0225), and
    // the element being scrolled to is then gone: scroll to what the place holds now.
    await expect(async () => {
      await places.nth(i).locator("> :not([hidden])").first().scrollIntoViewIfNeeded({ timeout: 2_000 });
    }).toPass();
  }
  await expect(page.locator("[data-deferred]:not([data-deferred=ready])")).toHaveCount(0);
}

/** Fills Set Your Password (from an invitation or a reset link) and sends it. */
export async function submitNewPassword(page: Page, password: string, confirm = password) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(confirm);
  await page.getByRole("button", { name: "Set Password" }).click();
}

/**
 * Follows an invitation or reset link and sets the password; the page says it has been set, then
 * takes the person to /login itself after 3 seconds. That is waited for: a navigation of the
 * caller's own (signing in) would otherwise race it.
 */
export async function setPasswordFromLink(page: Page, link: string, password: string) {
  await page.goto(link);
  await submitNewPassword(page, password);
  await expect(page.getByRole("main").getByText("Your password has been set")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

export async function expectToast(page: Page, title: string | RegExp) {
  await expect(
    page.locator("li[role=status], [data-state=open]").filter({ hasText: title }).first(),
  ).toBeVisible();
}

/**
 * Opens the development mailbox as a person would, finds the newest message to `to` whose
 * subject matches, and returns the link in it that points at `pathname`.
 */
export async function linkFromMailbox(
  page: Page,
  to: string,
  subject: string | RegExp,
  pathname: string,
): Promise<string> {
  let href: string | null = null;
  await expect(async () => {
    await page.goto(mailboxOf(to));
    const mail = page
      .getByTestId("mail")
      .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
      .filter({ hasText: subject })
      .first();
    await expect(mail).toBeVisible({ timeout: 1000 });
    href = await mail.locator(`a[href*="${pathname}"]`).first().getAttribute("href");
    expect(href).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return href!;
}

/** Every link to `pathname` in the mailbox's messages to `to` whose text matches, newest first. */
export async function linksFromMailbox(
  page: Page,
  to: string,
  text: string | RegExp,
  pathname: string,
): Promise<string[]> {
  await page.goto(mailboxOf(to));
  const mails = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .filter({ hasText: text });
  const links: string[] = [];
  for (const mail of await mails.all())
    links.push((await mail.locator(`a[href*="${pathname}"]`).first().getAttribute("href"))!);
  return links;
}

/** How many messages the mailbox holds for `to` (only those whose text matches `text`, if given). */
export async function mailCount(page: Page, to: string, text?: string | RegExp): Promise<number> {
  await page.goto(mailboxOf(to));
  const mails = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) });
  return (text === undefined ? mails : mails.filter({ hasText: text })).count();
}

/** Opens the development mailbox as a person would and shows the one message to `to` with `subject`. */
export async function openMail(page: Page, to: string, subject: string) {
  const mail = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .filter({ hasText: subject });
  await expect(async () => {
    await page.goto(mailboxOf(to));
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mail.getByText("Show message").click();
  return mail;
}

/** A mailbox of its own for each submission: copies are limited per mailbox (decision 0602). */
export const uniqueEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

/** Waits until the next 30-second step begins, so a fresh code is not a replay of the last one. */
export async function nextTotpStep(page: Page) {
  const msLeft = 30_000 - (Date.now() % 30_000);
  await page.waitForTimeout(msLeft + 500);
}

/**
 * axe-core finds no serious or critical violations (with `everyImpact`, none at all). Waits for
 * running CSS transitions first: a button fading back from its disabled colour is not what the
 * user is left looking at, and axe would measure the contrast of a frame in between. A page can
 * still be mid-change when axe starts (a navigation settling re-enables its buttons, and their
 * fade starts during the scan), so what axe finds is checked again on the settled page: a real
 * violation is there both times.
 */
export async function expectAccessible(
  page: Page,
  options: { everyImpact?: boolean; bestPractice?: boolean } = {},
) {
  const settle = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  const tags = [
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    ...(options.bestPractice ? ["best-practice"] : []),
  ];
  const violations = async () => {
    await settle();
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    return results.violations
      .filter((v) => options.everyImpact || v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  };
  let found = await violations();
  if (found.length) {
    await page.waitForTimeout(500);
    found = await violations();
  }
  expect(found, found.join("\n")).toEqual([]);
}
