/**
 * The shared set-up of the register-sync tests: a test database whose sync tables are emptied
 * before each test, a temporary folder for register files, and local HTTP servers for URL sources
 * (closed, with their connections, after each test).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import type { Database } from "~/platform/db/database.server";

export const REGISTER_FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/register");
/** The header line of the sample Environment Agency export. */
export const EA_HEADER = fs
  .readFileSync(path.join(REGISTER_FIXTURES, "ea-export.csv"), "utf8")
  .split("\n")[0];

type SyncTable = "claimed_listings" | "directory_entries" | "sync_log" | "jobs";

export interface SyncTestEnv {
  readonly t: TestDatabase;
  readonly db: TestDatabase["db"];
  /** The test file's temporary folder, removed after all its tests. */
  readonly tmp: string;
  /** Serves `handler` on a local port until the test ends; returns its base URL. */
  serve(handler: http.RequestListener): Promise<string>;
  /** Writes an EA export with these lines under the header into the temporary folder. */
  writeCsv(name: string, lines: string[]): string;
  /**
   * Serves an EA export that sends its header and first row, then nothing until `release` is
   * called, then the rest; returns its URL.
   */
  slowSource(first: string, rest: string): Promise<{ url: string; release: () => void }>;
}

/** Registers the hooks; call once at the top level of a test file. `emptied` in the order to delete. */
export function useSyncTestEnv(tmpPrefix: string, emptied: readonly SyncTable[]): SyncTestEnv {
  let t: TestDatabase | undefined;
  let tmp = "";
  let servers: http.Server[] = [];
  beforeAll(async () => {
    t = await createTestDatabase();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  });
  afterAll(async () => {
    await t!.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const table of emptied) await t!.db.deleteFrom(table).execute();
  });
  afterEach(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    servers = [];
  });
  async function serve(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    get t() {
      return t!;
    },
    get db() {
      return t!.db;
    },
    get tmp() {
      return tmp;
    },
    serve,
    writeCsv(name, lines) {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, [EA_HEADER, ...lines].join("\n") + "\n");
      return file;
    },
    async slowSource(first, rest) {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const base = await serve(async (_req, res) => {
        res.writeHead(200, { "content-type": "text/csv" });
        res.write(`${EA_HEADER}\n${first}\n`);
        await released;
        res.end(`${rest}\n`);
      });
      return { url: `${base}/register.csv`, release };
    },
  };
}

/** The registration numbers the directory holds, in order. */
export async function registrationNumbers(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom("directory_entries")
    .select("registration_number")
    .orderBy("registration_number")
    .execute();
  return rows.map((r) => r.registration_number);
}

/** The sync log's row with this id (throws if there is none). */
export function syncLogRow(db: Database, id: string) {
  return db.selectFrom("sync_log").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
