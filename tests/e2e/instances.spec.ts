/**
 * Several instances on one PostgreSQL (issue 17, decision 0013): two server processes share one
 * database and one S3-compatible bucket (s3rver, a real S3 API on disk). A serves the web only
 * (JOBS_ENABLED=false); B serves the web and runs the jobs. Each keeps its own page, search and
 * featured caches, which a change on the other must clear.
 *
 * Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it), like the database tests on
 * PostgreSQL: a database of its own is created there for the run and dropped after.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import S3rver from "s3rver";
import { REGISTER_HEADER, registerRow } from "../fixtures/80-admin";
import { expectToast, setPasswordFromLink, signIn } from "./support/auth-helpers";
import { confirmSuspension } from "./support/suspend-afterwards";
import { startServer, type ExtraServer } from "./support/extra-server";

test.describe.configure({ mode: "serial" });

const PG_URL = process.env.TEST_DATABASE_URL ?? "";
if (PG_URL) {
  const ADMIN = "instances-admin@example.test";
  const PASSWORD = "instances-pass-1";
  const NUMBERS = ["CBDU870001", "CBDU870002", "CBDU870003"];
  const ABOUT = "Two instances, one database: this text goes when the listing is suspended.";

  let dbName: string;
  let dbUrl: string;
  let workDir: string;
  let s3: S3rver;
  let a: ExtraServer;
  let b: ExtraServer;
  /** The configured register source, served over HTTP so that a test can hold its rows back. */
  let registerServer: http.Server | undefined;
  /** Open unless a test holds it: the source sends its header line, then waits for this. */
  let sourceGate: Promise<void> = Promise.resolve();

  function databaseUrl(name: string): string {
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    return u.toString();
  }

  async function sql<T extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
    url = dbUrl,
  ): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Files the bucket holds under a folder (s3rver keeps each object as a folder on disk). */
  function bucketObjects(prefix: string): string[] {
    const dir = path.join(workDir, "s3", "uploads", prefix);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dbName = `e2e_instances_${crypto.randomBytes(4).toString("hex")}`;
    await sql(`CREATE DATABASE ${dbName}`, [], PG_URL);
    dbUrl = databaseUrl(dbName);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "instances-"));
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(workDir, "s3"),
      configureBuckets: [{ name: "uploads", configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    const rows = NUMBERS.map((n, i) => registerRow(n, `Twinstance Carrier ${i + 1} Ltd`)).join("\n") + "\n";
    registerServer = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.write(`${REGISTER_HEADER}\n`);
      void sourceGate.then(() => res.end(rows));
    });
    await new Promise<void>((resolve) => registerServer!.listen(0, "127.0.0.1", resolve));
    const { port: sourcePort } = registerServer.address() as AddressInfo;
    const shared = {
      DATABASE_URL: dbUrl,
      SESSION_SECRET: "one-secret-for-every-instance-of-the-site",
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "uploads",
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      REGISTER_SOURCE: `http://127.0.0.1:${sourcePort}/whole-register.csv`,
      PAGE_CACHE_SECONDS: "10",
    };
    a = await startServer({ ...shared, JOBS_ENABLED: "false" });
    b = await startServer({ ...shared, JOBS_ENABLED: "true" });
  });

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    registerServer?.closeAllConnections();
    registerServer?.close();
    if (dbName) await sql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`, [], PG_URL);
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** The admin's first visit: the one-time link `npm run create-admin` prints, then sign in on A. */
  async function adminPage(browser: Browser): Promise<Page> {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/create-admin.ts", "--email", ADMIN],
      {
        env: { PATH: process.env.PATH ?? "", DATABASE_URL: dbUrl, PUBLIC_URL: a.url, LOG_LEVEL: "warn" },
        encoding: "utf8",
      },
    );
    const link = /https?:\/\/\S+/.exec(out)![0];
    const page = await (await browser.newContext()).newPage();
    await setPasswordFromLink(page, link, PASSWORD);
    await signIn(page, ADMIN, PASSWORD, `${a.url}/login`);
    await expect(page).toHaveURL(/\/admin/);
    return page;
  }

  let admin: Page;

  test("a register file uploaded on instance A is imported by the job runner on instance B, and deleted after", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    admin = await adminPage(browser);
    await admin.goto(`${a.url}/admin/data-management`);
    const csv =
      [REGISTER_HEADER, ...NUMBERS.map((n, i) => registerRow(n, `Twinstance Carrier ${i + 1} Ltd`))].join(
        "\n",
      ) + "\n";
    await admin
      .getByLabel("Register file (CSV or ZIP)")
      .setInputFiles({ name: "twinstance.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await admin.getByRole("button", { name: "Upload and import" }).click();
    await expectToast(admin, "Register file uploaded");
    // A runs no jobs: only B can have run it. A's page shows the run B made.
    const latest = admin
      .getByRole("table", { name: "Sync history, newest first" })
      .getByTestId("sync-row")
      .first();
    await expect(async () => {
      await admin.reload();
      await expect(latest).toContainText("success", { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(latest).toContainText("upload");
    const [run] = await sql<{ status: string; trigger: string }>(
      "SELECT status, trigger FROM sync_log ORDER BY id DESC LIMIT 1",
    );
    expect(run).toEqual({ status: "success", trigger: "upload" });
    // The upload went through the bucket, and the run removed it.
    expect(bucketObjects("register-uploads")).toEqual([]);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${b.url}/provider/${NUMBERS[0]}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Twinstance Carrier 1");
  });

  test("a listing suspended on instance A is gone from instance B's pages within 2 seconds", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    await sql(
      `INSERT INTO claimed_listings (registration_number, company_name, phone, about, services, areas_covered, verified, subscription_plan, subscription_period, subscription_start_date)
       VALUES ($1, 'Twinstance Verified Ltd', '01632 960870', $2, '{}', '{}', true, 'standard', 'monthly', now())`,
      [NUMBERS[1], ABOUT],
    );
    const visitor = await (await browser.newContext()).newPage();
    const profile = `${b.url}/provider/${NUMBERS[1]}`;
    // B shows the listing (once its 10-second page cache has let go of the register-only page)...
    await expect(async () => {
      await visitor.goto(profile);
      await expect(visitor.getByText(ABOUT)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    // ...and keeps it in its page cache: the next view is served from memory.
    await visitor.goto(profile);
    await expect(visitor.getByText(ABOUT)).toBeVisible();
    await visitor.goto(`${b.url}/search-results?query=Twinstance`);
    await expect(visitor.getByText("Twinstance Verified Ltd").first()).toBeVisible();

    await admin.goto(`${a.url}/admin/providers`);
    await confirmSuspension(admin, admin, "Suspend", "Twinstance Verified Ltd", "Checking the two instances");
    const suspendedAt = Date.now();
    // What B's server sends is what is timed: each try reads the page as soon as its HTML is in,
    // without waiting for its scripts and images (on a busy machine they took most of a second).
    await expect(async () => {
      await visitor.goto(profile, { waitUntil: "domcontentloaded" });
      await expect(visitor.getByText(ABOUT)).toHaveCount(0, { timeout: 100 });
    }).toPass({ timeout: 2_000, intervals: [100] });
    expect(Date.now() - suspendedAt).toBeLessThan(2_000);
    await visitor.goto(`${b.url}/search-results?query=Twinstance`);
    await expect(visitor.getByText("Twinstance Verified Ltd")).toHaveCount(0);
  });

  test("two syncs requested on A and on B at the same moment: one runs, the other is refused", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // A second browser (a colleague, or another machine), signed in on B: a tab of the same browser
    // would share the one-off message cookie with the first.
    const onB = await (await browser.newContext()).newPage();
    await signIn(onB, ADMIN, PASSWORD, `${b.url}/login`);
    await expect(onB).toHaveURL(/\/admin/);
    await admin.goto(`${a.url}/admin/data-management`);
    await onB.goto(`${b.url}/admin/data-management`);
    for (const page of [admin, onB]) await page.getByLabel("The source is only part of the register").check();
    // The source holds its rows back until both answers are in: the run that starts is still
    // running when the other request arrives, however far apart a busy machine sends the two (a
    // three-row run can otherwise end between them, and then both rightly start).
    let release!: () => void;
    sourceGate = new Promise((resolve) => (release = resolve));
    try {
      await Promise.all(
        [admin, onB].map((page) => page.getByRole("button", { name: "Update Data" }).click()),
      );
      // Each page says what happened to its own request (a later toast may follow when the run ends).
      const answer = (page: Page) =>
        page
          .locator("li[role=status], [data-state=open]")
          .filter({ hasText: /Data sync started|Failed to trigger data sync/ })
          .first();
      const outcome = async (page: Page) => {
        await expect(answer(page)).toBeVisible({ timeout: 15_000 });
        return (await answer(page).innerText()).includes("Failed") ? "refused" : "started";
      };
      const [onA, onBOutcome] = await Promise.all([outcome(admin), outcome(onB)]);
      expect([onA, onBOutcome].sort()).toEqual(["refused", "started"]);
      await expect(answer(onA === "refused" ? admin : onB)).toContainText(
        "A register sync is already running",
      );
    } finally {
      release();
    }
    // The one that started runs to the end (on B, the only job runner); there was only ever one.
    const runs = async () =>
      (await sql<{ status: string }>("SELECT status FROM sync_log ORDER BY id")).map((r) => r.status);
    await expect.poll(runs, { timeout: 30_000 }).toEqual(["success", "success"]);
    expect(
      await sql("SELECT id FROM jobs WHERE type = 'register-sync' AND status IN ('queued', 'running')"),
    ).toEqual([]);
  });
}
