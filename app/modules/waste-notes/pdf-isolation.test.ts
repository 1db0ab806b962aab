/**
 * A PDF whose embedded image makes the decoder throw from a zlib callback must fail its job,
 * never the process that runs the job queue (decision 0006). The images here are written to
 * storage directly, past the upload checks, as if a stored file were hostile.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { Storage } from "~/platform/storage/storage.server";
import { insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createWasteNote } from "./create-note.server";
import { PDF_JOB } from "./pdf-job.server";
import { pdfJob } from "./jobs.server";
import { createPdfRenderer, type PdfRendererHandle } from "./pdf-renderer.server";
import { signatureKey } from "./storage-keys";
import { validInput } from "./test-support/valid-form";

const log = createLogger("silent");
let t: TestDatabase;
let dir: string;
let storage: Storage;
let renderer: PdfRendererHandle;

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** An RGBA PNG (colour type 6) with the given image data. */
function rgbaPng(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}
const notZlib = rgbaPng(4, 4, Buffer.from("this is not zlib data at all"));

async function noteWithStoredSignature(png: Buffer): Promise<string> {
  const created = await createWasteNote({ db: t.db, storage }, await validInput());
  if (!created.ok) throw new Error("not created");
  const key = signatureKey(created.id, "transferor");
  await storage.put(key, png, { contentType: "image/png" });
  await t.db
    .updateTable("waste_notes")
    .set({ transferor_signature_key: key })
    .where("id", "=", created.id)
    .execute();
  return created.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-isolation-"));
  storage = new LocalDiskStorage(dir);
  renderer = createPdfRenderer(log);
  await insertRegisterEntry(t.db, { registration_number: "CBDU123456", business_name: "Avon Skip Hire Ltd" });
});
afterAll(async () => {
  await renderer?.close();
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the PDF job with a hostile stored image", () => {
  it("fails the job with the reason, retries within its attempts, then marks it failed; this process lives on", async () => {
    // The decoder really does throw from a callback in this process: what the child is for.
    expect(zlib.inflateSync.bind(null, Buffer.from("this is not zlib data at all"))).toThrow();
    const id = await noteWithStoredSignature(notZlib);
    await t.db.updateTable("jobs").set({ max_attempts: 2 }).where("type", "=", PDF_JOB.type).execute();
    const jobs = new JobQueue(t.db, log);
    jobs.register(pdfJob({ storage, publicUrl: "https://carriers.example.org", render: renderer.render }));

    expect(await jobs.drain()).toBe(1);
    let job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("type", "=", PDF_JOB.type)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job.last_error).toMatch(
      /PDF renderer failed: it stopped on an unexpected error: incorrect header check/,
    );

    // The retry is due after its back-off; bring it forward, run it: the last attempt fails the job.
    await t.db
      .updateTable("jobs")
      .set({ run_at: new Date(0) })
      .where("id", "=", job.id)
      .execute();
    expect(await jobs.drain()).toBe(1);
    job = await t.db.selectFrom("jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 2 });
    expect(job.finished_at).not.toBeNull();
    // Never past its attempts: nothing more to run.
    await t.db
      .updateTable("jobs")
      .set({ run_at: new Date(0) })
      .where("id", "=", job.id)
      .execute();
    expect(await jobs.drain()).toBe(0);
    const note = await t.db
      .selectFrom("waste_notes")
      .select("pdf_url")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(note.pdf_url).toBeNull();
  });

  it("renders the next, clean note in a fresh renderer", async () => {
    const created = await createWasteNote({ db: t.db, storage }, await validInput());
    if (!created.ok) throw new Error("not created");
    const jobs = new JobQueue(t.db, log);
    jobs.register(pdfJob({ storage, publicUrl: "https://carriers.example.org", render: renderer.render }));
    expect(await jobs.drain()).toBe(1);
    const note = await t.db
      .selectFrom("waste_notes")
      .select("pdf_url")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(note.pdf_url).toBe(`/waste-note/${created.id}/pdf`);
    const pdf = await storage.get(`waste-notes/${created.id}/waste-note-${created.id}.pdf`);
    expect(pdf?.body.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
