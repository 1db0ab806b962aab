/**
 * Back up, wipe, restore (decision 0011): the same rows in every table, the same migrations and
 * the same waste-note PDF, byte for byte. The embedded database on disk, as `npm start` runs it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertRegisterEntry } from "#tests/support/builders";
import { createWasteNote } from "~/modules/waste-notes/create-note.server";
import { generateWasteNotePdf } from "~/modules/waste-notes/generate-pdf.server";
import { renderInProcess } from "~/modules/waste-notes/pdf-renderer.server";
import { pdfKey } from "~/modules/waste-notes/storage-keys";
import { validInput } from "~/modules/waste-notes/test-support/valid-form";
import {
  answerBackupRequests,
  BackupError,
  readManifest,
  restoreBackup,
  tableCounts,
  writeBackup,
} from "./backup.server";
import { openDatabase, type DatabaseHandle } from "./db/database.server";
import { migrate } from "./db/migrate.server";
import { LocalDiskStorage } from "./storage/local-disk-storage.server";
import type { Storage } from "./storage/storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "wcd-backup-"));
const dataDir = path.join(root, "data");
const out = path.join(root, "backup.tar");
let handle: DatabaseHandle;
let storage: Storage;
let noteId: string;
let pdf: Buffer;
let counts: Record<string, number>;

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await migrate(handle.pool);
  storage = new LocalDiskStorage(path.join(dataDir, "uploads"));
  await insertRegisterEntry(handle.db, {
    registration_number: "CBDU123456",
    business_name: "Avon Skip Hire Ltd",
  });
  const created = await createWasteNote({ db: handle.db, storage }, await validInput());
  if (!created.ok) throw new Error("note not created");
  noteId = created.id;
  ({ pdf } = await generateWasteNotePdf(
    { db: handle.db, storage, publicUrl: "https://carriers.example", render: renderInProcess },
    noteId,
  ));
  counts = await tableCounts(handle);
});
afterAll(async () => {
  await handle?.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

it("backs up, and after a wipe restores the same rows, migrations and PDF", async () => {
  const manifest = await writeBackup(out, { handle, dataDir, storageDriver: "local" });
  expect(manifest.counts).toEqual(counts);
  expect(manifest.counts.waste_notes).toBe(1);
  expect(manifest.counts.directory_entries).toBe(1);
  expect(manifest.migrations.length).toBeGreaterThan(5);
  expect(await readManifest(out)).toEqual(manifest);
  await handle.close();

  fs.rmSync(path.join(dataDir, "db"), { recursive: true, force: true });
  fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
  expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);

  await restoreBackup(out, dataDir);
  handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  expect(await tableCounts(handle)).toEqual(counts);
  const note = await handle.db.selectFrom("waste_notes").select(["id", "pdf_url"]).executeTakeFirstOrThrow();
  expect(note).toEqual({ id: noteId, pdf_url: `/waste-note/${noteId}/pdf` });
  const restored = await new LocalDiskStorage(path.join(dataDir, "uploads")).get(pdfKey(noteId));
  expect(restored?.body.equals(pdf)).toBe(true);
  // Migrations recorded as applied: a restart applies none again.
  expect(await migrate(handle.pool)).toEqual([]);
});

it("never restores over a database, and refuses a file that is not a backup", async () => {
  await expect(restoreBackup(out, dataDir)).rejects.toThrow(/already holds a database/);
  const junk = path.join(root, "junk.tar");
  fs.writeFileSync(junk, Buffer.alloc(2048));
  await expect(restoreBackup(junk, path.join(root, "elsewhere"))).rejects.toThrow(BackupError);
});

it("answers a backup request left by the command while the server holds the database", async () => {
  const target = path.join(root, "from-server.tar");
  fs.writeFileSync(path.join(dataDir, "backup-request-test.json"), JSON.stringify({ out: target }));
  expect(await answerBackupRequests({ handle, dataDir, storageDriver: "local" })).toBe(1);
  expect(fs.existsSync(path.join(dataDir, "backup-request-test.done"))).toBe(true);
  expect(fs.existsSync(path.join(dataDir, "backup-request-test.json"))).toBe(false);
  expect((await readManifest(target)).counts).toEqual(counts);
});
