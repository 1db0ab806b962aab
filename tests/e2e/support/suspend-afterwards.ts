import { expect, type Browser } from "@playwright/test";
import { CLAIMS } from "../../fixtures/50-claims";
import { expectToast, signIn } from "./auth-helpers";

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
  await admin
    .getByRole("row")
    .filter({ hasText: number })
    .getByRole("button", { name: `Suspend ${name}` })
    .click();
  await expectToast(admin, "Listing suspended");
  await context.close();
}
