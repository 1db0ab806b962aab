/**
 * Issue 20, item 5 (decision 0803): administrators are e-mailed about new claims, carrier reports
 * and contact messages, each switchable per administrator in Settings. The e2e server batches
 * them every 5 seconds (ADMIN_NOTIFY_DELAY_SECONDS in playwright.config.ts); only this spec's
 * administrators have them on (tests/fixtures/99-quiet-admins.ts).
 */
import { expect, test } from "@playwright/test";
import { NOTIF } from "../fixtures/89-admin-notifications";
import { expectAccessible, expectToast, mailboxOf, mailCount, signInAsAdmin } from "./support/auth-helpers";

const REPORT_TITLE = `${NOTIF.carrier.name} (${NOTIF.carrier.number}): Fly-tipping or illegal dumping`;

test("an administrator turns notifications off, another is e-mailed a visitor's report and follows the link", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The quiet administrator turns every notification off.
  await signInAsAdmin(page, NOTIF.quiet, NOTIF.password);
  await page.goto("/admin/settings");
  const card = page.getByRole("group", {
    name: /E-mail notif-quiet@example\.test when there is something new/,
  });
  for (const name of ["New claim requests", "Carrier reports", "Contact messages"])
    await expect(card.getByRole("checkbox", { name })).toBeChecked();
  await expectAccessible(page);
  for (const name of ["New claim requests", "Carrier reports", "Contact messages"])
    await card.getByRole("checkbox", { name }).uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expectToast(page, "Notification settings saved");
  await page.reload();
  for (const name of ["New claim requests", "Carrier reports", "Contact messages"])
    await expect(card.getByRole("checkbox", { name })).not.toBeChecked();
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tmp/shots-admin/notifications-375.png" });

  // A visitor reports the carrier.
  const visitor = await browser.newPage();
  await visitor.goto(`/provider/${NOTIF.carrier.number}/report`);
  await visitor.getByLabel("Reason").selectOption("Fly-tipping or illegal dumping");
  await visitor
    .getByLabel("What happened?")
    .fill("Their van left a pile of plasterboard in the Notifyton lay-by.");
  await visitor.getByRole("button", { name: "Send report" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you, your report has been sent" })).toBeVisible();
  await visitor.close();

  // The other administrator is e-mailed within a few seconds and follows the link.
  const admin = await browser.newPage();
  await signInAsAdmin(admin, NOTIF.admin, NOTIF.password);
  const mail = admin
    .getByTestId("mail")
    .filter({ has: admin.getByTestId("mail-to").getByText(NOTIF.admin, { exact: true }) })
    .filter({ hasText: REPORT_TITLE })
    .first();
  await expect(async () => {
    await admin.goto(mailboxOf(NOTIF.admin));
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(mail.getByRole("heading")).toHaveText(/^New (carrier report: |in the admin area: )/);
  await mail.getByText("Show message").click();
  await expect(mail.getByText(`${REPORT_TITLE}: `, { exact: false })).toBeVisible();
  // Every administrator's e-mail of a batch is queued at once: the quiet one did not get this one.
  expect(await mailCount(admin, NOTIF.quiet, REPORT_TITLE)).toBe(0);
  await admin.goto(mailboxOf(NOTIF.admin));
  await mail.getByRole("link", { name: /\/admin\/reports$/ }).click();
  await expect(admin).toHaveURL(/\/admin\/reports$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Reports & Complaints" })).toBeVisible();
  await expect(
    admin.getByTestId("report").filter({ hasText: "pile of plasterboard in the Notifyton lay-by" }),
  ).toBeVisible();
});
