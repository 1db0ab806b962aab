/** The claim wizard's first step, as a new claimant fills it in. */
import { expect, type Page } from "@playwright/test";

export interface Claimant {
  name: string;
  phone: string;
  email: string;
  password: string;
}

/** Fills Step 1 (Verify Business) with a new account's details and goes on to Step 2. */
export async function verifyBusinessStep(page: Page, claimant: Claimant) {
  const fields: [string, string][] = [
    ["Your name", claimant.name],
    ["Phone number", claimant.phone],
    ["Business email", claimant.email],
  ];
  for (const [label, value] of fields) await page.getByLabel(label).fill(value);
  await page.getByLabel("Password", { exact: true }).fill(claimant.password);
  await page.getByLabel("Confirm password").fill(claimant.password);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Step 2 of 4: Add Details" })).toBeVisible();
}
