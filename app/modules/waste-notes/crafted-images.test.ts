/**
 * Crafted images (tests/fixtures/files/crafted) sent as a photo or a drawn signature, through the
 * public generator and the company form: each is refused with a clear message and nothing is
 * created; valid images of every format make a note whose PDF renders in this very process
 * (decision 0005: only clean, re-encoded images are ever stored).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  craftedImages,
  craftedPngs,
  dataUrl,
  goodImages,
  gpsJpeg,
} from "~/platform/images/test-support/crafted-images";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { generateWasteNotePdf } from "./generate-pdf.server";
import { getWasteNoteView } from "./get-note.server";
import { renderInProcess } from "./pdf-renderer.server";
import { submitWasteNote } from "./submit-note.server";
import { noteCounts } from "./test-support/note-counts";
import { pdfText } from "./test-support/pdf-text";
import { VALID_FIELDS } from "./test-support/valid-form";
import { validateWasteNote } from "./validate-note.server";

const SIGNATURE_REFUSED = "The drawn signature could not be read. Please clear it and sign again.";
const SIGNATURE_TOO_LARGE = "The drawn signature is too large. Please clear it and sign again.";
const PUBLIC_URL = "https://carriers.example.org";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
const owner = { userId: "", registrationNumber: "CBDU123456" };
let ip = 0;

function noteForm(
  opts: {
    photos?: { name: string; bytes: Buffer }[];
    transferorSignature?: string;
    transfereeSignature?: string;
  } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_FIELDS))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  for (const p of opts.photos ?? [])
    form.append("photos", new File([new Uint8Array(p.bytes)], p.name, { type: "image/png" }));
  form.append("transferorSignature", opts.transferorSignature ?? "");
  form.append("transfereeSignature", opts.transfereeSignature ?? "");
  return form;
}

const counts = () => noteCounts(t.db, dir, { recursive: true });

/** The two ways a note is made: the public generator (rate-limited by address) and the company form. */
const routes = {
  public: (form: FormData) =>
    submitWasteNote({ db: t.db, storage }, form, { rateLimitKey: `198.51.100.${++ip}` }),
  company: (form: FormData) => submitWasteNote({ db: t.db, storage }, form, { owner }),
};

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "crafted-notes-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntry(t.db, { registration_number: "CBDU123456", business_name: "Avon Skip Hire Ltd" });
  const user = await insertUser(t.db, { email: "owner@avon.example" });
  owner.userId = user.id;
  // The company form writes notes only for the owner of an approved listing (issue 14).
  await insertClaimedListing(t.db, { registration_number: "CBDU123456", user_id: user.id, verified: true });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the waste note validator", () => {
  it("refuses each crafted image as a photo, naming the file, and gives back the typed values", async () => {
    for (const { file, reason, bytes } of craftedImages()) {
      const good = (await goodImages()).png;
      const r = await validateWasteNote(
        noteForm({
          photos: [
            { name: "fine.png", bytes: good },
            { name: file, bytes },
          ],
        }),
      );
      expect(r.ok, file).toBe(false);
      if (r.ok) continue;
      expect(r.errors, file).toEqual({
        photos: [
          reason === "too-many-pixels"
            ? `${file} has too many pixels (at most 40 megapixels). Please choose a smaller photo.`
            : `${file} could not be read as an image. Please choose another photo.`,
        ],
      });
      expect(r.values).toMatchObject({
        carrierCompany: "Avon Skip Hire Ltd",
        "items[0].description": VALID_FIELDS["items[0].description"],
        transferorStatus: ["producer"],
      });
    }
  });

  it("refuses each crafted PNG drawn as either signature, and a drawing that is not a PNG", async () => {
    for (const { file, reason, bytes } of craftedPngs()) {
      const expected = reason === "too-many-pixels" ? SIGNATURE_TOO_LARGE : SIGNATURE_REFUSED;
      for (const field of ["transferorSignature", "transfereeSignature"] as const) {
        const r = await validateWasteNote(noteForm({ [field]: dataUrl(bytes) }));
        expect(r.ok ? null : r.errors, `${file} as ${field}`).toEqual({ [field]: [expected] });
      }
    }
    // A JPEG (even a valid one) labelled as a PNG data URL is not a drawn signature.
    const jpeg = await validateWasteNote(noteForm({ transferorSignature: dataUrl(gpsJpeg()) }));
    expect(jpeg.ok ? null : jpeg.errors).toEqual({ transferorSignature: [SIGNATURE_REFUSED] });
  });
});

describe("submitting crafted images", () => {
  for (const [route, submit] of Object.entries(routes)) {
    it(`${route}: every crafted photo or signature is refused and nothing is created, queued or stored`, async () => {
      const before = await counts();
      for (const { file, bytes } of craftedImages()) {
        const asPhoto = await submit(noteForm({ photos: [{ name: file, bytes }] }));
        expect(asPhoto.status === "invalid" && Object.keys(asPhoto.errors), file).toEqual(["photos"]);
        if (!file.endsWith(".png")) continue;
        for (const field of ["transferorSignature", "transfereeSignature"]) {
          const asSignature = await submit(noteForm({ [field]: dataUrl(bytes) }));
          expect(
            asSignature.status === "invalid" && Object.keys(asSignature.errors),
            `${file} as ${field}`,
          ).toEqual([field]);
        }
      }
      expect(await counts()).toEqual(before);
    });

    it(`${route}: valid images of every format make a note with clean files, and its PDF renders in this process`, async () => {
      const good = await goodImages(300, 200);
      const signature = await sharp({
        create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="600" height="200"><path d="M20 150 C 150 20, 300 180, 580 40" stroke="#0f172a" stroke-width="5" fill="none"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      const before = await counts();
      const result = await submit(
        noteForm({
          photos: [
            { name: "site.webp", bytes: good.webp },
            { name: "phone.jpg", bytes: gpsJpeg() },
            { name: "skip.gif", bytes: good.gif },
          ],
          transferorSignature: dataUrl(signature),
          transfereeSignature: dataUrl(good.png),
        }),
      );
      expect(result.status).toBe("created");
      if (result.status !== "created") return;
      expect(await counts()).toMatchObject({ notes: before.notes + 1, jobs: before.jobs + 1 });

      const note = (await getWasteNoteView(t.db, result.id))!.note;
      expect(note.registration_number).toBe(route === "company" ? owner.registrationNumber : null);
      expect(note.photo_keys).toEqual([1, 2, 3].map((n) => `waste-notes/${result.id}/photo-${n}.jpg`));
      for (const key of note.photo_keys) {
        const meta = await sharp(fs.readFileSync(path.join(dir, key))).metadata();
        expect(meta, key).toMatchObject({ format: "jpeg", hasAlpha: false });
        expect(meta.exif, key).toBeUndefined();
      }
      expect(await sharp(fs.readFileSync(path.join(dir, note.photo_keys[1]))).metadata()).toMatchObject({
        width: 64,
        height: 96,
      });
      for (const key of [note.transferor_signature_key!, note.transferee_signature_key!]) {
        expect(await sharp(fs.readFileSync(path.join(dir, key))).metadata(), key).toMatchObject({
          format: "png",
          hasAlpha: true,
          depth: "uchar",
        });
      }

      const { pdf } = await generateWasteNotePdf(
        { db: t.db, storage, publicUrl: PUBLIC_URL, render: renderInProcess },
        result.id,
      );
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const text = await pdfText(pdf);
      expect(text).toContain(result.id);
      expect(text).toContain("Jane Holloway");
      // Three photos, two drawn signatures and the QR code are embedded as images.
      expect(pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(6);
      expect((await getWasteNoteView(t.db, result.id))!.note.pdf_url).toBe(`/waste-note/${result.id}/pdf`);
    });
  }
});
