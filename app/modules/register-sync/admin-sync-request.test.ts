/**
 * The admin's sync request queues its job and writes its audit entry in one transaction: when the
 * audit entry cannot be written, no job is left queued (which would run unaudited, or fail with
 * "no longer in storage" once its upload was deleted) and the stored upload is deleted; when it
 * can, both are kept. On both databases.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertAdmin } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { requestSyncAsAdmin, type SyncActionDeps } from "./admin-sync-actions.server";
import { TRIGGER_FAILED } from "./sync-messages";

const FIXTURE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/ea-export.csv");
let t: TestDatabase;
let dir: string;
let deps: SyncActionDeps;
let admin: { id: string; email: string };
/** An administrator whose account is gone: the audit entry's actor does not exist, so its insert fails. */
const gone = { id: crypto.randomUUID(), email: "gone-admin@example.test" };

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sync-request-"));
  deps = {
    db: t.db,
    storage: new LocalDiskStorage(dir),
    log: pino({ level: "silent" }),
    configuredSource: FIXTURE,
    staleAfterMinutes: 30,
  };
  admin = await insertAdmin(t.db, { email: "sync-admin@example.test" });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("jobs").execute();
  await t.db.deleteFrom("audit_log").execute();
  fs.rmSync(path.join(dir, "register-uploads"), { recursive: true, force: true });
});

const registerFile = () => new File([fs.readFileSync(FIXTURE)], "march.csv");
const storedUploads = () => {
  const folder = path.join(dir, "register-uploads");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};
const jobs = () => t.db.selectFrom("jobs").select(["id", "status", "payload"]).execute();
const audits = () => t.db.selectFrom("audit_log").select(["action", "entity_id"]).execute();

describe("a sync request whose audit entry cannot be written", () => {
  it("upload: no job is queued and the stored upload is deleted", async () => {
    const toast = await requestSyncAsAdmin(deps, gone, {
      intent: "upload",
      file: registerFile(),
      partial: false,
    });
    expect(toast).toMatchObject({ title: TRIGGER_FAILED, variant: "destructive" });
    expect(await jobs()).toEqual([]);
    expect(storedUploads()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("configured source: no job is queued, as the admin is told", async () => {
    const toast = await requestSyncAsAdmin(deps, gone, { intent: "sync", file: null, partial: false });
    expect(toast).toMatchObject({ title: TRIGGER_FAILED, variant: "destructive" });
    expect(await jobs()).toEqual([]);
    expect(await audits()).toEqual([]);
  });
});

describe("a sync request that succeeds", () => {
  it("keeps the job, its audit entry and the upload together; a second request is refused and its upload deleted", async () => {
    const toast = await requestSyncAsAdmin(deps, admin, {
      intent: "upload",
      file: registerFile(),
      partial: false,
    });
    expect(toast).toMatchObject({ title: "Register file uploaded", variant: "success" });
    const [job] = await jobs();
    expect(job).toMatchObject({ status: "queued", payload: { uploadName: "march.csv", trigger: "upload" } });
    expect(await audits()).toEqual([{ action: "register_sync.uploaded", entity_id: String(job.id) }]);
    const kept = storedUploads();
    expect(kept).toHaveLength(1);
    expect(job.payload).toMatchObject({ upload: `register-uploads/${kept[0]}` });

    const second = await requestSyncAsAdmin(deps, admin, {
      intent: "upload",
      file: registerFile(),
      partial: false,
    });
    expect(second).toMatchObject({
      title: TRIGGER_FAILED,
      description: expect.stringMatching(/^A register sync is already running/),
    });
    expect(await jobs()).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
    expect(storedUploads()).toEqual(kept);
  });
});
