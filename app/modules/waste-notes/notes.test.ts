import { HONEYPOT_FIELD } from "~/platform/honeypot";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createWasteNote } from "./create-note.server";
import { PDF_JOB } from "./pdf-job.server";
import { exportCompanyNotesCsv } from "./export-csv.server";
import { generateWasteNotePdf } from "./generate-pdf.server";
import { createPdfRenderer, type PdfRendererHandle } from "./pdf-renderer.server";
import { createLogger } from "~/platform/logger.server";
import { getPlanUsage } from "./get-plan-usage.server";
import { getWasteNoteView } from "./get-note.server";
import { listCompanyNotes } from "./list-notes.server";
import { countNotesThisMonth } from "./plan-limit.server";
import { readNoteFile } from "./read-note-file.server";
import { pdfText } from "./test-support/pdf-text";
import { testPng, validForm, validInput as input } from "./test-support/valid-form";

const PUBLIC_URL = "https://carriers.example.org";
let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "waste-notes-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU123456", business_name: "Avon Skip Hire Ltd" },
    { registration_number: "CBDU999999", business_name: "Lapsed Carriers Ltd", expiry_date: "2020-01-01" },
  ]);
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("creating a waste note", () => {
  it("stores the note with an unguessable id, its photo, the carrier's status, and queues the PDF job", async () => {
    const data = await input({}, [testPng()]);
    const result = await createWasteNote({ db: t.db, storage }, data);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const view = await getWasteNoteView(t.db, result.id);
    expect(view?.note).toMatchObject({
      ewc_code: "17 08 02",
      hazardous: false,
      weight: "412.75",
      carrier_status_at_creation: "active",
      registration_number: null,
      pdf_url: null,
      transferor_status: ["producer"],
      waste_hierarchy_confirmed: true,
    });
    expect(view?.carrierStatusNow).toBe("active");
    // The photo is stored re-encoded (decision 0005): a JPEG of the same size, not the bytes sent.
    expect(view?.note.photo_keys).toEqual([`waste-notes/${result.id}/photo-1.jpg`]);
    const stored = fs.readFileSync(path.join(dir, "waste-notes", result.id, "photo-1.jpg"));
    expect(await sharp(stored).metadata()).toMatchObject({
      format: "jpeg",
      width: testPng().readUInt32BE(16),
      height: testPng().readUInt32BE(20),
    });
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("type", "=", PDF_JOB.type)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ id: result.id });
    expect(await getWasteNoteView(t.db, "not-a-uuid")).toBeNull();
    expect(await getWasteNoteView(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("records an expired or unknown carrier as such", async () => {
    const expired = await createWasteNote(
      { db: t.db, storage },
      await input({ carrierLicense: "cbdu 999999" }),
    );
    const unknown = await createWasteNote(
      { db: t.db, storage },
      await input({ carrierLicense: "CBDU000001" }),
    );
    if (!expired.ok || !unknown.ok) throw new Error("not created");
    expect((await getWasteNoteView(t.db, expired.id))?.note.carrier_status_at_creation).toBe("expired");
    expect((await getWasteNoteView(t.db, unknown.id))?.carrierStatusNow).toBe("not_found");
  });

  it("renders a lawful PDF holding the entered fields and a QR code to the view page", async () => {
    const sig = `data:image/png;base64,${testPng().toString("base64")}`;
    const data = await input(
      {
        "items[0].ewcCodes": "17 06 05*",
        "items[0].description": "Asbestos cement roof sheets, wrapped",
        consignmentCode: "HARBOU/00042",
        transferorStatus: ["producer", "permit_holder"],
        transferorPermitNumber: "EPR/AB1234CD",
        brokerArranged: "on",
        brokerName: "West Country Waste Brokers",
        brokerRegistration: "CBDU777777",
        transferorSignature: sig,
      },
      [testPng()],
    );
    const created = await createWasteNote({ db: t.db, storage }, data);
    if (!created.ok) throw new Error("not created");
    const renderer: PdfRendererHandle = createPdfRenderer(createLogger("silent"));
    const { pdf, qr } = await generateWasteNotePdf(
      { db: t.db, storage, publicUrl: PUBLIC_URL, render: renderer.render },
      created.id,
    ).finally(() => renderer.close());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const text = await pdfText(pdf);
    for (const expected of [
      "Waste Transfer Note",
      created.id,
      "Asbestos cement roof sheets, wrapped",
      "17 06 05*",
      "HAZARDOUS WASTE",
      "consignment note",
      "412.75 kg",
      "Skip",
      "14 Mill Lane, Bristol, BS1 4ST",
      "15 July 2026 at 09:30",
      "Harbourside Kitchens Ltd",
      "Unit 3, Quay Works, Bristol, BS1 5AA",
      "43320",
      "Holder of an environmental permit: permit EPR/AB1234CD",
      "Avon Skip Hire Ltd",
      "CBDU123456",
      "Depot Road, Avonmouth, BS11 9AB",
      "Registered waste carrier, broker or dealer",
      "WX21 ABC",
      "West Country Waste Brokers",
      "CBDU777777",
      "waste hierarchy",
      "Jane Holloway",
      "Tom Reeve",
      "Commercial",
      "keep this note for at least 2 years",
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const section of [
      "TRANSFEROR",
      "TRANSFEREE / CARRIER",
      "WASTE",
      "TRANSFER",
      "DECLARATIONS",
      "SIGNATURES",
      "PHOTOS",
    ]) {
      expect(text).toContain(section);
    }

    const png = PNG.sync.read(qr);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${PUBLIC_URL}/waste-note/${created.id}`);

    const note = (await getWasteNoteView(t.db, created.id))!.note;
    expect(note.pdf_url).toBe(`/waste-note/${created.id}/pdf`);
    expect(note.qr_url).toBe(`/waste-note/${created.id}/qr.png`);
    const file = await readNoteFile({ db: t.db, storage }, created.id, "pdf");
    expect(file.status === "ok" && file.file.body.equals(pdf)).toBe(true);
    expect((await readNoteFile({ db: t.db, storage }, created.id, { photo: 1 })).status).toBe("ok");
    expect((await readNoteFile({ db: t.db, storage }, created.id, { photo: 2 })).status).toBe("no-note");
    const drawn = await readNoteFile({ db: t.db, storage }, created.id, { signature: "transferor" });
    expect(drawn.status === "ok" && drawn.file.contentType).toBe("image/png");
    expect((await readNoteFile({ db: t.db, storage }, created.id, { signature: "transferee" })).status).toBe(
      "no-note",
    );
  });
});

describe("a company's notes and its plan", () => {
  const owner = { userId: "", registrationNumber: "CBDU123456" };
  beforeAll(async () => {
    const user = await insertUser(t.db, { email: "owner@avon.example" });
    owner.userId = user.id;
    await insertClaimedListing(t.db, { registration_number: "CBDU123456", user_id: user.id, verified: true });
  });

  it("writes a company's note under its own registration number, whatever the form's carrier licence says", async () => {
    const data = { ...(await input()), carrierLicense: "CBDU999999" };
    const created = await createWasteNote({ db: t.db, storage }, data, {
      owner,
      now: new Date("2026-01-15T12:00:00Z"),
    });
    if (!created.ok) throw new Error("note not created");
    const note = await t.db
      .selectFrom("waste_notes")
      .select(["carrier_license", "registration_number"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ carrier_license: "CBDU123456", registration_number: "CBDU123456" });
    await t.db.deleteFrom("waste_notes").where("id", "=", created.id).execute(); // the later counts expect none
  });

  it("refuses the 21st note of a calendar month on the standard plan, and allows it on premium", async () => {
    const now = new Date("2026-03-31T22:30:00Z"); // 23:30 on 31 March, UK summer time: still March
    const data = await input();
    // 19 March notes plus one from February (not counted) and one from 1 April UK time (not counted)
    for (let i = 0; i < 19; i++) {
      expect(
        (
          await createWasteNote({ db: t.db, storage }, data, {
            owner,
            now: new Date(now.getTime() - i * 3_600_000),
          })
        ).ok,
      ).toBe(true);
    }
    await createWasteNote({ db: t.db, storage }, data, { owner, now: new Date("2026-02-28T12:00:00Z") });
    expect(await countNotesThisMonth(t.db, owner.registrationNumber, now)).toBe(19);
    expect((await createWasteNote({ db: t.db, storage }, data, { owner, now })).ok).toBe(true);
    const refused = await createWasteNote({ db: t.db, storage }, data, { owner, now });
    expect(refused).toMatchObject({
      ok: false,
      reason: "plan_limit",
      usage: { used: 20, limit: 20, label: "20 of 20 this month" },
    });
    // 1 April 00:30 UK time is a new month
    expect(
      (await createWasteNote({ db: t.db, storage }, data, { owner, now: new Date("2026-03-31T23:30:00Z") }))
        .ok,
    ).toBe(true);

    expect((await getPlanUsage(t.db, owner.registrationNumber, now)).label).toBe("20 of 20 this month");

    await t.db.updateTable("claimed_listings").set({ subscription_plan: "premium" }).execute();
    expect((await createWasteNote({ db: t.db, storage }, data, { owner, now })).ok).toBe(true);
    expect(await getPlanUsage(t.db, owner.registrationNumber, now)).toMatchObject({
      plan: "premium",
      limit: null,
      allowed: true,
    });
  });

  it("lists them newest first with counters and a search", async () => {
    const hazardous = await input({
      "items[0].ewcCodes": "20 01 21*",
      "items[0].description": "Fluorescent tubes",
      consignmentCode: "HARBOU/00043",
      originAddress: "1 Dock Road, Gloucester",
    });
    await createWasteNote({ db: t.db, storage }, hazardous, { owner, now: new Date("2026-03-15T10:00:00Z") });
    const list = await listCompanyNotes(t.db, owner.registrationNumber, {
      now: new Date("2026-03-31T22:30:00Z"),
    });
    expect(list.counters.total).toBe(24);
    expect(list.counters.hazardous).toBe(1);
    // 22 in March; the one made at 00:30 on 1 April UK time is next month's
    expect(list.counters.thisMonth).toBe(22);
    const found = await listCompanyNotes(t.db, owner.registrationNumber, { search: "gloucester" });
    expect(found.matching).toBe(1);
    expect(found.notes[0].description).toBe("Fluorescent tubes");
    expect((await listCompanyNotes(t.db, owner.registrationNumber, { search: "20 01 21" })).matching).toBe(1);
    expect((await listCompanyNotes(t.db, owner.registrationNumber, { search: "100%" })).matching).toBe(0);
    // Pages: a limit and an offset over the same order; counters and matching stay whole.
    const page1 = await listCompanyNotes(t.db, owner.registrationNumber, { limit: 20 });
    const page2 = await listCompanyNotes(t.db, owner.registrationNumber, { limit: 20, offset: 20 });
    expect(page1.notes).toHaveLength(20);
    expect(page2.notes).toHaveLength(4);
    expect(page2.matching).toBe(24);
    expect(new Set([...page1.notes, ...page2.notes].map((n) => n.id)).size).toBe(24);
    expect(page1.notes.map((n) => n.id)).toEqual(list.notes.slice(0, 20).map((n) => n.id));
  });

  it("exports every note of the company as CSV, formulas neutralised", async () => {
    const formula = await input({
      "items[0].description": '=HYPERLINK("http://evil")',
      originAddress: "3 Quay, Bristol",
    });
    await createWasteNote({ db: t.db, storage }, formula, { owner, now: new Date("2026-03-20T10:00:00Z") });
    const csv = await exportCompanyNotesCsv(t.db, owner.registrationNumber, PUBLIC_URL);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(
      /^note_id,created_at,collection_date_time,waste_type,description,ewc_code,ewc_code_6,hazardous,weight_kg,container_type/,
    );
    expect(lines).toHaveLength(1 + 25);
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(csv).toContain("20 01 21*,200121,yes,412.75,SKI,1");
    expect(csv).not.toContain("Harbourside Kitchens Ltd,Unit 3, Quay"); // addresses with commas are quoted
  });
});

describe("submitting the public form", () => {
  it("refuses spam, returns errors, limits anonymous notes per client, and creates the note", async () => {
    const { submitWasteNote, PUBLIC_NOTE_LIMIT } = await import("./submit-note.server");
    const deps = { db: t.db, storage };
    expect(await submitWasteNote(deps, validForm({ [HONEYPOT_FIELD]: "http://spam.example" }))).toEqual({
      status: "spam",
    });
    const invalid = await submitWasteNote(deps, validForm({ "items[0].quantity": "" }), {
      rateLimitKey: "203.0.113.9",
    });
    expect(invalid).toMatchObject({ status: "invalid", errors: { "items[0].quantity": ["Required"] } });
    // The refused submission counted (the limit is checked before validation, issue 14): one slot fewer.
    for (let i = 0; i < PUBLIC_NOTE_LIMIT.max - 1; i++) {
      expect((await submitWasteNote(deps, validForm(), { rateLimitKey: "203.0.113.9" })).status).toBe(
        "created",
      );
    }
    const limited = await submitWasteNote(deps, validForm(), { rateLimitKey: "203.0.113.9" });
    expect(limited).toMatchObject({
      status: "rate_limited",
      values: {
        transferorStatus: ["producer"],
        "items[0].quantity": "412.75",
        "items[0].ewcCodes": ["17 08 02"],
      },
    });
    expect((await submitWasteNote(deps, validForm(), { rateLimitKey: "203.0.113.10" })).status).toBe(
      "created",
    );
  });
});
