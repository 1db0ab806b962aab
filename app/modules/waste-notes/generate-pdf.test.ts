/**
 * The PDF job and changes to the note while it runs (decision 0248): whatever happens between the
 * job's read of the note and the end of the job, the PDF stored in the end is the note's latest
 * state, and a stale PDF is never served meanwhile.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Insertable } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import type { WasteNotesTable } from "~/platform/db/schema";
import { JobQueue } from "~/platform/jobs/queue.server";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { Storage } from "~/platform/storage/storage.server";
import { pdfJob } from "./jobs.server";
import { pdfJobKey, queueNotePdf } from "./pdf-job.server";
import type { PdfTask } from "./pdf-renderer.server";
import { getPdfState } from "./pdf-state.server";
import { readNoteFile } from "./read-note-file.server";
import { issueSignatureLink, signNoteRemotely } from "./remote-signature.server";
import { pdfKey } from "./storage-keys";
import { noteRow } from "./test-support/note-rows";
import { voidWasteNote } from "./void-note.server";

const PUBLIC_URL = "https://carriers.example.org";
const REG = "CBDU724801";

let t: TestDatabase;
let dir: string;
let disk: Storage;
let ownerId: string;
let jobs: JobQueue;

/** What the test does at each render (before the renderer answers) and at each store of a PDF. */
let onRender: (() => Promise<void>) | null;
let onPdfPut: (() => Promise<void>) | null;
/** What each render was asked to draw. */
let renders: { current: boolean; transferorSignature: boolean }[];

/** The fake PDF: what it was rendered from, readable by the test. */
async function render(task: PdfTask): Promise<Buffer> {
  renders.push({
    current: task.note.versionInfo.current,
    transferorSignature: task.images.transferorSignature !== null,
  });
  await onRender?.();
  return Buffer.from(JSON.stringify(renders.at(-1)));
}

/** Local disk, with the test's hook when the job stores a PDF (inside its locked transaction). */
const storage: Storage = {
  put: async (key, body, options) => {
    if (key.endsWith(".pdf")) await onPdfPut?.();
    await disk.put(key, body, options);
  },
  get: (key) => disk.get(key),
  delete: (key) => disk.delete(key),
  deletePrefix: (prefix) => disk.deletePrefix(prefix),
};

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-pdf-"));
  disk = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [{ registration_number: REG, business_name: "Renderwell Skips Ltd" }]);
  ownerId = (await insertUser(t.db)).id;
  await insertClaimedListing(t.db, { registration_number: REG, user_id: ownerId });
  jobs = new JobQueue(t.db, createLogger("silent"));
  jobs.register(pdfJob({ storage, publicUrl: PUBLIC_URL, render }));
});
afterAll(async () => {
  await t?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  onRender = null;
  onPdfPut = null;
  renders = [];
});

let counter = 0;
/** A company's note as the form writes it, its PDF job queued as on creation. */
async function createdNote(overrides: Partial<Insertable<WasteNotesTable>> = {}) {
  counter++;
  const { id } = await t.db
    .insertInto("waste_notes")
    .values(
      noteRow({
        description: `Plasterboard offcuts, load ${counter}`,
        carrier_company: "Renderwell Skips Ltd",
        carrier_license: REG,
        transferor_signature_name: "Harbourside Kitchens Ltd",
        registration_number: REG,
        user_id: ownerId,
        ...overrides,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((trx) => queueNotePdf(trx, id));
  return id;
}

const voidNote = async (id: string) => {
  const result = await voidWasteNote(t.db, {
    noteId: id,
    userId: ownerId,
    registrationNumber: REG,
    reason: "Written for the wrong customer",
  });
  expect(result.ok).toBe(true);
};

/** What the PDF served for the note says (null while none is served). */
async function servedPdf(id: string) {
  const file = await readNoteFile({ db: t.db, storage }, id, "pdf");
  return file.status === "ok" ? (JSON.parse(file.file.body.toString()) as (typeof renders)[number]) : null;
}

const jobsOf = (id: string) =>
  t.db
    .selectFrom("jobs")
    .select(["status", "unique_key"])
    .where("type", "=", "waste-note.pdf")
    .where(sql<string>`payload->>'id'`, "=", id)
    .orderBy("id")
    .execute();

/** Runs every job; a retried one is made due again (at most `rounds` times). */
async function runAllJobs(rounds = 4) {
  for (let i = 0; i < rounds; i++) {
    await t.db.updateTable("jobs").set({ run_at: new Date() }).where("status", "=", "queued").execute();
    if ((await jobs.drain()) === 0) return;
  }
}

/** A runner whose PDF job does `after` once the real job is over, before the queue marks it done. */
function runnerWith(after: () => Promise<void>): JobQueue {
  const registration = pdfJob({ storage, publicUrl: PUBLIC_URL, render });
  const runner = new JobQueue(t.db, createLogger("silent"));
  runner.register({
    ...registration,
    handler: async (payload, helpers) => {
      await registration.handler(payload, helpers);
      await after();
    },
  });
  return runner;
}

describe("a note changed while its PDF job runs (decision 0248)", () => {
  it("voided during the render: the job renders it again and the PDF stored says it is void", async () => {
    const id = await createdNote();
    onRender = async () => {
      onRender = null;
      await voidNote(id);
    };
    await runAllJobs();
    expect(renders).toEqual([
      { current: true, transferorSignature: false },
      { current: false, transferorSignature: false },
    ]);
    expect(await servedPdf(id)).toEqual({ current: false, transferorSignature: false });
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(["done"]);
  });

  it("signed by the customer during the render: the PDF stored has the signature", async () => {
    const email = "customer@example.test";
    const id = await createdNote({
      transferor_signature_name: "",
      customer_email: email,
      customer_signature_requested_at: new Date(),
    });
    const { token } = await t.db
      .transaction()
      .execute((trx) => issueSignatureLink(trx, id, email, new Date()));
    const signature = await sharp({
      create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    onRender = async () => {
      onRender = null;
      const signed = await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Jane Holloway", signature },
      );
      expect(signed).toEqual({ ok: true });
    };
    await runAllJobs();
    expect(renders.map((r) => r.transferorSignature)).toEqual([false, true]);
    expect(await servedPdf(id)).toEqual({ current: true, transferorSignature: true });
  });

  it("voided while the job stores its PDF: the void waits, hides that PDF, and a new job makes the PDF again", async () => {
    const id = await createdNote();
    let voiding: Promise<void> | null = null;
    let voidDone = false;
    onPdfPut = async () => {
      onPdfPut = null;
      // The job holds the note's row: the void (another request) waits until the PDF is stored.
      voiding = voidNote(id).then(() => {
        voidDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(voidDone).toBe(false);
    };
    const runner = runnerWith(async () => {
      if (renders.length > 1) return;
      await voiding;
      expect(voidDone).toBe(true);
      // Before this job is marked done: the PDF it stored is no longer served, and a job of the
      // void's own is queued beside it.
      expect(await servedPdf(id)).toBeNull();
      expect(await getPdfState(t.db, id)).toEqual({ status: "pending" });
      expect(await jobsOf(id)).toEqual([
        { status: "running", unique_key: null },
        { status: "queued", unique_key: pdfJobKey(id) },
      ]);
    });
    expect(await runner.drain()).toBe(2);
    expect(renders.map((r) => r.current)).toEqual([true, false]);
    expect(await servedPdf(id)).toEqual({ current: false, transferorSignature: false });
    expect(await jobsOf(id)).toEqual([
      { status: "done", unique_key: null },
      { status: "done", unique_key: null },
    ]);
  });

  it("voided after its PDF was stored, before the job was marked done: a new job makes it again", async () => {
    const id = await createdNote();
    const runner = runnerWith(async () => {
      if (renders.length === 1) await voidNote(id);
    });
    expect(await runner.drain()).toBe(2);
    expect(renders.map((r) => r.current)).toEqual([true, false]);
    expect(await servedPdf(id)).toEqual({ current: false, transferorSignature: false });
  });

  it("a void hides the stored PDF until the new one is made", async () => {
    const id = await createdNote();
    await runAllJobs();
    expect(await servedPdf(id)).toEqual({ current: true, transferorSignature: false });
    await voidNote(id);
    expect(await servedPdf(id)).toBeNull();
    expect(await getPdfState(t.db, id)).toEqual({ status: "pending" });
    await runAllJobs();
    expect(await servedPdf(id)).toEqual({ current: false, transferorSignature: false });
  });

  it("changed during every render: stores nothing, gives the attempt back to the queue, and succeeds later", async () => {
    const id = await createdNote();
    onRender = () => queueNotePdf(t.db, id).then(() => {});
    expect(await jobs.drain()).toBe(1);
    expect(renders).toHaveLength(3);
    const job = await t.db
      .selectFrom("jobs")
      .select(["status", "last_error", "unique_key"])
      .where("unique_key", "=", pdfJobKey(id))
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "queued", unique_key: pdfJobKey(id) });
    expect(job.last_error).toMatch(/changed during each of 3 renders/);
    expect(await servedPdf(id)).toBeNull();
    expect(await disk.get(pdfKey(id))).toBeNull();
    onRender = null;
    await runAllJobs();
    expect(await servedPdf(id)).toEqual({ current: true, transferorSignature: false });
  });
});
