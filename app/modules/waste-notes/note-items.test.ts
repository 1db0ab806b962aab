/**
 * Issue 19 (decision 0709), the note's input side: several waste items with 1 to 5 codes each,
 * the receiving site, the consignment code, the customer's e-mail, season tickets; the note's
 * single-item columns as a summary; corrections (series, version, supersedes) and the plan's
 * allowance, which counts first versions only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { ITEM_MESSAGES } from "./constants";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { getPlanUsage } from "./get-plan-usage.server";
import { addMonths, NOTE_RULE_TEXT, PLAN_LIMIT_MESSAGE } from "./note-rules";
import { countNotesThisMonth } from "./plan-limit.server";
import { submitWasteNote } from "./submit-note.server";
import { noteCounts } from "./test-support/note-counts";
import { validForm, validInput } from "./test-support/valid-form";
import { editItemValues, itemField as f } from "./validate-items.server";
import { validateWasteNote } from "./validate-note.server";

/** A second item: two codes (one typed without spaces, one with dashes), 1.5 tonnes estimated, loose. */
const SECOND_ITEM = {
  [f(1, "description")]: "Soil and stones from the garden path",
  [f(1, "ewcCodes")]: ["170504", "17-09-04"],
  [f(1, "physicalForm")]: "Mixed",
  [f(1, "quantity")]: "1.5",
  [f(1, "unit")]: "t",
  [f(1, "estimated")]: "on",
  [f(1, "containerType")]: "LOO",
  [f(1, "disposalCode")]: "r5",
};

async function errorsOf(fields: Record<string, string | string[] | null>) {
  const r = await validateWasteNote(validForm(fields));
  if (r.ok) throw new Error("expected errors");
  return r.errors;
}

describe("the items of a note form", () => {
  it("reads several items in order, codes normalised and once each, and asks for the consignment code of hazardous waste", async () => {
    const errors = await errorsOf({
      ...SECOND_ITEM,
      [f(1, "ewcCodes")]: ["170504", "17 05 04", "17 06 05*"],
    });
    expect(errors).toEqual({ consignmentCode: [ITEM_MESSAGES.consignmentRequired] });
    const r = await validateWasteNote(
      validForm({
        ...SECOND_ITEM,
        // Typed three ways (and with a stray tab): one code.
        [f(1, "ewcCodes")]: ["170504", " 17 05 04", "17-05-04\t", "17 06 05*"],
        consignmentCode: " abcdef/12345 ",
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.data.hazardous).toBe(true);
    expect(r.data.consignmentCode).toBe("ABCDEF/12345");
    expect(r.data.items).toEqual([
      {
        description: "Mixed plasterboard offcuts and timber from a kitchen refit",
        ewcCodes: ["17 08 02"],
        physicalForm: "Solid",
        quantity: 412.75,
        unit: "kg",
        estimated: false,
        containerType: "SKI",
        containerCount: 1,
        disposalCode: null,
        hazardous: false,
      },
      {
        description: "Soil and stones from the garden path",
        ewcCodes: ["17 05 04", "17 06 05*"],
        physicalForm: "Mixed",
        quantity: 1.5,
        unit: "t",
        estimated: true,
        containerType: "LOO",
        containerCount: null,
        disposalCode: "R5",
        hazardous: true,
      },
    ]);
  });

  it("refuses more than 5 codes, unknown codes, and a quantity of 0 or less, beside the item's field", async () => {
    const six = ["17 01 01", "17 01 02", "17 01 03", "17 02 01", "17 02 02", "17 02 03"];
    expect(await errorsOf({ ...SECOND_ITEM, [f(1, "ewcCodes")]: six })).toEqual({
      [f(1, "ewcCodes")]: ["Choose at most 5 EWC codes for an item"],
    });
    // Five codes are fine, also typed in one box separated by commas (the form without JavaScript).
    const five = await validateWasteNote(
      validForm({ ...SECOND_ITEM, [f(1, "ewcCodes")]: six.slice(0, 5).join(", ") }),
    );
    expect(five.ok && five.data.items[1].ewcCodes).toEqual(six.slice(0, 5));
    expect(await errorsOf({ ...SECOND_ITEM, [f(1, "ewcCodes")]: ["17 05 04", "99 99 99", "17 01"] })).toEqual(
      {
        [f(1, "ewcCodes")]: [
          "99 99 99 is not a code in the List of Wastes",
          "17 01 is not a code in the List of Wastes",
        ],
      },
    );
    for (const q of ["0", "-2", "0.000"]) {
      expect(await errorsOf({ ...SECOND_ITEM, [f(1, "quantity")]: q }), q).toEqual({
        [f(1, "quantity")]: ["Enter a quantity greater than 0"],
      });
    }
    expect(await errorsOf({ ...SECOND_ITEM, [f(1, "quantity")]: "100001" })).toEqual({
      [f(1, "quantity")]: [ITEM_MESSAGES.quantityTooLarge],
    });
    expect(
      await errorsOf({
        ...SECOND_ITEM,
        [f(1, "physicalForm")]: "Plasma",
        [f(1, "unit")]: "lb",
        [f(1, "disposalCode")]: "R14",
        [f(1, "containerType")]: "ZZZ",
      }),
    ).toEqual({
      [f(1, "physicalForm")]: [ITEM_MESSAGES.physicalForm],
      [f(1, "unit")]: [ITEM_MESSAGES.unit],
      [f(1, "disposalCode")]: [ITEM_MESSAGES.disposalCode],
      [f(1, "containerType")]: [ITEM_MESSAGES.container],
    });
  });

  it("skips an item left blank, refuses a 21st item, and echoes the items back", async () => {
    const blank = {
      [f(1, "description")]: "",
      [f(1, "quantity")]: "",
      [f(1, "unit")]: "kg",
      [f(1, "containerType")]: "LOO",
    };
    const r = await validateWasteNote(validForm(blank));
    expect(r.ok && r.data.items).toHaveLength(1);
    const many = await validateWasteNote(
      validForm({ [f(20, "description")]: "The 21st", [f(20, "quantity")]: "1" }),
    );
    expect(!many.ok && many.errors.items).toEqual(["A note can hold at most 20 waste items"]);
    const bad = await validateWasteNote(validForm({ ...SECOND_ITEM, [f(1, "quantity")]: "0" }));
    expect(!bad.ok && bad.values).toMatchObject({
      [f(1, "ewcCodes")]: ["170504", "17-09-04"],
      [f(1, "quantity")]: "0",
      [f(0, "quantity")]: "412.75",
    });
  });

  it("adds and removes items without JavaScript: the values renumbered, nothing checked", () => {
    const values = {
      wasteType: "Commercial",
      [f(0, "description")]: "A",
      [f(1, "description")]: "B",
      [f(2, "description")]: "C",
    };
    expect(editItemValues(values, "add-item")).toEqual({ ...values, [f(3, "description")]: "" });
    expect(editItemValues(values, "remove-item:1")).toEqual({
      wasteType: "Commercial",
      [f(0, "description")]: "A",
      [f(1, "description")]: "C",
    });
    expect(editItemValues({ [f(0, "description")]: "A" }, "remove-item:0")).toEqual({
      [f(0, "description")]: "",
    });
  });
});

describe("the note's own fields", () => {
  it("takes the receiving site whole or not at all", async () => {
    expect(await errorsOf({ receivingSiteName: "Avonmouth Transfer Station" })).toEqual({
      receivingSiteAuthorisation: [ITEM_MESSAGES.receivingSite],
      receivingSiteAddress: [ITEM_MESSAGES.receivingSite],
      receivingSitePostcode: [ITEM_MESSAGES.receivingSite],
    });
    const r = await validateWasteNote(
      validForm({
        receivingSiteName: "Avonmouth Transfer Station",
        receivingSiteAuthorisation: "EPR/AB1234CD",
        receivingSiteAddress: "Kings Weston Lane, Avonmouth",
        receivingSitePostcode: "bs11 8aa",
        transportMeans: "",
      }),
    );
    expect(r.ok && r.data).toMatchObject({
      receivingSite: {
        name: "Avonmouth Transfer Station",
        authorisation: "EPR/AB1234CD",
        address: "Kings Weston Lane, Avonmouth",
        postcode: "BS11 8AA",
      },
      transportMeans: "Road",
    });
    expect(await errorsOf({ transportMeans: "Bicycle" })).toEqual({
      transportMeans: [ITEM_MESSAGES.transportMeans],
    });
  });

  it("accepts the consignment codes of England and Wales, Scotland and Northern Ireland, in any case", async () => {
    for (const [typed, stored] of [
      ["abcdef/12345", "ABCDEF/12345"],
      ["HARB01/00001", "HARB01/00001"],
      ["sa 1234567", "SA1234567"],
      ["SC7654321", "SC7654321"],
      ["db1234567", "DB1234567"],
    ]) {
      const r = await validateWasteNote(validForm({ consignmentCode: typed }));
      expect(r.ok && r.data.consignmentCode, typed).toBe(stored);
    }
    for (const typed of [
      "ABCDE/12345",
      "ABCDEF/1234",
      "ABCDEF/1234A",
      "ABCDEF12345",
      "SD1234567",
      "SA123456",
      "DA12345678",
    ]) {
      expect(await errorsOf({ consignmentCode: typed }), typed).toEqual({
        consignmentCode: [ITEM_MESSAGES.consignmentFormat],
      });
    }
  });

  it("checks the customer's e-mail and keeps it normalised", async () => {
    expect(await errorsOf({ customerEmail: "not an e-mail" })).toEqual({
      customerEmail: [ITEM_MESSAGES.customerEmail],
    });
    const r = await validateWasteNote(validForm({ customerEmail: " Jane@Harbourside.EXAMPLE " }));
    expect(r.ok && r.data.customerEmail).toBe("jane@harbourside.example");
  });

  it("allows a season ticket from the collection date to 12 months after it, for non-hazardous waste only", async () => {
    // Collected 15 July 2026.
    expect(addMonths("2026-07-15", 12)).toBe("2027-07-15");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    for (const until of ["2026-07-15", "2027-07-15"]) {
      const r = await validateWasteNote(validForm({ seasonTicketUntil: until }));
      expect(r.ok && r.data.seasonTicketUntil, until).toBe(until);
    }
    for (const [until, message] of [
      ["2026-07-14", ITEM_MESSAGES.seasonBefore],
      ["2027-07-16", ITEM_MESSAGES.seasonTooLong],
      ["2026-02-30", ITEM_MESSAGES.seasonDate],
      ["next year", ITEM_MESSAGES.seasonDate],
    ]) {
      expect(await errorsOf({ seasonTicketUntil: until }), until).toEqual({ seasonTicketUntil: [message] });
    }
    expect(
      await errorsOf({
        seasonTicketUntil: "2026-12-31",
        [f(0, "ewcCodes")]: "17 06 05*",
        consignmentCode: "ABCDEF/12345",
      }),
    ).toEqual({ seasonTicketUntil: [ITEM_MESSAGES.seasonHazardous] });
  });
});

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
const REG = "CBDU190901";
const OTHER = "CBDU190902";
const owner: NoteOwner = { userId: "", registrationNumber: REG };
const other: NoteOwner = { userId: "", registrationNumber: OTHER };
// 10 November 2026, 10:00 UK time.
const NOW = new Date("2026-11-10T10:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-items-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU123456", business_name: "Avon Skip Hire Ltd" },
    { registration_number: REG, business_name: "Itemised Haulage Ltd" },
    { registration_number: OTHER, business_name: "Other Haulage Ltd" },
  ]);
  for (const [o, email] of [
    [owner, "items@itemised.example"],
    [other, "items@other.example"],
  ] as const) {
    o.userId = (await insertUser(t.db, { email })).id;
    await insertClaimedListing(t.db, {
      registration_number: o.registrationNumber,
      user_id: o.userId,
      verified: true,
    });
  }
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const deps = () => ({ db: t.db, storage });

describe("storing a note's items", () => {
  it("stores the items in order, and the single-item columns as their summary", async () => {
    const data = await validInput({
      ...SECOND_ITEM,
      [f(1, "ewcCodes")]: ["170504", "17 06 05*"],
      consignmentCode: "ABCDEF/12345",
      receivingSiteName: "Avonmouth Transfer Station",
      receivingSiteAuthorisation: "EPR/AB1234CD",
      receivingSiteAddress: "Kings Weston Lane, Avonmouth",
      receivingSitePostcode: "BS11 8AA",
      transportMeans: "Rail",
      customerEmail: "jane@harbourside.example",
    });
    const created = await createWasteNote(deps(), data, { now: NOW });
    if (!created.ok) throw new Error("not created");
    const note = await t.db
      .selectFrom("waste_notes")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      ewc_code: "17 08 02",
      description: "Mixed plasterboard offcuts and timber from a kitchen refit",
      container_type: "SKI",
      container_count: 1,
      hazardous: true,
      weight: "1912.75", // 412.75 kg + 1.5 tonnes
      receiving_site_name: "Avonmouth Transfer Station",
      receiving_site_authorisation: "EPR/AB1234CD",
      receiving_site_address: "Kings Weston Lane, Avonmouth",
      receiving_site_postcode: "BS11 8AA",
      transport_means: "Rail",
      consignment_code: "ABCDEF/12345",
      // The public generator sends no e-mail, so keeps none.
      customer_email: null,
      season_ticket_until: null,
      series_id: created.id,
      version: 1,
      supersedes_id: null,
    });
    const items = await t.db
      .selectFrom("waste_note_items")
      .selectAll()
      .where("note_id", "=", created.id)
      .orderBy("position")
      .execute();
    expect(
      items.map((i) => [
        i.position,
        i.ewc_codes,
        i.quantity,
        i.unit,
        i.estimated,
        i.hazardous,
        i.disposal_code,
      ]),
    ).toEqual([
      [1, ["17 08 02"], "412.750", "kg", false, false, null],
      [2, ["17 05 04", "17 06 05*"], "1.500", "t", true, true, "R5"],
    ]);
    expect(items[1]).toMatchObject({ physical_form: "Mixed", container_type: "LOO", container_count: null });
  });

  it("keeps a company note's customer e-mail and season ticket", async () => {
    const data = await validInput({
      customerEmail: "Jane@Harbourside.example",
      seasonTicketUntil: "2027-07-01",
    });
    const created = await createWasteNote(deps(), data, { owner, now: NOW });
    if (!created.ok) throw new Error("not created");
    const note = await t.db
      .selectFrom("waste_notes")
      .select(["customer_email", "season_ticket_until", "registration_number"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(note.customer_email).toBe("jane@harbourside.example");
    expect(note.registration_number).toBe(REG);
    expect(String(note.season_ticket_until)).toMatch(/2027-07-01|Jul 01 2027/);
  });

  it("answers 'Add another item' without JavaScript with the form again, saving nothing", async () => {
    const before = await noteCounts(t.db, dir);
    const form = validForm({ ...SECOND_ITEM, intent: "add-item" });
    const r = await submitWasteNote(deps(), form, { rateLimitKey: "198.51.100.19", now: NOW });
    expect(r.status).toBe("edited");
    if (r.status !== "edited") return;
    expect(r.values).toMatchObject({
      [f(0, "quantity")]: "412.75",
      [f(1, "ewcCodes")]: ["170504", "17-09-04"],
      [f(2, "description")]: "",
      carrierLicense: "CBDU123456",
    });
    expect(r.values.intent).toBeUndefined();
    expect(await noteCounts(t.db, dir)).toEqual(before);
  });
});

describe("correcting a note", () => {
  it("makes a new version of the series that supersedes the old one, audited", async () => {
    const first = await createWasteNote(deps(), await validInput(), { owner, now: NOW });
    if (!first.ok) throw new Error("not created");
    const later = new Date(NOW.getTime() + 60_000);
    const corrected = await createWasteNote(deps(), await validInput({ [f(0, "quantity")]: "400" }), {
      owner,
      now: later,
      correctionOf: first.id.toUpperCase(),
    });
    if (!corrected.ok) throw new Error(JSON.stringify(corrected));
    const rows = await t.db
      .selectFrom("waste_notes")
      .select(["id", "series_id", "version", "supersedes_id", "superseded_at", "weight"])
      .where("series_id", "=", first.id)
      .orderBy("version")
      .execute();
    expect(rows).toEqual([
      {
        id: first.id,
        series_id: first.id,
        version: 1,
        supersedes_id: null,
        superseded_at: later,
        weight: "412.75",
      },
      {
        id: corrected.id,
        series_id: first.id,
        version: 2,
        supersedes_id: first.id,
        superseded_at: null,
        weight: "400.00",
      },
    ]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity_id", "=", corrected.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "waste_note.corrected",
      details: { registrationNumber: REG, supersedes: first.id, version: 2 },
    });

    // The old version is superseded: it cannot be corrected again (the current one can).
    const again = await createWasteNote(deps(), await validInput(), {
      owner,
      now: later,
      correctionOf: first.id,
    });
    expect(again).toMatchObject({
      ok: false,
      reason: "not_current",
      refusal: { message: NOTE_RULE_TEXT.notCurrent },
    });
    const third = await createWasteNote(deps(), await validInput(), {
      owner,
      now: later,
      correctionOf: corrected.id,
    });
    expect(third.ok).toBe(true);
  });

  it("refuses to correct a void note, another company's note, a public note or no note at all", async () => {
    const voided = await createWasteNote(deps(), await validInput(), { owner, now: NOW });
    const theirs = await createWasteNote(deps(), await validInput(), { owner: other, now: NOW });
    const anonymous = await createWasteNote(deps(), await validInput(), { now: NOW });
    if (!voided.ok || !theirs.ok || !anonymous.ok) throw new Error("not created");
    await t.db
      .updateTable("waste_notes")
      .set({ voided_at: NOW, void_reason: "Wrong customer", voided_by: owner.userId })
      .where("id", "=", voided.id)
      .execute();
    const before = await noteCounts(t.db, dir);
    for (const correctionOf of [
      voided.id,
      theirs.id,
      anonymous.id,
      "00000000-0000-4000-8000-000000000000",
      "nonsense",
    ]) {
      expect(
        await createWasteNote(deps(), await validInput(), { owner, now: NOW, correctionOf }),
        correctionOf,
      ).toMatchObject({
        ok: false,
        reason: "not_current",
      });
    }
    // Without an owner (the public generator) nothing is corrected.
    expect(
      await createWasteNote(deps(), await validInput(), { now: NOW, correctionOf: anonymous.id }),
    ).toMatchObject({
      ok: false,
      reason: "not_current",
    });
    expect(await noteCounts(t.db, dir)).toEqual(before);
    const untouched = await t.db
      .selectFrom("waste_notes")
      .select("superseded_at")
      .where("id", "in", [theirs.id, anonymous.id])
      .execute();
    expect(untouched.every((r) => r.superseded_at === null)).toBe(true);
  });

  it("does not use the plan's allowance, while a new note (a repeat too) does", async () => {
    const used = await countNotesThisMonth(t.db, REG, NOW);
    const toFill = 20 - used;
    let last = "";
    for (let i = 0; i < toFill; i++) {
      const r = await createWasteNote(deps(), await validInput(), { owner, now: NOW });
      if (!r.ok) throw new Error(`note ${i} refused`);
      last = r.id;
    }
    expect(await getPlanUsage(t.db, REG, NOW)).toMatchObject({ used: 20, allowed: false });
    const refused = await createWasteNote(deps(), await validInput(), { owner, now: NOW });
    expect(refused).toMatchObject({
      ok: false,
      reason: "plan_limit",
      refusal: { message: PLAN_LIMIT_MESSAGE },
    });

    // At the limit a correction is still made, through the form too, and the count stays 20.
    const corrected = await createWasteNote(deps(), await validInput(), {
      owner,
      now: NOW,
      correctionOf: last,
    });
    expect(corrected.ok).toBe(true);
    if (!corrected.ok) return;
    const submitted = await submitWasteNote(deps(), validForm({ correctionOf: corrected.id }), {
      owner,
      now: NOW,
    });
    expect(submitted.status).toBe("created");
    expect(await countNotesThisMonth(t.db, REG, NOW)).toBe(20);
    // A form without correctionOf is a new note: refused at the limit, before anything is stored.
    expect(await submitWasteNote(deps(), validForm(), { owner, now: NOW })).toMatchObject({
      status: "refused",
      refusal: { reason: "plan_limit" },
    });
    // Other rules still apply to a correction: a suspended listing corrects nothing.
    await t.db
      .updateTable("claimed_listings")
      .set({ suspended_at: NOW })
      .where("registration_number", "=", REG)
      .execute();
    if (submitted.status !== "created") return;
    expect(
      await createWasteNote(deps(), await validInput(), { owner, now: NOW, correctionOf: submitted.id }),
    ).toMatchObject({
      ok: false,
      reason: "suspended",
    });
    await t.db
      .updateTable("claimed_listings")
      .set({ suspended_at: null })
      .where("registration_number", "=", REG)
      .execute();
  });
});
