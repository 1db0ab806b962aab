/**
 * Toasts (issue 14 item 20, decision 0603): the same news is shown once, not stacked, and at most
 * three toasts are on screen. The page's timers are paused (Playwright's clock) while the toasts
 * are raised, so none can time out on its own and hide a stack; then time runs on and they go.
 */
import { expect, test, type Page } from "@playwright/test";
import { ENQ } from "../fixtures/60-enquiries";
import { formsReady } from "./support/auth-helpers";

const NOT_IMAGE = "tests/fixtures/files/not-an-image.png";
const INVALID = "Invalid email or password. Please check your credentials and try again.";

/** The toasts on screen (Radix's viewport; not its screen-reader announcements). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ }).locator("li");

/** Stops the page's timers (toasts close on a timer), keeping everything else running. */
async function pauseTimers(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

test("five wrong sign-ins in a row show one 'Login Failed' toast", async ({ page }) => {
  await page.clock.install();
  await page.goto("/login");
  await pauseTimers(page);
  const email = `toast-nobody-${Date.now()}@example.test`;
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(`wrong-${i}`);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    await answered;
    await expect(page.getByRole("alert").filter({ hasText: INVALID })).toBeVisible();
  }
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page).first()).toContainText("Login Failed");
  await expect(toasts(page).first()).toContainText(INVALID);
  await expect(toasts(page).first()).toBeVisible();
  await page.screenshot({ path: "tmp/shots-enquiries/toast-login-failed-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(toasts(page)).toHaveCount(1);
  await page.screenshot({ path: "tmp/shots-enquiries/toast-login-failed-375.png" });
  // Time runs on: the one toast closes as before.
  await page.clock.runFor(7_000);
  await expect(toasts(page)).toHaveCount(0);
});

test("four different toasts: the newest three are shown, the oldest goes first", async ({ page }) => {
  await page.clock.install();
  await page.goto(`/provider/${ENQ.quote.registrationNumber}`);
  await formsReady(page);
  await pauseTimers(page);
  const form = page.locator("form[aria-labelledby=quote-heading]");
  const send = async () => {
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.includes("/enquiries/quote/"),
    );
    await form.getByRole("button", { name: "Send Quote Request" }).click();
    await answered;
  };

  // 1. Nothing filled in: the form's own check.
  await form.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(toasts(page).filter({ hasText: "Missing information" })).toHaveCount(1);
  // Correcting the form as it says raises nothing new: the toast on screen is the same one, not a fresh copy per keystroke.
  const missing = await toasts(page).first().elementHandle();
  await form.getByLabel("Name").pressSequentially("Tara Toast");
  await form.getByLabel("Email").pressSequentially(`tara-${Date.now()}@example.test`);
  await form.getByLabel("Message").fill("A few bags of garden waste");
  await expect(toasts(page)).toHaveCount(1);
  expect(await missing!.evaluate((el) => el.isConnected)).toBe(true);
  // 2. A file that is not an image.
  await form.getByLabel("Photo").setInputFiles(NOT_IMAGE);
  await send();
  await expect(toasts(page).filter({ hasText: "Please upload an image file" })).toHaveCount(1);
  // 3. A photo over 10 MB.
  await form.getByLabel("Photo").setInputFiles({
    name: "huge-photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 64 * 1024, 0xff),
  });
  await send();
  await expect(toasts(page).filter({ hasText: "The photo must be 10 MB or smaller" })).toHaveCount(1);
  await expect(toasts(page)).toHaveCount(3);
  // 4. Sent.
  await form.getByLabel("Photo").setInputFiles([]);
  await send();
  await expect(toasts(page).filter({ hasText: "Quote request submitted" })).toHaveCount(1);

  await expect(toasts(page)).toHaveCount(3);
  await expect(toasts(page).filter({ hasText: "Missing information" })).toHaveCount(0);
  await expect(toasts(page).nth(0)).toContainText("Please upload an image file");
  await expect(toasts(page).nth(1)).toContainText("The photo must be 10 MB or smaller");
  await expect(toasts(page).nth(2)).toContainText(`We've sent your request to ${ENQ.quote.businessName}.`);
  for (const t of await toasts(page).all()) await expect(t).toBeVisible();
  await page.screenshot({ path: "tmp/shots-enquiries/toasts-three-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "tmp/shots-enquiries/toasts-three-375.png" });
  await page.clock.runFor(7_000);
  await expect(toasts(page)).toHaveCount(0);
});
