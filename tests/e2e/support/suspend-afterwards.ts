import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { CLAIMS } from "../../fixtures/50-claims";
import { expectToast, signIn } from "./auth-helpers";

/**
 * Suspends or reinstates a provider as an admin does (decision 0805): the row's (or the provider
 * page's) Suspend or Reinstate opens a dialog, the reason is typed and confirmed.
 */
export async function confirmSuspension(
  page: Page,
  scope: Locator | Page,
  action: "Suspend" | "Reinstate",
  name: string,
  reason: string,
) {
  await scope.getByRole("link", { name: `${action} ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `${action} ${name}?` });
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: `${action} provider` }).click();
  await expectToast(page, action === "Suspend" ? "Listing suspended" : "Listing reinstated");
  await expect(dialog).toHaveCount(0);
}

/**
 * Leaves the shared e2e server as other specs expect it: a listing approved here is suspended
 * afterwards, so it does not push the fixture carriers out of the home page's featured block.
 */
export async function suspendAfterwards(browser: Browser, number: string, name: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, CLAIMS.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto("/admin/providers?status=verified");
  const row = admin.getByRole("row").filter({ hasText: number });
  await confirmSuspension(admin, row, "Suspend", name, "Test listing: kept out of the featured block");
  await context.close();
}
