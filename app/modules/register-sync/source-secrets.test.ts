/**
 * A register source's secrets (a URL's user:password and its query values) never reach what people
 * read: the sync log's source and error message, the Data Management page's data, the job's error,
 * the server's log lines, Settings (decision 0264). A URL's user:password is sent as Basic auth,
 * and not to another origin a source redirects to. Real local HTTP servers, on both databases.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { describeSource } from "~/modules/admin/settings.server";
import { JobQueue } from "~/platform/jobs/queue.server";
import { listSyncDebugEntries, listSyncLogs, syncSummaryCards } from "./list-sync-logs.server";
import { redactSource, redactSourceIn, redactUrls } from "./redact-source";
import { requestRegisterSync } from "./request-sync.server";
import { runRegisterSync, SyncFailedError } from "./run-register-sync.server";
import { registerSyncJob } from "./sync-job.server";
import { EA_HEADER, registrationNumbers, useSyncTestEnv } from "./test-support/sync-test-env";

const env = useSyncTestEnv("source-secrets-", ["directory_entries", "sync_log", "jobs"]);

const USER = "register-reader";
/** With a ':' and an '@', percent-encoded in the URL. */
const PASSWORD = "s3cr3t:p@ss-7731";
const TOKEN = "tok-9f2c81d4";
/** No form of these may appear anywhere people read. */
const SECRETS = [PASSWORD, encodeURIComponent(PASSWORD), "s3cr3t", TOKEN, "wrong-pass-5521"];
const ROW =
  "CBDU9901,Basic Auth Haulage Ltd,,,1 Test Street,,,,Leeds,LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2030-01-01,";

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

/** A pino logger whose lines are kept (as the server would write them). */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), text: () => lines.join("") };
}

/** The source URL: the user and password in its userinfo, the token in its query. */
function sourceUrl(base: string, password = PASSWORD): string {
  return `${base.replace("http://", `http://${USER}:${encodeURIComponent(password)}@`)}/register.csv?key=${TOKEN}`;
}

/** Serves the register only to a request with the right Basic credentials and token. */
async function registerBehindBasicAuth(): Promise<{ base: string; seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`, "utf8").toString("base64")}`;
  const base = await env.serve((req, res) => {
    seen.push(req.headers.authorization);
    if (req.headers.authorization !== expected || req.url !== `/register.csv?key=${TOKEN}`) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="register"' });
      res.end("Unauthorized");
      return;
    }
    res.writeHead(200, { "content-type": "text/csv" });
    res.end(`${EA_HEADER}\n${ROW}\n`);
  });
  return { base, seen };
}

/** What the Data Management page and the job's row hold, as one text. */
async function whatAdminsSee(): Promise<string> {
  return JSON.stringify([
    await listSyncLogs(env.db),
    await syncSummaryCards(env.db),
    await listSyncDebugEntries(env.db),
    await env.db.selectFrom("sync_log").select(["source", "error_message"]).execute(),
    await env.db.selectFrom("jobs").select("last_error").execute(),
  ]);
}

/** An error's message, stack and causes, as a logger would write them. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e !== undefined && depth < 10; depth++) {
    if (!(e instanceof Error)) {
      parts.push(String(e));
      break;
    }
    parts.push(e.message, e.stack ?? "", JSON.stringify(e));
    e = e.cause;
  }
  return parts.join("\n");
}

describe("a source URL with user:password and a token", () => {
  it("is read with the credentials sent as Basic auth; logged and shown without them", async () => {
    const { base, seen } = await registerBehindBasicAuth();
    const source = sourceUrl(base);
    const { log, text } = capturedLog();
    const summary = await runRegisterSync(env.db, { source, removeMissing: false, log });
    expect(summary).toMatchObject({ added: 1, rejected: 0 });
    expect(await registrationNumbers(env.db)).toEqual(["CBDU9901"]);
    expect(seen).toEqual([`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`]);

    const port = new URL(base).port;
    const shown = `http://****:****@127.0.0.1:${port}/register.csv?key=****`;
    expect(summary.source).toBe(shown);
    const row = await env.db.selectFrom("sync_log").select(["source", "status"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ source: shown, status: "success" });
    expect(text()).toContain(shown);
    expectNoSecret(text());
    expectNoSecret(await whatAdminsSee());
    expect(describeSource(source)).toEqual({ value: shown, kind: "url" });
  });

  it("refused by the server (through the job queue): the stored error, the job's error and every log line leave them out", async () => {
    const { base } = await registerBehindBasicAuth();
    const source = sourceUrl(base, "wrong-pass-5521");
    const { log, text } = capturedLog();
    const queue = new JobQueue(env.db, log);
    queue.register(registerSyncJob({ REGISTER_SOURCE: source, SYNC_STALE_AFTER_MINUTES: 30 }));
    await requestRegisterSync(env.db, {
      configuredSource: source,
      trigger: "manual",
      removeMissing: true,
      staleAfterMinutes: 30,
    });
    await queue.drain();
    await queue.stop();

    const port = new URL(base).port;
    const row = await env.db
      .selectFrom("sync_log")
      .select(["status", "source", "error_message"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "error",
      source: `http://****:****@127.0.0.1:${port}/register.csv?key=****`,
      error_message: `Fetching http://****:****@127.0.0.1:${port}/register.csv?key=**** failed: HTTP 401 Unauthorized; no data was changed`,
    });
    const job = await env.db.selectFrom("jobs").select(["status", "last_error"]).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "failed", last_error: row.error_message });
    expect(text()).toContain("register sync failed");
    expect(text()).toContain("job failed");
    expectNoSecret(text());
    expectNoSecret(await whatAdminsSee());
  });

  it("unreachable: the fetch error, the thrown error and its causes leave them out", async () => {
    // A port nothing listens on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const source = sourceUrl(`http://127.0.0.1:${port}`);
    const { log, text } = capturedLog();
    const error = await runRegisterSync(env.db, { source, log }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Could not fetch http://\\*\\*\\*\\*:\\*\\*\\*\\*@127\\.0\\.0\\.1:${port}/register\\.csv\\?key=\\*\\*\\*\\*: .+; no data was changed$`,
      ),
    );
    expectNoSecret(errorText(error));
    expectNoSecret(text());
    expectNoSecret(await whatAdminsSee());
  });

  it("redirected to another origin: the credentials are not sent there", async () => {
    const elsewhere: (string | undefined)[] = [];
    const other = await env.serve((req, res) => {
      elsewhere.push(req.headers.authorization);
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(`${EA_HEADER}\n${ROW}\n`);
    });
    const otherOrigin = other.replace("127.0.0.1", "localhost");
    const seen: (string | undefined)[] = [];
    const base = await env.serve((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(302, { location: `${otherOrigin}/mirror.csv` });
      res.end();
    });
    const summary = await runRegisterSync(env.db, { source: sourceUrl(base), removeMissing: false });
    expect(summary.added).toBe(1);
    expect(seen).toEqual([`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`]);
    expect(elsewhere).toEqual([undefined]);
  });

  it("runs and jobs stored before the fix are shown without them", async () => {
    const old = `https://${USER}:${PASSWORD.replace("@", "%40")}@register.example.test/export.zip?key=${TOKEN}`;
    await env.db
      .insertInto("sync_log")
      .values({
        status: "error",
        source: `https://register.example.test/export.zip?key=${TOKEN}`,
        error_message: `Could not fetch ${old}: Request cannot be constructed from a URL that includes credentials: ${old}; no data was changed`,
      })
      .execute();
    await env.db
      .insertInto("jobs")
      .values({
        type: "register-sync",
        payload: JSON.stringify({ source: old, trigger: "manual", removeMissing: true }),
        status: "failed",
        last_error: `Could not fetch ${old}: failed`,
      })
      .execute();
    const shown = "https://****:****@register.example.test/export.zip?key=****";
    expectNoSecret(JSON.stringify([await listSyncLogs(env.db), await syncSummaryCards(env.db)]));
    expect((await listSyncLogs(env.db))[0]).toMatchObject({
      source: "https://register.example.test/export.zip?key=****",
      errorMessage: `Could not fetch ${shown}: Request cannot be constructed from a URL that includes credentials: ${shown}; no data was changed`,
    });
    const [debug] = await listSyncDebugEntries(env.db);
    expect(debug).toMatchObject({
      payload: { source: shown },
      lastError: `Could not fetch ${shown}: failed`,
    });
  });
});

describe("redactSource", () => {
  it("keeps scheme, host, port and path; masks userinfo and query values; drops a fragment", () => {
    expect(redactSource("https://user:secret@example.test:8443/a/register.csv?key=abc123&format=csv#x")).toBe(
      "https://****:****@example.test:8443/a/register.csv?key=****&format=****",
    );
    expect(redactSource("https://TOKEN1234@example.test/r.csv")).toBe("https://****@example.test/r.csv");
    expect(redactSource("https://example.test/r.csv?abcdef0123")).toBe("https://example.test/r.csv?****");
    expect(redactSource("https://example.test/r.csv")).toBe("https://example.test/r.csv");
    expect(redactSource("/srv/register/latest.zip")).toBe("/srv/register/latest.zip");
    // Not a URL fetch could use (a bad port): everything up to the last '@', and the query, hidden.
    expect(redactSource("https://user:pa ss@host:99999/x?key=abc")).toBe("https://****@host:99999/x?****");
    expect(describeSource("https://user:secret@example.test/register.csv")).toEqual({
      value: "https://****:****@example.test/register.csv",
      kind: "url",
    });
    expect(describeSource("/srv/register.zip")).toEqual({ value: "/srv/register.zip", kind: "file" });
  });

  it("masks the source's secrets in a message, in any form, and any URL's", () => {
    const source = `https://${USER}:${encodeURIComponent(PASSWORD)}@example.test/r.csv?key=${TOKEN}`;
    const message = [
      `Could not fetch ${source}: no`,
      `as parsed ${new URL(source).href}`,
      `password ${PASSWORD}, encoded ${encodeURIComponent(PASSWORD)}`,
      `token ${TOKEN}`,
      `elsewhere https://a:b@other.test/x?sig=zz99;`,
    ].join("\n");
    const safe = redactSourceIn(message, source);
    expectNoSecret(safe);
    expect(safe).toContain("Could not fetch https://****:****@example.test/r.csv?key=****: no");
    expect(safe).toContain("elsewhere https://****:****@other.test/x?sig=****;");
    expect(redactUrls("Fetching https://example.test/r.csv failed")).toBe(
      "Fetching https://example.test/r.csv failed",
    );
  });
});
