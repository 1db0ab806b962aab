/**
 * An uploaded register file is kept through the storage interface, so the job that imports it
 * may run on another instance (decision 0010): here the upload is stored by one "instance" and
 * imported by a job queue that shares only the database and the storage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { Storage } from "~/platform/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { requestRegisterSync } from "./request-sync.server";
import { InvalidUploadError, storeRegisterUpload } from "./store-upload.server";
import { registerSyncJob } from "./sync-job.server";

const log = pino({ level: "silent" });
const fixture = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/ea-export.csv");
let t: TestDatabase;
let dir: string;
let storage: Storage;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "register-upload-"));
  storage = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await t.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tmpCopies = () =>
  fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("register-upload-") && f !== path.basename(dir));

it("stores the upload in storage, imports it from the job, then deletes it", async () => {
  const before = tmpCopies();
  const upload = await storeRegisterUpload(
    storage,
    new File([fs.readFileSync(fixture)], "march-extract.csv"),
  );
  expect(upload.key).toMatch(/^register-uploads\/.+\.csv$/);
  expect((await storage.get(upload.key))?.body.equals(fs.readFileSync(fixture))).toBe(true);

  await requestRegisterSync(t.db, { upload, trigger: "upload", removeMissing: false, staleAfterMinutes: 30 });
  const job = await t.db.selectFrom("jobs").select("payload").executeTakeFirstOrThrow();
  expect(job.payload).toEqual({
    upload: upload.key,
    uploadName: "march-extract.csv",
    trigger: "upload",
    removeMissing: false,
  });

  // Another instance: its own queue, the same database and storage, no shared folder.
  const other = new JobQueue(t.db, log);
  other.register(registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 }, { storage }));
  expect(await other.drain()).toBe(1);
  const run = await t.db.selectFrom("sync_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(run).toMatchObject({
    status: "success",
    trigger: "upload",
    source: "upload: march-extract.csv",
    records_added: 5,
  });
  expect(await storage.get(upload.key)).toBeNull();
  expect(tmpCopies()).toEqual(before);
});

it("fails the job clearly when the upload is gone, and refuses what is not a register file", async () => {
  await requestRegisterSync(t.db, {
    upload: { key: "register-uploads/never-stored.csv", name: "x.csv" },
    trigger: "upload",
    removeMissing: false,
    staleAfterMinutes: 30,
  });
  const q = new JobQueue(t.db, log);
  q.register(registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 }, { storage }));
  await q.drain();
  const job = await t.db.selectFrom("jobs").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(job).toMatchObject({ status: "failed" });
  expect(job.last_error).toMatch(/no longer in storage/);
  await expect(storeRegisterUpload(storage, new File(["just some words"], "notes.txt"))).rejects.toThrow(
    InvalidUploadError,
  );
});
