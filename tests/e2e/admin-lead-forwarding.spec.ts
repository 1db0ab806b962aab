/**
 * Leads that go somewhere (issue 20, item 7; decision 0807): an admin opens a lead's details,
 * goes to Forward, sees the premium carriers near its postcode nearest first with their miles
 * (not the standard or suspended ones), forwards it to two, sees it forwarded; each carrier and the
 * visitor have their e-mail in the mailbox; a second forward to the same carrier is refused, and a
 * closed lead offers no forwarding.
 */
import { expect, test, type Page } from "@playwright/test";
import { FWD } from "../fixtures/86-lead-forwarding";
import { expectAccessible, expectToast, openMail, signInAsAdmin } from "./support/auth-helpers";

async function openForwarding(page: Page) {
  await page.goto("/admin/leads");
  await page.getByLabel("Search leads").fill(FWD.lead.name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("lead-row").filter({ hasText: FWD.lead.name });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Lead Details" });
  await details.getByRole("link", { name: /Forward to carriers|View forwarding/ }).click();
  await expect(page.getByRole("heading", { name: "Forward lead", level: 1 })).toBeVisible();
}

test("an admin forwards a lead to the two carriers chosen, nearest first, and everyone is e-mailed", async ({
  page,
}) => {
  await signInAsAdmin(page, FWD.admin);
  await openForwarding(page);
  await expect(page.getByTestId("lead-status")).toHaveText("new");
  await expect(page.getByRole("heading", { name: `Carriers near ${FWD.postcode}` })).toBeVisible();

  const candidates = page.getByTestId("forward-candidate");
  await expect(candidates).toHaveCount(3);
  await expect(candidates.nth(0)).toContainText(FWD.near.name);
  await expect(candidates.nth(0)).toContainText("1.0 miles");
  await expect(candidates.nth(1)).toContainText(FWD.mid.name);
  await expect(candidates.nth(1)).toContainText("4.0 miles");
  await expect(candidates.nth(2)).toContainText(FWD.far.name);
  await expect(candidates.nth(2)).toContainText("12.0 miles");
  await expect(page.getByText(FWD.standard.name)).toHaveCount(0);
  await expect(page.getByText(FWD.suspended.name)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: new RegExp(FWD.near.name) }).check();
  await page.getByRole("checkbox", { name: new RegExp(FWD.far.name) }).check();
  await page.getByRole("button", { name: "Forward to selected carriers" }).click();

  await expectToast(page, "Lead forwarded");
  await expect(page.getByTestId("lead-status")).toHaveText("forwarded");
  const forwards = page.getByTestId("lead-forwards");
  await expect(forwards.getByRole("link", { name: FWD.near.name })).toBeVisible();
  await expect(forwards.getByRole("link", { name: FWD.far.name })).toBeVisible();
  await expect(forwards).not.toContainText(FWD.mid.name);
  // The carriers it went to cannot be ticked again.
  await expect(page.getByRole("checkbox", { name: new RegExp(FWD.near.name) })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: new RegExp(FWD.mid.name) })).toBeEnabled();

  // The list shows the new status.
  await page.goto(`/admin/leads?q=${encodeURIComponent(FWD.lead.name)}`);
  await expect(page.getByTestId("lead-row").filter({ hasText: FWD.lead.name })).toContainText("forwarded");

  for (const c of [FWD.near, FWD.far]) {
    const mail = await openMail(page, c.email, `New customer lead near ${FWD.postcode}`);
    await expect(mail).toContainText(FWD.lead.description);
    await expect(mail).toContainText(FWD.lead.email);
  }
  const told = await openMail(page, FWD.lead.email, "We've passed your request to local waste carriers");
  await expect(told).toContainText(FWD.near.name);
  await expect(told).toContainText(`/provider/${FWD.near.number}`);
  await expect(told).toContainText(FWD.far.name);
  await expect(told).not.toContainText(FWD.mid.name);

  // Closing it: no more forwarding.
  await openForwarding(page);
  await page.getByRole("button", { name: "Close lead" }).click();
  await expectToast(page, "Lead closed");
  await expect(page.getByTestId("lead-status")).toHaveText("closed");
  await expect(page.getByText("This lead is closed, so it cannot be forwarded.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Forward to selected carriers" })).toHaveCount(0);
});
