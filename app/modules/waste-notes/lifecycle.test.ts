/**
 * What happens to a note after it is written (issue 19, decision 0711), on PGlite and PostgreSQL:
 * the form filled from a note (repeat / correct) reads back as the same note; corrections make a
 * chain of versions; a stale correction is refused and saves nothing; void rules; a season
 * ticket's transfers within its dates; the audit rows of each.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateToLondonLocal } from "~/platform/dates";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { getWasteNoteView } from "./get-note.server";
import { cleanLine } from "~/platform/one-line";
import { LIFECYCLE_TEXT } from "./lifecycle-rules";
import { explainRefusedCorrection, getFilledNoteForm, noteFormValues } from "./note-form-values.server";
import { listCompanyNotes } from "./list-notes.server";
import { getNoteManagement } from "./owned-note.server";
import { PDF_JOB } from "./pdf-job.server";
import { countNotesThisMonth } from "./plan-limit.server";
import { addSeasonTransfer } from "./season-ticket.server";
import { submitWasteNote } from "./submit-note.server";
import { NOTE_RULE_TEXT } from "./note-rules";
import { validForm, validInput } from "./test-support/valid-form";
import { validateWasteNote, type FormValues } from "./validate-note.server";
import { voidWasteNote } from "./void-note.server";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
const A: NoteOwner = { userId: "", registrationNumber: "CBDU430001" };
const B: NoteOwner = { userId: "", registrationNumber: "CBDU430002" };
const deps = () => ({ db: t.db, storage });

/** Two items (one of two codes, in tonnes, estimated, with a recovery code), a site, a customer and a broker. */
const RICH_NOTE = {
  carrierLicense: A.registrationNumber,
  "items[0].ewcCodes": ["17 09 04", "17 01 07"],
  "items[0].quantity": "2.5",
  "items[0].unit": "t",
  "items[0].estimated": "on",
  "items[0].disposalCode": "R5",
  "items[1].description": "Fluorescent tubes from the shop fit-out",
  "items[1].ewcCodes": ["20 01 21*"],
  "items[1].physicalForm": "Solid",
  "items[1].quantity": "12.125",
  "items[1].unit": "kg",
  "items[1].containerType": "LOO",
  "items[1].containerCount": "",
  consignmentCode: "ABCDEF/12345",
  receivingSiteName: "Avonmouth Transfer Station",
  receivingSiteAuthorisation: "EPR/AB1234CD",
  receivingSiteAddress: "Severn Road, Avonmouth",
  receivingSitePostcode: "BS11 0YS",
  customerEmail: "accounts@harbourside.example",
  brokerArranged: "on",
  brokerName: "Severn Brokers Ltd",
  brokerRegistration: "CBDU555555",
};

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-lifecycle-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    { registration_number: A.registrationNumber, business_name: "Lifecycle Skips Ltd" },
    { registration_number: B.registrationNumber, business_name: "Other Carriers Ltd" },
  ]);
  for (const owner of [A, B]) {
    const user = await insertUser(t.db, {
      email: `owner-${owner.registrationNumber.toLowerCase()}@lifecycle.example`,
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
  const r = await createWasteNote(deps(), input, { owner });
  if (!r.ok) throw new Error(`note refused: ${r.reason}`);
  return { id: r.id, input };
}

async function view(id: string) {
  const v = await getWasteNoteView(t.db, id);
  if (!v) throw new Error(`no note ${id}`);
  return v;
}

/** The filled form as the browser posts it after the person signs by name and confirms the declaration. */
function signedForm(values: FormValues, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  const all = {
    ...values,
    wasteHierarchy: "on",
    transferorSignatureName: "Jane Holloway",
    transfereeSignatureName: "Tom Reeve",
    ...extra,
  };
  for (const [name, value] of Object.entries(all))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
}

async function audits(entityId: string) {
  return t.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id", "details"])
    .where("entity_id", "=", entityId)
    .orderBy("id")
    .execute();
}

describe("the form filled from a note", () => {
  it("repeat: the same items, parties, site and customer with a new date; no signatures, consignment code or season", async () => {
    const { id, input } = await newNote(A, RICH_NOTE);
    const now = new Date("2026-09-01T13:47:00Z");
    const values = noteFormValues(await view(id), "repeat", now);
    expect(values.collectionDateTime).toBe("2026-09-01T14:47"); // London summer time
    expect(values["items[0].ewcCodes"]).toEqual(["17 09 04", "17 01 07"]);
    expect(values["items[0].quantity"]).toBe("2.5");
    expect(values["items[0].estimated"]).toBe("on");
    expect(values["items[1].quantity"]).toBe("12.125");
    expect(values["items[1].estimated"]).toBeUndefined();
    expect(values).toMatchObject({
      receivingSiteName: "Avonmouth Transfer Station",
      customerEmail: "accounts@harbourside.example",
      brokerArranged: "on",
      consignmentCode: "",
      seasonTicketUntil: "",
    });
    for (const name of ["transferorSignatureName", "transfereeSignatureName", "wasteHierarchy", "photos"])
      expect(values[name], name).toBeUndefined();

    // Read back by the form's own validator: the same note but for the date and the consignment code.
    const again = await validateWasteNote(signedForm(values, { consignmentCode: "ABCDEF/67890" }));
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.data.items).toEqual(input.items);
    expect(again.data.collectionDateTime).toEqual(now);
    const { collectionDateTime: _a, consignmentCode: _b, items: _c, ...rest } = again.data;
    const { collectionDateTime: _d, consignmentCode: _e, items: _f, ...before } = input;
    expect(rest).toEqual(before);
  });

  it("correct: everything as it was, the collection date, consignment code and season ticket included", async () => {
    const { id, input } = await newNote(A, {
      ...RICH_NOTE,
      "items[1].ewcCodes": ["20 01 38"],
      consignmentCode: null,
      seasonTicketUntil: "2026-12-31",
    });
    const values = noteFormValues(await view(id), "correct", new Date("2026-09-01T12:00:00Z"));
    expect(values.collectionDateTime).toBe(dateToLondonLocal(input.collectionDateTime));
    expect(values.seasonTicketUntil).toBe("2026-12-31");
    const again = await validateWasteNote(signedForm(values));
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.data).toEqual(input);
  });

  it("only for the company's own note; correct is blocked on a superseded or void note", async () => {
    const { id } = await newNote(A);
    expect(
      await getFilledNoteForm(t.db, { noteId: id, mode: "repeat", registrationNumber: B.registrationNumber }),
    ).toBeNull();
    expect(
      await getFilledNoteForm(t.db, {
        noteId: "nope",
        mode: "repeat",
        registrationNumber: A.registrationNumber,
      }),
    ).toBeNull();
    const filled = await getFilledNoteForm(t.db, {
      noteId: id,
      mode: "correct",
      registrationNumber: A.registrationNumber,
    });
    expect(filled).toMatchObject({
      mode: "correct",
      correctionOf: id,
      blocked: null,
      source: { id, version: 1 },
    });
    await voidWasteNote(t.db, {
      noteId: id,
      userId: A.userId,
      registrationNumber: A.registrationNumber,
      reason: "Wrong site",
    });
    const blocked = await getFilledNoteForm(t.db, {
      noteId: id,
      mode: "correct",
      registrationNumber: A.registrationNumber,
    });
    expect(blocked?.blocked?.message).toBe(LIFECYCLE_TEXT.voidedCannotCorrect);
    // A void note may still be written again.
    const repeat = await getFilledNoteForm(t.db, {
      noteId: id,
      mode: "repeat",
      registrationNumber: A.registrationNumber,
    });
    expect(repeat).toMatchObject({ blocked: null, correctionOf: null });
  });
});

describe("corrections", () => {
  it("make a chain v1 → v2 → v3 in one series; each supersedes the one before; none uses the allowance", async () => {
    const { id: v1 } = await newNote(A, { "items[0].description": "Chain: first version" });
    const countBefore = await countNotesThisMonth(t.db, A.registrationNumber);
    const countersBefore = (await listCompanyNotes(t.db, A.registrationNumber)).counters;
    const rowsBefore = (await listCompanyNotes(t.db, A.registrationNumber)).matching;
    const correct = async (of: string, description: string) => {
      const values = noteFormValues(await view(of), "correct");
      const form = signedForm(values, { "items[0].description": description, correctionOf: of });
      const r = await submitWasteNote(deps(), form, { owner: A });
      if (r.status !== "created") throw new Error(JSON.stringify(r));
      return r.id;
    };
    const v2 = await correct(v1, "Chain: second version");
    const v3 = await correct(v2, "Chain: third version");
    const [n1, n2, n3] = await Promise.all([view(v1), view(v2), view(v3)]);
    expect([n1.note.version, n2.note.version, n3.note.version]).toEqual([1, 2, 3]);
    expect(new Set([n1.note.series_id, n2.note.series_id, n3.note.series_id])).toEqual(new Set([v1]));
    expect([n2.note.supersedes_id, n3.note.supersedes_id]).toEqual([v1, v2]);
    expect(n1.note.superseded_at).not.toBeNull();
    expect(n2.note.superseded_at).not.toBeNull();
    expect(n3.note.superseded_at).toBeNull();
    expect(n3.items[0].description).toBe("Chain: third version");
    expect(n3.versions.map((v) => v.id)).toEqual([v1, v2, v3]);
    expect(await countNotesThisMonth(t.db, A.registrationNumber)).toBe(countBefore);
    // Past Waste Notes counts notes, not versions, as the plan does; its list shows every version.
    const after = await listCompanyNotes(t.db, A.registrationNumber);
    expect(after.counters).toEqual(countersBefore);
    expect(after.counters.thisMonth).toBe(countBefore);
    expect(after.matching).toBe(rowsBefore + 2);
    expect(after.listed).toBe(rowsBefore + 2);
    expect((await audits(v3)).map((a) => a.action)).toEqual(["waste_note.corrected"]);
  });

  it("a stale tab correcting an already superseded note is refused, says so, and saves nothing", async () => {
    const { id: v1 } = await newNote(A);
    const values = noteFormValues(await view(v1), "correct");
    const first = await submitWasteNote(deps(), signedForm(values, { correctionOf: v1 }), { owner: A });
    expect(first.status).toBe("created");
    const notesBefore = await t.db.selectFrom("waste_notes").select("id").execute();
    const stale = await submitWasteNote(deps(), signedForm(values, { correctionOf: v1 }), { owner: A });
    expect(stale).toMatchObject({ status: "refused", refusal: { reason: "not_current" } });
    expect(await t.db.selectFrom("waste_notes").select("id").execute()).toHaveLength(notesBefore.length);
    const why = await explainRefusedCorrection(t.db, v1, A.registrationNumber);
    expect(why).toEqual({
      message: "This note has already been corrected: open the current version",
      latestId: first.status === "created" ? first.id : null,
    });
    // Another company cannot correct it either.
    const other = await submitWasteNote(
      deps(),
      signedForm(values, {
        correctionOf: first.status === "created" ? first.id : "",
        carrierLicense: B.registrationNumber,
      }),
      { owner: B },
    );
    expect(other).toMatchObject({ status: "refused", refusal: { reason: "not_current" } });
  });
});

describe("void", () => {
  it("needs a reason (control characters removed, at most 500 characters), keeps the note, audits and remakes the PDF", async () => {
    const { id } = await newNote(A);
    const at = new Date("2026-09-02T08:00:00Z");
    const base = { noteId: id, userId: A.userId, registrationNumber: A.registrationNumber, now: at };
    expect(await voidWasteNote(t.db, { ...base, reason: "  \u0000\t " })).toEqual({
      ok: false,
      status: "invalid",
      error: LIFECYCLE_TEXT.voidReasonRequired,
    });
    expect(await voidWasteNote(t.db, { ...base, reason: "x".repeat(501) })).toMatchObject({
      status: "invalid",
    });
    expect((await view(id)).note.voided_at).toBeNull();

    await t.db.deleteFrom("jobs").where("type", "=", PDF_JOB.type).execute();
    const r = await voidWasteNote(t.db, { ...base, reason: "Written\r\nfor the wrong\u0007 customer" });
    expect(r).toEqual({ ok: true, id, reason: "Written for the wrong customer" });
    const { note } = await view(id);
    expect(note).toMatchObject({
      voided_at: at,
      void_reason: "Written for the wrong customer",
      voided_by: A.userId,
    });
    expect(await audits(id)).toEqual([
      expect.objectContaining({ action: "waste_note.created" }),
      {
        action: "waste_note.voided",
        actor_user_id: A.userId,
        details: expect.objectContaining({ reason: "Written for the wrong customer", version: 1 }),
      },
    ]);
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", PDF_JOB.type)
      .executeTakeFirst();
    expect(job?.payload).toEqual({ id });
  });

  it("a void note cannot be voided again or corrected; a superseded note cannot be voided; another company's note is not found", async () => {
    const { id } = await newNote(A);
    const base = { noteId: id, userId: A.userId, registrationNumber: A.registrationNumber };
    expect(
      await voidWasteNote(t.db, {
        ...base,
        registrationNumber: B.registrationNumber,
        userId: B.userId,
        reason: "Not mine",
      }),
    ).toEqual({
      ok: false,
      status: "not_found",
    });
    expect((await voidWasteNote(t.db, { ...base, reason: "Duplicate" })).ok).toBe(true);
    expect(await voidWasteNote(t.db, { ...base, reason: "Again" })).toEqual({
      ok: false,
      status: "not_current",
      error: LIFECYCLE_TEXT.alreadyVoid,
      latestId: id,
    });
    const values = noteFormValues(await view(id), "correct");
    const correction = await submitWasteNote(deps(), signedForm(values, { correctionOf: id }), { owner: A });
    expect(correction).toMatchObject({ status: "refused", refusal: { reason: "not_current" } });
    expect((await explainRefusedCorrection(t.db, id, A.registrationNumber)).message).toBe(
      LIFECYCLE_TEXT.voidedCannotCorrect,
    );

    const { id: old } = await newNote(A);
    const v2 = await submitWasteNote(
      deps(),
      signedForm(noteFormValues(await view(old), "correct"), { correctionOf: old }),
      { owner: A },
    );
    expect(v2.status).toBe("created");
    expect(await voidWasteNote(t.db, { ...base, noteId: old, reason: "Too late" })).toMatchObject({
      status: "not_current",
      error: LIFECYCLE_TEXT.supersededCannotVoid,
      latestId: v2.status === "created" ? v2.id : null,
    });
    expect((await audits(old)).map((a) => a.action)).toEqual(["waste_note.created"]);
  });

  it("a voided note still counts against the plan's allowance (it was issued)", async () => {
    const before = await countNotesThisMonth(t.db, B.registrationNumber);
    const { id } = await newNote(B, { carrierLicense: B.registrationNumber });
    await voidWasteNote(t.db, {
      noteId: id,
      userId: B.userId,
      registrationNumber: B.registrationNumber,
      reason: "Mistake",
    });
    expect(await countNotesThisMonth(t.db, B.registrationNumber)).toBe(before + 1);
  });
});

describe("a season ticket's transfers", () => {
  const fields = (at: string, extra: Record<string, string> = {}) => ({
    at,
    quantity: "1.5",
    unit: "t",
    place: "Unit 3, Quay Works, Bristol",
    ...extra,
  });

  it("are added within the ticket's dates by the owner, audited; outside the dates or bad input is refused", async () => {
    // Collected 15 July 2026 09:30 (UK); the ticket runs to 31 December 2026.
    const { id } = await newNote(A, { seasonTicketUntil: "2026-12-31" });
    const add = (f: Record<string, unknown>, owner = A) =>
      addSeasonTransfer(t.db, {
        noteId: id,
        userId: owner.userId,
        registrationNumber: owner.registrationNumber,
        fields: f,
      });
    expect(await getNoteManagement(t.db, id, A.registrationNumber)).toEqual({
      canManage: true,
      seasonTicketDays: { from: "2026-07-15", until: "2026-12-31" },
    });
    expect(await getNoteManagement(t.db, id, B.registrationNumber)).toEqual({
      canManage: false,
      seasonTicketDays: null,
    });

    const first = await add(fields("2026-07-15T08:00")); // the first day, before the collection time: still that day
    const last = await add(
      fields("2026-12-31T23:59", { quantity: "800", unit: "kg", place: "Yard\t2,\u0000 Avonmouth" }),
    );
    expect(first.ok && last.ok).toBe(true);
    expect(await add(fields("2026-07-14T23:59"))).toMatchObject({
      status: "invalid",
      errors: {
        at: "The transfer must be within the season ticket's dates (15 July 2026 to 31 December 2026)",
      },
    });
    expect(await add(fields("2027-01-01T00:00"))).toMatchObject({ status: "invalid" });
    expect(await add({ at: "yesterday", quantity: "0", unit: "lb", place: " " })).toEqual({
      ok: false,
      status: "invalid",
      errors: {
        at: LIFECYCLE_TEXT.when,
        quantity: LIFECYCLE_TEXT.quantity,
        unit: LIFECYCLE_TEXT.unit,
        place: LIFECYCLE_TEXT.placeRequired,
      },
    });
    expect(await add(fields("2026-08-01T10:00"), B)).toEqual({ ok: false, status: "not_found" });

    const { transfers } = await view(id);
    expect(transfers.map((x) => [x.quantity, x.unit, x.place, x.created_by])).toEqual([
      ["1.500", "t", "Unit 3, Quay Works, Bristol", A.userId],
      ["800.000", "kg", "Yard 2, Avonmouth", A.userId],
    ]);
    expect((await audits(id)).map((a) => a.action)).toEqual([
      "waste_note.created",
      "waste_note.transfer_added",
      "waste_note.transfer_added",
    ]);
  });

  it("not on a note that is not a season ticket, nor on a void or superseded one", async () => {
    const plain = await newNote(A);
    const add = (noteId: string) =>
      addSeasonTransfer(t.db, {
        noteId,
        userId: A.userId,
        registrationNumber: A.registrationNumber,
        fields: fields("2026-08-01T10:00"),
      });
    expect(await add(plain.id)).toEqual({
      ok: false,
      status: "refused",
      error: LIFECYCLE_TEXT.notSeasonTicket,
    });

    const voided = await newNote(A, { seasonTicketUntil: "2026-12-31" });
    await voidWasteNote(t.db, {
      noteId: voided.id,
      userId: A.userId,
      registrationNumber: A.registrationNumber,
      reason: "Cancelled contract",
    });
    expect(await add(voided.id)).toEqual({
      ok: false,
      status: "refused",
      error: LIFECYCLE_TEXT.transferClosed,
    });

    const old = await newNote(A, { seasonTicketUntil: "2026-12-31" });
    const v2 = await submitWasteNote(
      deps(),
      signedForm(noteFormValues(await view(old.id), "correct"), { correctionOf: old.id }),
      { owner: A },
    );
    expect(v2.status).toBe("created");
    expect(await add(old.id)).toEqual({ ok: false, status: "refused", error: LIFECYCLE_TEXT.transferClosed });
    if (v2.status === "created") expect((await add(v2.id)).ok).toBe(true);
  });
});

describe("what the listing's state allows on the notes it has (decision 0249)", () => {
  // Notes are written while all is well (1 August 2026); then the listing or the registration changes.
  const WRITTEN = new Date("2026-08-01T09:00:00Z");
  const C: NoteOwner = { userId: "", registrationNumber: "CBDU430011" };
  const S: NoteOwner = { userId: "", registrationNumber: "CBDU430012" };
  const fields = (at: string) => ({ at, quantity: "2", unit: "t", place: "Yard 4, Quay Works" });
  const transfer = (owner: NoteOwner, noteId: string, at: string, now: Date) =>
    addSeasonTransfer(t.db, {
      noteId,
      userId: owner.userId,
      registrationNumber: owner.registrationNumber,
      fields: fields(at),
      now,
    });
  const voidAs = (owner: NoteOwner, noteId: string, now?: Date) =>
    voidWasteNote(t.db, {
      noteId,
      userId: owner.userId,
      registrationNumber: owner.registrationNumber,
      reason: "Written for the wrong customer",
      now,
    });
  const transfersOf = async (id: string) => (await view(id)).transfers.map((x) => x.place);
  const season = async (owner: NoteOwner) => {
    const input = await validInput({
      carrierLicense: owner.registrationNumber,
      seasonTicketUntil: "2026-12-31",
    });
    const r = await createWasteNote(deps(), input, { owner, now: WRITTEN });
    if (!r.ok) throw new Error(`note refused: ${r.reason}`);
    return r.id;
  };

  beforeAll(async () => {
    // C's registration expires on 1 October 2026 (in force until the day before); S is suspended later.
    await insertRegisterEntries(t.db, [
      {
        registration_number: C.registrationNumber,
        business_name: "Lapsing Skips Ltd",
        expiry_date: "2026-10-01",
      },
      { registration_number: S.registrationNumber, business_name: "Suspended Skips Ltd" },
    ]);
    for (const owner of [C, S]) {
      const user = await insertUser(t.db, {
        email: `owner-${owner.registrationNumber.toLowerCase()}@lifecycle.example`,
      });
      owner.userId = user.id;
      await insertClaimedListing(t.db, { registration_number: owner.registrationNumber, user_id: user.id });
    }
  });

  it("a transfer is refused on or after the registration's expiry day; the day before is recorded", async () => {
    const id = await season(C);
    const before = new Date("2026-08-20T10:00:00Z");
    expect((await transfer(C, id, "2026-09-30T16:00", before)).ok).toBe(true);
    expect(await transfer(C, id, "2026-10-01T08:00", before)).toEqual({
      ok: false,
      status: "invalid",
      errors: {
        at: "Your registration CBDU430011 expires on 1 October 2026: a transfer on or after that day cannot be recorded under it. Renew with the Environment Agency; you can record it as soon as the register shows the renewal.",
      },
    });
    expect(await transfersOf(id)).toEqual(["Yard 4, Quay Works"]);
  });

  it("once the registration has expired, no transfer is added (even one dated before); a mistaken note can still be voided", async () => {
    const id = await season(C);
    const after = new Date("2026-10-05T10:00:00Z");
    const refused = await transfer(C, id, "2026-09-15T10:00", after);
    expect(refused).toMatchObject({ ok: false, status: "not_allowed" });
    expect(!refused.ok && refused.status === "not_allowed" && refused.error).toContain(
      "Your registration CBDU430011 expired on 1 October 2026: you cannot issue new waste notes under an expired registration.",
    );
    expect(await transfersOf(id)).toEqual([]);
    expect((await audits(id)).map((a) => a.action)).toEqual(["waste_note.created"]);

    expect(await voidAs(C, id, after)).toMatchObject({ ok: true, id });
    expect((await view(id)).note.voided_at).toEqual(after);
  });

  it("a suspended listing adds no transfer and voids nothing; the notes are unchanged; a stranger's note is still not its own", async () => {
    const id = await season(S);
    await t.db
      .updateTable("claimed_listings")
      .set({ suspended_at: new Date("2026-08-10T12:00:00Z") })
      .where("registration_number", "=", S.registrationNumber)
      .execute();
    await t.db.deleteFrom("jobs").where("type", "=", PDF_JOB.type).execute();
    expect(await transfer(S, id, "2026-08-20T10:00", new Date("2026-08-21T10:00:00Z"))).toEqual({
      ok: false,
      status: "not_allowed",
      error: NOTE_RULE_TEXT.suspended,
    });
    expect(await voidAs(S, id)).toEqual({
      ok: false,
      status: "not_allowed",
      error:
        "Your listing is suspended: you cannot void waste notes while it is suspended. Please contact us to find out why and what to do.",
    });
    const { note, transfers } = await view(id);
    expect(note.voided_at).toBeNull();
    expect(transfers).toEqual([]);
    expect((await audits(id)).map((a) => a.action)).toEqual(["waste_note.created"]);
    const pdfJobs = await t.db.selectFrom("jobs").select("id").where("type", "=", PDF_JOB.type).execute();
    expect(pdfJobs).toEqual([]);

    // Reinstated: the same void goes through.
    await t.db
      .updateTable("claimed_listings")
      .set({ suspended_at: null })
      .where("registration_number", "=", S.registrationNumber)
      .execute();
    expect((await voidAs(S, id)).ok).toBe(true);
  });

  it("a listing awaiting approval voids nothing", async () => {
    const { id } = await newNote(B, { carrierLicense: B.registrationNumber });
    await t.db
      .updateTable("claimed_listings")
      .set({ verified: false })
      .where("registration_number", "=", B.registrationNumber)
      .execute();
    try {
      expect(await voidAs(B, id)).toEqual({
        ok: false,
        status: "not_allowed",
        error: "Your claim is awaiting approval: you can void waste notes once it is approved.",
      });
      expect((await view(id)).note.voided_at).toBeNull();
    } finally {
      await t.db
        .updateTable("claimed_listings")
        .set({ verified: true })
        .where("registration_number", "=", B.registrationNumber)
        .execute();
    }
  });
});

describe("one-line fields (the page shows them on one line; the PDF must too)", () => {
  it("names, numbers and the receiving site are stored on one line; the two-line addresses keep their lines", async () => {
    const { id } = await newNote(A, {
      transferorName: "Harbourside\r\nKitchens\tLtd",
      carrierCompany: " Lifecycle\nSkips  Ltd ",
      vehicleReg: "wx21\tabc",
      transferorSignatureName: "Jane\nSigned for ACME Ltd (director)",
      transfereeSignatureName: "Tom\r\nReeve",
      receivingSiteName: "Avonmouth\nTransfer Station",
      receivingSiteAuthorisation: "EPR/AB1234CD",
      receivingSiteAddress: "Severn Road\r\nAvonmouth",
      receivingSitePostcode: "BS11 0YS",
      originAddress: "14 Mill Lane\nBristol",
      transferorAddress: "Unit 3, Quay Works\nBristol",
    });
    const { note } = await view(id);
    expect(note).toMatchObject({
      transferor_name: "Harbourside Kitchens Ltd",
      carrier_company: "Lifecycle Skips Ltd",
      vehicle_reg: "WX21 ABC",
      transferor_signature_name: "Jane Signed for ACME Ltd (director)",
      transferee_signature_name: "Tom Reeve",
      receiving_site_name: "Avonmouth Transfer Station",
      receiving_site_address: "Severn Road Avonmouth",
      origin_address: "14 Mill Lane\nBristol",
      transferor_address: "Unit 3, Quay Works\nBristol",
    });
  });

  it("a name that is only line breaks and tabs is required, as an empty one", async () => {
    const result = await validateWasteNote(
      validForm({ transferorName: "\r\n\t", transfereeSignatureName: "\n" }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.transferorName).toEqual(["Required"]);
      expect(result.errors.transfereeSignatureName).toEqual(["Required"]);
    }
  });
});

describe("cleanLine", () => {
  it("keeps one line: line breaks and tabs become spaces, other control characters go", () => {
    expect(cleanLine(" a\r\n\tb\u0000c\u007f  d ")).toBe("a bc d");
    expect(cleanLine(42)).toBe("");
  });
});
