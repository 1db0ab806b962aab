/**
 * A full sync from a short source (decision 0279), as an admin meets it: the sync is applied, but
 * the registrations it would have marked removed are held, and Data Management says so; the
 * admin checks and confirms them, and only then are their profiles "no longer on the register".
 * On a server of its own (a sample register of 60 and a 5-row configured source): confirming
 * removes registrations, which the shared server's other specs must keep.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { REGISTER_HEADER } from "../fixtures/80-admin";
import { expectAccessible, expectToast, signInAsAdmin } from "./support/auth-helpers";
import { startServer, type ExtraServer } from "./support/extra-server";

test.describe.configure({ mode: "serial" });

let server: ExtraServer;
let admin: { email: string; password: string };
const SOURCE_ROWS = 5;
const row = (n: number) =>
  `CBDU88${n},Heldfield Page Row ${n} Ltd,,,1 Page Road,,,,Heldfield,ZZ8 2AA,England,430000,433000,limitedCompany,UPPER,carrier_dealer,2024-01-01,2030-01-01,`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join("tmp", "held-removals-"));
  const source = path.resolve(dir, "one-page.csv");
  fs.writeFileSync(
    source,
    [REGISTER_HEADER, ...Array.from({ length: SOURCE_ROWS }, (_, i) => row(i))].join("\n") + "\n",
  );
  server = await startServer({ SEED_SAMPLE_DATA: "true", SAMPLE_ROWS: "60", REGISTER_SOURCE: source });
  const email = /e-mail:\s+(\S+)/.exec(server.output())?.[1];
  const password = /password:\s+(\S+)/.exec(server.output())?.[1];
  if (!email || !password) throw new Error(`no demo admin in the output:\n${server.output()}`);
  admin = { email, password };
});
test.afterAll(() => server?.stop());

async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page, admin.email, admin.password);
  return page;
}

test("a full sync from a short source holds its removals; the admin confirms them", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 1280);
  await page.goto("/admin/data-management");
  await expect(page.getByRole("heading", { level: 1, name: "Data Management" })).toBeVisible();
  // The sample register's import (a seed) holds nothing.
  await expect(page.getByTestId("held-removals")).toHaveCount(0);

  await page.getByRole("button", { name: "Update Data" }).click();
  await expectToast(page, "Data sync started");
  const held = page.getByTestId("held-removals");
  await expect(held).toBeVisible({ timeout: 30_000 });
  await expect(held).toContainText("Removals held: 60 registrations not marked as removed");
  await expect(held).toContainText("None was marked as removed");
  await expect(held.getByRole("list", { name: "Held registrations" }).getByRole("listitem")).toHaveCount(11);
  await expect(held).toContainText("and 50 more");
  const latest = page
    .getByRole("table", { name: "Sync history, newest first" })
    .getByTestId("sync-row")
    .first();
  await expect(latest).toContainText("success");
  await expect(latest).toContainText("60 held");
  await expectAccessible(page);
  await page.screenshot({ path: "tmp/h9-held-removals-1280.png", fullPage: true });
  const narrow = await adminPage(browser, 375);
  await narrow.goto("/admin/data-management");
  await expect(narrow.getByTestId("held-removals")).toBeVisible();
  await narrow.screenshot({ path: "tmp/h9-held-removals-375.png", fullPage: true });
  const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await narrow.context().close();

  // While held, a held carrier is still on the register.
  const sampleNumber = await held.locator("li .font-mono").first().innerText();
  expect(sampleNumber).toMatch(/^CBD[UL]\d+$/);
  const profile = await page.request.get(`/provider/${sampleNumber}`);
  expect(profile.status()).toBe(200);

  // The confirmation needs the admin's check.
  const confirm = held.getByRole("button", { name: "Mark 60 as removed" });
  await confirm.click();
  await expect(held).toBeVisible();
  await held.getByLabel("I have checked that the source is the whole register").check();
  await confirm.click();
  await expectToast(page, "Removals confirmed");
  await expect(page.getByTestId("held-removals")).toHaveCount(0);
  await expect(latest).not.toContainText("held");
  await expect(latest.getByRole("cell").nth(6)).toHaveText("60");

  const gone = await page.request.get(`/provider/${sampleNumber}`);
  expect(gone.status()).toBe(410);

  // The audit log records who confirmed.
  await page.goto("/admin/audit");
  const entry = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem").first();
  await expect(entry).toContainText("Held register removals confirmed");
  await expect(entry).toContainText(admin.email);
  await page.context().close();
});
