// Decision 0013: a change announced on one connection clears caches in every process: at once in
// the announcing one, and through LISTEN/NOTIFY on PostgreSQL in the others.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createLogger } from "../logger.server";
import { announceChange, listenForChanges, onChange } from "./changes.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe("announceChange", () => {
  it("tells this process's listeners at once, and only until they stop listening", async () => {
    const heard: string[] = [];
    const stop = onChange((topic) => heard.push(topic));
    await announceChange(t.db, "directory");
    expect(heard).toEqual(["directory"]);
    stop();
    await announceChange(t.db, "directory");
    expect(heard).toEqual(["directory"]);
  });
});

// PostgreSQL only: PGlite is one process, with nobody else to tell.
if (testDatabaseKind() === "postgres") {
  describe("listenForChanges", () => {
    it("reaches another connection's listener through NOTIFY, and again after it reconnects", async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const log = createLogger("silent");
      const listener = await listenForChanges(url, log);
      let heard = 0;
      const stop = onChange(() => heard++);
      try {
        // Sent by SQL alone, as another instance would: nothing in this process emits it locally.
        const before = heard;
        await t.pool.query("SELECT pg_notify('app_changes', 'directory')");
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(before);

        // The listening connection is killed (a database restart, a network cut): it comes back,
        // clears once (notices in between are lost) and hears the next notice.
        const afterKill = heard;
        await t.pool.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN app_changes' AND pid <> pg_backend_pid()",
        );
        await expect.poll(() => heard, { timeout: 5_000 }).toBeGreaterThan(afterKill);
        const reconnected = heard;
        await t.pool.query("SELECT pg_notify('app_changes', 'directory')");
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(reconnected);
      } finally {
        stop();
        await listener.close();
      }
    });
  });
}
