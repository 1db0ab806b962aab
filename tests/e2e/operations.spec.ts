/**
 * Running it for real (issue 17): production refuses unsafe settings with one line per variable
 * and starts with them; metrics behind a token or on their own port; the worker role. Real server
 * processes started from the same build.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { validForm } from "../../app/modules/waste-notes/test-support/valid-form";
import { REGISTER_HEADER } from "../fixtures/80-admin";
import { startServer } from "./support/extra-server";
import { rawRequest } from "./support/raw-http";

const SECRET = "a-production-secret-long-enough-for-the-check";

test("production refuses to start without an https PUBLIC_URL, a session secret or SMTP, one line per setting", async () => {
  const server = await startServer(
    { NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" },
    { waitReady: false },
  );
  expect(await server.exited).toBe(1);
  const lines = server.output().trim().split("\n");
  expect(lines).toEqual([
    expect.stringMatching(/^Invalid configuration: SESSION_SECRET: required in production/),
    expect.stringMatching(
      /^Invalid configuration: PUBLIC_URL: must be the site's https:\/\/ address in production/,
    ),
    expect.stringMatching(/^Invalid configuration: SMTP_URL: required in production .*MAIL_TRANSPORT=outbox/),
  ]);
  await server.stop();
});

test("production starts with the required settings (outbox chosen on purpose) and serves pages", async () => {
  const server = await startServer({
    NODE_ENV: "production",
    PUBLIC_URL: "https://carriers.test",
    SESSION_SECRET: SECRET,
    MAIL_TRANSPORT: "outbox",
  });
  try {
    const home = await rawRequest(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.body).toContain('href="https://carriers.test/"');
    expect(home.headers["strict-transport-security"]).toContain("max-age=");
    // No metrics page unless asked for.
    expect((await rawRequest(`${server.url}/metrics`)).status).toBe(404);
  } finally {
    await server.stop();
  }
});

test("metrics: behind a bearer token on the main port", async () => {
  const token = "metrics-token-for-the-e2e-test";
  const server = await startServer({ METRICS_TOKEN: token });
  try {
    await rawRequest(`${server.url}/provider/CBDU000404`);
    expect((await rawRequest(`${server.url}/metrics`)).status).toBe(401);
    expect(
      (
        await rawRequest(`${server.url}/metrics`, {
          headers: { authorization: "Bearer wrong-token-of-some-length" },
        })
      ).status,
    ).toBe(401);
    const ok = await rawRequest(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.body).toMatch(
      /http_request_duration_seconds_count\{route="\/provider\/:registrationNumber",method="GET",status="\d+"\} 1/,
    );
    expect(ok.body).toContain('db_pool_connections{state="total"}');
    expect(ok.body).toMatch(/jobs\{status="queued"\} \d+/);
    expect(ok.body).toMatch(/nodejs_eventloop_lag_seconds \d/);
  } finally {
    await server.stop();
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test("metrics: on a port of their own, not on the site's", async () => {
  const metricsPort = await freePort();
  const server = await startServer({ METRICS_PORT: String(metricsPort) });
  try {
    expect((await rawRequest(`${server.url}/metrics`)).status).toBe(404);
    const ok = await rawRequest(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("process_resident_memory_bytes");
  } finally {
    await server.stop();
  }
});

test("a worker process needs PostgreSQL: refused on the embedded database with one line", async () => {
  const server = await startServer({}, { waitReady: false, args: ["worker"] });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toMatch(
    /^Invalid configuration: DATABASE_URL: a worker process needs PostgreSQL/,
  );
  await server.stop();
});

test("backup while the server runs, wipe, restore: the same note and the same PDF", async () => {
  test.setTimeout(240_000);
  const carrier = "CBDU771001";
  let server = await startServer({});
  const dataDir = server.dataDir;
  const cli = (script: string, args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      encoding: "utf8",
    });
  try {
    // A register row to write the note under, imported with the CLI (the server must be stopped:
    // the embedded database allows one process).
    await server.stop({ keepData: true });
    const register = path.join(os.tmpdir(), `backup-register-${Date.now()}.csv`);
    fs.writeFileSync(
      register,
      `${REGISTER_HEADER}\n${carrier},Backup Test Haulage Ltd,,,1 Dock Road,,,,Bristol,BS1 4ST,England,358000,172000,limitedCompany,UPPER,carrier_broker_dealer,2024-01-01,2099-01-01,\n`,
    );
    cli("scripts/sync.ts", ["--source", register, "--partial"]);
    server = await startServer({ DATA_DIR: dataDir });

    const form = validForm({ carrierLicense: carrier, carrierCompany: "Backup Test Haulage Ltd" });
    const created = await fetch(`${server.url}/wastenotegeneration`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    const notePath = new URL(created.headers.get("location")!, server.url).pathname;
    let pdf: Buffer | null = null;
    await expect(async () => {
      const r = await fetch(`${server.url}${notePath}/pdf`);
      expect(r.status).toBe(200);
      pdf = Buffer.from(await r.arrayBuffer());
    }).toPass({ timeout: 60_000 });

    const out = path.join(os.tmpdir(), `backup-${Date.now()}.tar`);
    expect(cli("scripts/backup.ts", ["--out", out])).toMatch(/^Backup written to .*uploads included\.\n$/);
    await server.stop();

    fs.rmSync(path.join(dataDir, "db"), { recursive: true, force: true });
    fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
    expect(cli("scripts/restore.ts", ["--from", out])).toMatch(/^Restored the backup of /);

    server = await startServer({ DATA_DIR: dataDir });
    const view = await fetch(`${server.url}${notePath}`);
    expect(view.status).toBe(200);
    expect(await view.text()).toContain(carrier);
    const again = Buffer.from(await (await fetch(`${server.url}${notePath}/pdf`)).arrayBuffer());
    expect(again.equals(pdf!)).toBe(true);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
