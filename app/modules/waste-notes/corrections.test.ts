/**
 * What a correction may be (decision 0272), on PGlite and PostgreSQL: the same transfer (the same
 * customer and place as version 1, spelling fixed at most; a date within a month), at most 5 per
 * note, within the listing's customer e-mails of the day; a version about someone else is never
 * linked for a visitor; a season ticket's transfers carried over to the new version, capped like
 * items, and exported one row / one movement each.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { CORRECTION_TEXT, MAX_CORRECTIONS, sameParty } from "./correction-rules";
import { CUSTOMER_EMAIL_JOB } from "./send-to-customer.server";
import { CUSTOMER_EMAILS_PER_DAY, customerEmailKey } from "./customer-email-limit.server";
import { describeNote } from "./describe-note.server";
import { getNoteMovementExport, movementExportBatches } from "./dwt/export-movements.server";
import schema from "./dwt/movement-record.schema.json";
import { exportCompanyNotesCsv } from "./export-csv.server";
import { getWasteNoteView } from "./get-note.server";
import { LIFECYCLE_TEXT } from "./lifecycle-rules";
import { getFilledNoteForm, noteFormValues } from "./note-form-values.server";
import { countNotesThisMonth } from "./plan-limit.server";
import { addSeasonTransfer } from "./season-ticket.server";
import { submitWasteNote } from "./submit-note.server";
import { validInput } from "./test-support/valid-form";
import type { FormValues } from "./validate-note.server";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
/** A Standard listing that uses up its month; one to correct freely; one for season tickets. */
const FULL: NoteOwner = { userId: "", registrationNumber: "CBDU727201" };
const FREE: NoteOwner = { userId: "", registrationNumber: "CBDU727202" };
const SEASON: NoteOwner = { userId: "", registrationNumber: "CBDU727203" };
const NOW = new Date("2026-07-20T12:00:00Z");
const deps = () => ({ db: t.db, storage });

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-corrections-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(
    t.db,
    [FULL, FREE, SEASON].map((o) => ({
      registration_number: o.registrationNumber,
      business_name: "Fixers Ltd",
    })),
  );
  for (const owner of [FULL, FREE, SEASON]) {
    const user = await insertUser(t.db, {
      email: `owner-${owner.registrationNumber.toLowerCase()}@fix.example`,
    });
    owner.userId = user.id;
    await insertClaimedListing(t.db, { registration_number: owner.registrationNumber, user_id: user.id });
  }
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newNote(owner: NoteOwner, overrides: Record<string, string | string[] | null> = {}) {
  const input = await validInput({ carrierLicense: owner.registrationNumber, ...overrides });
  const r = await createWasteNote(deps(), input, { owner, now: NOW });
  if (!r.ok) throw new Error(`note refused: ${r.reason}`);
  return r.id;
}

async function view(id: string) {
  const v = await getWasteNoteView(t.db, id, NOW);
  if (!v) throw new Error(`no note ${id}`);
  return v;
}

/** The Correct form of `id` as the browser posts it, with `changes`, signed by name. */
async function correctionForm(id: string, changes: Record<string, string> = {}): Promise<FormData> {
  const values: FormValues = noteFormValues(await view(id), "correct");
  const form = new FormData();
  const all = {
    ...values,
    wasteHierarchy: "on",
    transferorSignatureName: "Jane Holloway",
    transfereeSignatureName: "Tom Reeve",
    correctionOf: id,
    ...changes,
  };
  for (const [name, value] of Object.entries(all))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
}

const correct = async (owner: NoteOwner, id: string, changes: Record<string, string> = {}) =>
  submitWasteNote(deps(), await correctionForm(id, changes), { owner, now: NOW });

const noteCount = async (registrationNumber: string) =>
  Number(
    (
      await t.db
        .selectFrom("waste_notes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("registration_number", "=", registrationNumber)
        .executeTakeFirstOrThrow()
    ).n,
  );

const emailJobs = async () =>
  Number(
    (
      await t.db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("type", "=", CUSTOMER_EMAIL_JOB.type)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a correction is the same transfer", () => {
  it("tells a spelling fix from another customer", () => {
    expect(sameParty("Harbourside Kitchens Ltd", "Harborside Kitchens Ltd.")).toBe(true);
    expect(sameParty("14 Mill Lane, Bristol, BS1 4ST", "14 Mill Lane Bristol BS1 4SY")).toBe(true);
    expect(sameParty("Harbourside Kitchens Ltd", "Victim Holdings plc")).toBe(false);
    expect(sameParty("Bob", "Tom")).toBe(false);
    expect(sameParty("14 Mill Lane, Bristol, BS1 4ST", "99 Other Road, Leeds, LS1 1AA")).toBe(false);
  });

  it("at the month's limit, refuses a correction naming another customer: nothing saved, no e-mail, the fields marked", async () => {
    const first = await newNote(FULL, { customerEmail: "kitchens@harbourside.example" });
    for (let i = 1; i < 20; i++) await newNote(FULL);
    expect(await countNotesThisMonth(t.db, FULL.registrationNumber, NOW)).toBe(20);
    const before = { notes: await noteCount(FULL.registrationNumber), emails: await emailJobs() };

    const other = await correct(FULL, first, {
      transferorName: "Victim Holdings plc",
      transferorAddress: "1 Elsewhere Road, Leeds, LS1 1AA",
      originAddress: "1 Elsewhere Road, Leeds, LS1 1AA",
      customerEmail: "victim@elsewhere.example",
    });
    expect(other).toMatchObject({
      status: "refused",
      refusal: {
        reason: "correction_parties",
        message: CORRECTION_TEXT.parties,
        fields: {
          transferorName: CORRECTION_TEXT.field.transferorName("Harbourside Kitchens Ltd"),
          transferorAddress: expect.any(String),
          originAddress: expect.any(String),
        },
      },
    });
    // Only the place changed: that alone is refused too.
    expect(await correct(FULL, first, { originAddress: "99 Other Road, Leeds, LS1 1AA" })).toMatchObject({
      status: "refused",
      refusal: { reason: "correction_parties", fields: { originAddress: expect.any(String) } },
    });
    expect(await noteCount(FULL.registrationNumber)).toBe(before.notes);
    expect(await emailJobs()).toBe(before.emails);
    expect((await view(first)).note.superseded_at).toBeNull();

    // A spelling fix and a new weight: version 2, not counted against the month.
    const fixed = await correct(FULL, first, {
      transferorName: "Harbourside Kitchen Ltd",
      "items[0].quantity": "480",
    });
    expect(fixed.status).toBe("created");
    expect(await countNotesThisMonth(t.db, FULL.registrationNumber, NOW)).toBe(20);
  });

  it("measures every correction against version 1, so small changes cannot walk the note to someone else", async () => {
    let id = await newNote(FREE, { transferorName: "Alice Smith" });
    const r1 = await correct(FREE, id, { transferorName: "Alice Smyth" });
    if (r1.status !== "created") throw new Error(r1.status);
    id = r1.id;
    // Two letters from version 2 but three from version 1 ("alicesmith" allows 2).
    expect(await correct(FREE, id, { transferorName: "Alyce Smythe" })).toMatchObject({
      status: "refused",
      refusal: { reason: "correction_parties" },
    });
  });

  it("refuses a collection moved more than 31 days from version 1's", async () => {
    const id = await newNote(FREE);
    expect(await correct(FREE, id, { collectionDateTime: "2026-06-10T09:30" })).toMatchObject({
      status: "refused",
      refusal: {
        reason: "correction_date",
        fields: { collectionDateTime: expect.stringContaining("31 days") },
      },
    });
    expect((await correct(FREE, id, { collectionDateTime: "2026-07-16T09:30" })).status).toBe("created");
  });

  it("allows at most 5 corrections of a note, on submit and on the form's page", async () => {
    let id = await newNote(FREE);
    for (let i = 0; i < MAX_CORRECTIONS; i++) {
      const r = await correct(FREE, id, { "items[0].quantity": String(400 + i) });
      if (r.status !== "created") throw new Error(`correction ${i + 1}: ${r.status}`);
      id = r.id;
    }
    expect((await view(id)).note.version).toBe(MAX_CORRECTIONS + 1);
    expect(await correct(FREE, id, { "items[0].quantity": "999" })).toMatchObject({
      status: "refused",
      refusal: { reason: "correction_limit", message: CORRECTION_TEXT.limit },
    });
    const page = await getFilledNoteForm(t.db, {
      noteId: id,
      mode: "correct",
      registrationNumber: FREE.registrationNumber,
    });
    expect(page?.blocked?.message).toBe(CORRECTION_TEXT.limit);
  });
});

describe("customer e-mails per listing per day", () => {
  it("refuses a note (or correction) with a customer's e-mail once the day's e-mails are used up", async () => {
    const key = customerEmailKey(FREE.registrationNumber, NOW);
    await t.db
      .insertInto("rate_limits")
      .values({
        key,
        hits: CUSTOMER_EMAILS_PER_DAY - 1,
        window_started_at: NOW,
        expires_at: new Date(NOW.getTime() + 86_400_000),
      })
      .execute();
    const id = await newNote(FREE, { customerEmail: "last@customer.example" }); // the day's last
    const jobs = await emailJobs();
    const input = await validInput({
      carrierLicense: FREE.registrationNumber,
      customerEmail: "one@more.example",
    });
    expect(await createWasteNote(deps(), input, { owner: FREE, now: NOW })).toMatchObject({
      ok: false,
      reason: "customer_email_limit",
      refusal: { fields: { customerEmail: expect.stringContaining("Leave the customer's e-mail empty") } },
    });
    expect(await correct(FREE, id, { "items[0].quantity": "401" })).toMatchObject({
      status: "refused",
      refusal: { reason: "customer_email_limit" },
    });
    expect(await emailJobs()).toBe(jobs);
    // Without an e-mail the note is saved; the next UK day has its own count.
    expect((await correct(FREE, id, { customerEmail: "" })).status).toBe("created");
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect((await createWasteNote(deps(), input, { owner: FREE, now: tomorrow })).ok).toBe(true);
  });
});

describe("what a visitor is led to from a version", () => {
  it("never links a version to one about another customer (a correction from before the rule)", async () => {
    const v1 = await newNote(FREE, { transferorName: "Customer A Ltd" });
    const r = await correct(FREE, v1, { "items[0].quantity": "410" });
    if (r.status !== "created") throw new Error(r.status);
    // As an unchecked correction could have written it: version 2 about someone else.
    await t.db
      .updateTable("waste_notes")
      .set({ transferor_name: "Customer B plc", origin_address: "1 B Street, Leeds, LS1 1BB" })
      .where("id", "=", r.id)
      .execute();
    const visitor = describeNote(await view(v1));
    expect(visitor.versionInfo.supersededById).toBeNull();
    expect(visitor.versionInfo.versions.map((v) => v.id)).toEqual([v1]);
    expect(JSON.stringify(visitor)).not.toContain(r.id);
    const v2Visitor = describeNote(await view(r.id));
    expect(v2Visitor.versionInfo.supersedesId).toBeNull();
    expect(v2Visitor.versionInfo.versions.map((v) => v.id)).toEqual([r.id]);
    // The owner sees the whole series.
    const owner = describeNote(await view(v1), { owner: true });
    expect(owner.versionInfo.supersededById).toBe(r.id);
  });
});

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
ajv.addSchema(schema);
const validateFile = ajv.getSchema(`${schema.$id}#/$defs/exportFile`)!;

describe("a season ticket's transfers", () => {
  const transfer = (noteId: string, at: string, quantity = "1.5", unit = "t") =>
    addSeasonTransfer(t.db, {
      noteId,
      userId: SEASON.userId,
      registrationNumber: SEASON.registrationNumber,
      fields: { at, quantity, unit, place: "Loading bay 2" },
      now: NOW,
    });

  it("caps a transfer's quantity like an item's, in the form and in the database", async () => {
    const id = await newNote(SEASON, { seasonTicketUntil: "2026-10-15" });
    expect(await transfer(id, "2026-07-16T08:00", "100001", "t")).toEqual({
      ok: false,
      status: "invalid",
      errors: { quantity: LIFECYCLE_TEXT.quantityTooLarge },
    });
    expect(await transfer(id, "2026-07-16T08:00", "100000001", "kg")).toMatchObject({ status: "invalid" });
    expect(await transfer(id, "2026-07-16T08:00", "100000", "t")).toMatchObject({ ok: true });
    await expect(
      t.db
        .insertInto("waste_note_transfers")
        .values({ note_id: id, transferred_at: NOW, quantity: "999999999", unit: "t", place: "Direct" })
        .execute(),
    ).rejects.toThrow(/waste_note_transfers_quantity_cap/);
  });

  it("carries the transfers over to the corrected ticket, and refuses dates that would leave them out", async () => {
    const v1 = await newNote(SEASON, { seasonTicketUntil: "2026-10-15" });
    expect(await transfer(v1, "2026-07-18T08:00", "1.5")).toMatchObject({ ok: true });
    expect(await transfer(v1, "2026-08-01T09:15", "750", "kg")).toMatchObject({ ok: true });

    expect(await correct(SEASON, v1, { seasonTicketUntil: "2026-07-25" })).toMatchObject({
      status: "refused",
      refusal: { reason: "correction_transfers", fields: { seasonTicketUntil: expect.any(String) } },
    });
    expect(await correct(SEASON, v1, { seasonTicketUntil: "" })).toMatchObject({
      refusal: { reason: "correction_transfers" },
    });
    const v2 = await correct(SEASON, v1, { seasonTicketUntil: "2026-11-30" });
    if (v2.status !== "created") throw new Error(v2.status);
    const corrected = await view(v2.id);
    expect(corrected.transfers.map((x) => [x.place, Number(x.quantity), x.unit])).toEqual([
      ["Loading bay 2", 1.5, "t"],
      ["Loading bay 2", 750, "kg"],
    ]);
    expect((await view(v1)).transfers).toHaveLength(2); // version 1 keeps its own, as it was
    // More can be added to the current version.
    expect(await transfer(v2.id, "2026-08-10T10:00", "2")).toMatchObject({ ok: true });

    // The notes CSV: the note's row, then one row per transfer.
    const rows = parse(await exportCompanyNotesCsv(t.db, SEASON.registrationNumber, "https://x.example"), {
      columns: true,
    }) as Record<string, string>[];
    const ticket = rows.filter((row) => row.note_id === v2.id);
    expect(ticket.map((row) => [row.row_type, row.transfer_quantity, row.transfer_unit])).toEqual([
      ["note", "", ""],
      ["transfer", "1.5", "t"],
      ["transfer", "750", "kg"],
      ["transfer", "2", "t"],
    ]);
    expect(ticket[2]).toMatchObject({
      transfer_date_time: "2026-08-01T08:15:00.000Z",
      transfer_place: "Loading bay 2",
      season_ticket_until: "2026-11-30",
      status: "Current",
    });

    // Digital waste tracking: one movement per transfer in the range, each valid.
    const files = [];
    for await (const batch of movementExportBatches(t.db, SEASON.registrationNumber, {
      start: new Date("2026-08-01T00:00:00Z"),
      end: new Date("2026-09-01T00:00:00Z"),
    }))
      files.push(...batch);
    const moves = files.filter((f) => f.movement.yourUniqueReference.startsWith(`${v2.id}/`));
    expect(moves.map((f) => [f.movement.yourUniqueReference, f.movement.wasteItems[0]!.weight])).toEqual([
      [`${v2.id}/transfer-2`, { metric: "Kilograms", amount: 750, isEstimate: false }],
      [`${v2.id}/transfer-3`, { metric: "Tonnes", amount: 2, isEstimate: false }],
    ]);
    expect(moves[0]!.movement.dateTimeReceived).toBe("2026-08-01T09:15:00+01:00");
    for (const f of moves) expect(validateFile(f), JSON.stringify(validateFile.errors)).toBe(true);

    const file = await getNoteMovementExport(t.db, SEASON.registrationNumber, v2.id);
    expect(file?.transferMovements).toHaveLength(3);
    expect(validateFile(file), JSON.stringify(validateFile.errors)).toBe(true);
  });
});
