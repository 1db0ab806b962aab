/**
 * Two submissions of one signing link at once (a double click without JavaScript, two tabs):
 * each stores its drawing under a key of its own, so the one that loses removes only its own file
 * and the note keeps the winner's (decision 0248).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { Storage } from "~/platform/storage/storage.server";
import { issueSignatureLink, signNoteRemotely } from "./remote-signature.server";
import { noteFolder } from "./storage-keys";
import { noteRow } from "./test-support/note-rows";

const REG = "CBDU724802";
const EMAIL = "customer@example.test";

let t: TestDatabase;
let dir: string;
let disk: Storage;
let ownerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "remote-signature-"));
  disk = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [{ registration_number: REG, business_name: "Signwell Skips Ltd" }]);
  ownerId = (await insertUser(t.db)).id;
  await insertClaimedListing(t.db, { registration_number: REG, user_id: ownerId });
});
afterAll(async () => {
  await t?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A note sent to the customer for signature, and the token of its link. */
async function noteAwaitingSignature() {
  const { id } = await t.db
    .insertInto("waste_notes")
    .values(
      noteRow({
        carrier_company: "Signwell Skips Ltd",
        carrier_license: REG,
        transferor_signature_name: "",
        registration_number: REG,
        user_id: ownerId,
        customer_email: EMAIL,
        customer_signature_requested_at: new Date(),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  const { token } = await t.db.transaction().execute((trx) => issueSignatureLink(trx, id, EMAIL, new Date()));
  return { id, token };
}

const drawing = (grey: number) =>
  sharp({
    create: { width: 120, height: 40, channels: 4, background: { r: grey, g: grey, b: grey, alpha: 1 } },
  })
    .png()
    .toBuffer();

/** The test's disk with its own `put`. */
const withPut = (put: Storage["put"]): Storage => ({
  put,
  get: (key) => disk.get(key),
  delete: (key) => disk.delete(key),
  deletePrefix: (prefix) => disk.deletePrefix(prefix),
});

/** Storage whose drawings are written only once `n` submissions have all passed the link check. */
function storageWaitingFor(n: number): Storage {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return withPut(async (key, body, options) => {
    if (key.includes("/signature-")) {
      if (++arrived === n) release();
      await all;
    }
    await disk.put(key, body, options);
  });
}

/** The drawings stored in the note's folder. */
function filesOf(id: string): string[] {
  const folder = path.join(dir, noteFolder(id));
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.startsWith("signature-")) : [];
}

describe("two submissions of one signing link at once", () => {
  it("sign once; the note's drawing is the winner's and is still stored; the loser's file is gone", async () => {
    const { id, token } = await noteAwaitingSignature();
    const storage = storageWaitingFor(2);
    const [first, second] = [await drawing(0), await drawing(90)];
    const results = await Promise.all([
      signNoteRemotely({ db: t.db, storage }, { noteId: id, token, name: "Jane Holloway", signature: first }),
      signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Jane Holloway", signature: second },
      ),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, problem: "used" });
    const note = await t.db
      .selectFrom("waste_notes")
      .select(["transferor_signature_key", "customer_signed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(note.customer_signed_at).not.toBeNull();
    const kept = await disk.get(note.transferor_signature_key!);
    expect(kept).not.toBeNull();
    const winner = results[0].ok ? first : second;
    expect(Buffer.compare(kept!.body, winner)).toBe(0);
    // Only the winner's file is left.
    expect(filesOf(id)).toEqual([path.basename(note.transferor_signature_key!)]);
  });

  it("an attempt that loses to a void at the same moment says so and removes its own drawing", async () => {
    const { id, token } = await noteAwaitingSignature();
    // The owner voids the note while the drawing is being stored, after the link was checked.
    const storage = withPut(async (key, body, options) => {
      await t.db
        .updateTable("waste_notes")
        .set({ voided_at: new Date(), void_reason: "Wrong customer" })
        .where("id", "=", id)
        .execute();
      await disk.put(key, body, options);
    });
    expect(
      await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Jane Holloway", signature: await drawing(30) },
      ),
    ).toEqual({ ok: false, problem: "void" });
    const note = await t.db
      .selectFrom("waste_notes")
      .select(["transferor_signature_key", "customer_signed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ transferor_signature_key: null, customer_signed_at: null });
    expect(filesOf(id)).toEqual([]);
  });
});
