import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { loadEwcCatalogue } from "../ewc-codes.server";
import { exportCompanyNotesCsv } from "../export-csv.server";
import { getWasteNoteView } from "../get-note.server";
import { listCompanyNotes } from "../list-notes.server";
import { parsePastNotesFilters } from "../past-notes-filters";
import { searchAllWasteNotes } from "../search-all-notes.server";
import {
  EXPORT_CUSTOMERS,
  EXPORT_NOTE_KEYS,
  insertExportNotes,
  type ExportNoteKey,
} from "../test-support/export-notes";
import { exportNoteItemsCsv, getNoteMovementExport, movementExportBatches } from "./export-movements.server";
import schema from "./movement-record.schema.json";
import { toMovementRecord, ukIsoDateTime, ukPostcode } from "./movement-record.server";

let t: TestDatabase;
let ids: Record<ExportNoteKey, string>;
const REG = "CBDU714501";
const OTHER = "CBDU714502";

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
ajv.addSchema(schema);
const ROOT = schema.$id;
const validateMovement = ajv.getSchema(`${ROOT}#/$defs/exportedMovement`)!;
const validateApiRecord = ajv.getSchema(ROOT)!;
const validateFile = ajv.getSchema(`${ROOT}#/$defs/exportFile`)!;

function errorsOf(validate: typeof validateMovement, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntries(t.db, [
    { registration_number: REG, business_name: "DWT TEST CARRIERS LTD" },
    { registration_number: OTHER, business_name: "OTHER CARRIERS LTD" },
  ]);
  const user = await insertUser(t.db);
  ids = await insertExportNotes(t.db, {
    registrationNumber: REG,
    carrierName: "DWT Test Carriers Ltd",
    userId: user.id,
    firstDay: "2026-03-02",
  });
  await insertExportNotes(t.db, {
    registrationNumber: OTHER,
    carrierName: "Other Carriers Ltd",
    userId: user.id,
    firstDay: "2026-03-02",
  });
});
afterAll(async () => {
  await t?.destroy();
});

async function exported(key: ExportNoteKey) {
  const view = await getWasteNoteView(t.db, ids[key]);
  return toMovementRecord(view!);
}

describe("the movement record schema", () => {
  it("marks exactly the hazardous codes of the List of Wastes", () => {
    const hazardous = loadEwcCatalogue()
      .codes.filter((c) => c.hazardous)
      .map((c) => c.code.replace(/\D/g, ""));
    expect(new Set(schema.$defs.hazardousEwcCode.enum)).toEqual(new Set(hazardous));
  });

  it("checks the consignment code's formats, EWC codes, weights and vehicle registrations", async () => {
    const { record } = await exported("hazardous");
    const withCode = (code: string) => ({ ...record, hazardousWasteConsignmentCode: code });
    for (const good of ["ABC123/12345", "SA1234567", "SC7654321", "DB1234567"])
      expect(errorsOf(validateMovement, withCode(good)), good).toEqual([]);
    for (const bad of ["ABC12/12345", "abc123/12345", "SD1234567", "DA123456", "EA1234567"])
      expect(validateMovement(withCode(bad)), bad).toBe(false);
    const item = record.wasteItems[0]!;
    const withItem = (over: object) => ({ ...record, wasteItems: [{ ...item, ...over }] });
    expect(validateMovement(withItem({ ewcCodes: ["17 06 05"] }))).toBe(false);
    expect(
      validateMovement(withItem({ ewcCodes: ["170605", "170601", "170603", "170504", "170904", "200301"] })),
    ).toBe(false);
    expect(validateMovement(withItem({ weight: { ...item.weight, amount: 0 } }))).toBe(false);
    expect(validateMovement(withItem({ physicalForm: "Slurry" }))).toBe(false);
    expect(validateMovement(withItem({ typeOfContainers: "XYZ" }))).toBe(false);
    // A hazardous (*) code on an item said not to contain hazardous waste.
    expect(validateMovement(withItem({ containsHazardous: false }))).toBe(false);
    expect(
      validateMovement({ ...record, carrier: { ...record.carrier, vehicleRegistration: "ABCDEFGHIJK" } }),
    ).toBe(false);
  });

  it("requires the consignment code when any item is hazardous, a reason for none otherwise", async () => {
    const hazardous = await exported("hazardousNoCode");
    expect(hazardous.record.hazardousWasteConsignmentCode).toBeUndefined();
    expect(hazardous.problems.join(" ")).toMatch(/no hazardous waste consignment code/);
    expect(errorsOf(validateMovement, hazardous.record)).toContain(
      " must have required property 'hazardousWasteConsignmentCode'",
    );
    // A reason for no code does not stand in for it.
    expect(
      validateMovement({ ...hazardous.record, reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER" }),
    ).toBe(false);
    expect(
      errorsOf(validateMovement, { ...hazardous.record, hazardousWasteConsignmentCode: "SB1234567" }),
    ).toEqual([]);
    const { record } = await exported("single");
    expect(record.reasonForNoConsignmentCode).toBe("NON_HAZ_WASTE_TRANSFER");
    const { reasonForNoConsignmentCode: _reason, ...withoutReason } = record;
    expect(validateMovement(withoutReason)).toBe(false);
  });
});

describe("a note as a movement record", () => {
  const valid: ExportNoteKey[] = [
    "single",
    "multi",
    "hazardous",
    "legacy",
    "noSite",
    "tonnes",
    "awaiting",
    "correction",
  ];
  it.each(valid)("the %s note's record validates against the schema", async (key) => {
    const out = await exported(key);
    expect(errorsOf(validateMovement, out.record)).toEqual([]);
    expect(out.missing).toContain("apiCode");
    expect(out.problems).toEqual([]);
    // With the receiver's apiCode and what only the receiver knows, it is the API's own record.
    if (!out.missing.includes("receiver.siteName")) {
      const complete = {
        ...out.record,
        apiCode: "5b5f7f58-6c49-4a35-9c1b-1d3d7c4b7a11",
        wasteItems: out.record.wasteItems.map((i) => ({ numberOfContainers: 0, ...i, containsPops: false })),
      };
      expect(errorsOf(validateApiRecord, complete)).toEqual([]);
    }
  });

  it("maps the note's fields", async () => {
    const single = await exported("single");
    expect(single.record).toMatchObject({
      dateTimeReceived: "2026-03-02T09:30:00+00:00",
      yourUniqueReference: ids.single,
      carrier: {
        registrationNumber: REG,
        organisationName: "DWT Test Carriers Ltd",
        address: { fullAddress: "Yard 45, Quillbury, ZZ7 7AA", postcode: "ZZ7 7AA" },
        vehicleRegistration: "QB21DWT",
        meansOfTransport: "Road",
      },
      receiver: { siteName: "Quillbury Recycling Centre", authorisationNumber: "EPR/AB1234CD" },
      receipt: { address: { fullAddress: "Canal Road, Quillbury", postcode: "ZZ7 7AR" } },
      wasteItems: [
        {
          ewcCodes: ["170904"],
          physicalForm: "Solid",
          numberOfContainers: 1,
          typeOfContainers: "SKI",
          weight: { metric: "Kilograms", amount: 850, isEstimate: false },
          containsHazardous: false,
          disposalOrRecoveryCodes: [
            { code: "R5", weight: { metric: "Kilograms", amount: 850, isEstimate: false } },
          ],
        },
      ],
    });
    const multi = await exported("multi");
    expect(multi.record.wasteItems).toHaveLength(3);
    expect(multi.record.wasteItems[0]).toMatchObject({
      ewcCodes: ["170107", "170504"],
      weight: { metric: "Tonnes", amount: 3.2, isEstimate: true },
    });
    expect(multi.record.wasteItems[2]!.disposalOrRecoveryCodes).toBeUndefined();
    expect(multi.missing).toEqual(
      expect.arrayContaining([
        "wasteItems[0].containsPops",
        "wasteItems[2].containsPops",
        "receiver.emailAddress",
      ]),
    );
    const hazardous = await exported("hazardous");
    expect(hazardous.record).toMatchObject({ hazardousWasteConsignmentCode: "ABC123/12345" });
    expect(hazardous.record.wasteItems[0]).toMatchObject({ ewcCodes: ["170605"], containsHazardous: true });
    expect(hazardous.missing).toContain("wasteItems[0].hazardous");
    const tonnes = await exported("tonnes");
    expect(tonnes.record.wasteItems[0]!.weight).toEqual({
      metric: "Tonnes",
      amount: 12.5,
      isEstimate: false,
    });
    const correction = await exported("correction");
    expect(correction.record.otherReferencesForMovement).toEqual([
      { label: "Corrects waste transfer note", reference: ids.superseded },
    ]);
  });

  it("reads a note from before items as one item, and lists what a note without a site lacks", async () => {
    const legacy = await exported("legacy");
    expect(legacy.record.wasteItems).toEqual([
      {
        ewcCodes: ["200301"],
        wasteDescription: "General household waste",
        physicalForm: "Solid",
        numberOfContainers: 0,
        typeOfContainers: "LOO",
        weight: { metric: "Kilograms", amount: 250, isEstimate: false },
        containsHazardous: false,
      },
    ]);
    const noSite = await exported("noSite");
    expect(noSite.record.receiver).toBeUndefined();
    expect(noSite.record.receipt).toBeUndefined();
    expect(noSite.missing).toEqual(
      expect.arrayContaining(["receiver.siteName", "receiver.authorisationNumber", "receipt.address"]),
    );
    expect(validateApiRecord({ ...noSite.record, apiCode: "5b5f7f58-6c49-4a35-9c1b-1d3d7c4b7a11" })).toBe(
      false,
    );
  });

  it("lists a long vehicle registration, a carrier address without postcode and a voided note as problems", async () => {
    const view = (await getWasteNoteView(t.db, ids.voided))!;
    const out = toMovementRecord({
      ...view,
      note: { ...view.note, vehicle_reg: "QB21 DWT 12345", carrier_address: "Yard 45, Quillbury" },
    });
    expect(out.record.carrier.vehicleRegistration).toBeUndefined();
    expect(out.record.carrier.address).toBeUndefined();
    expect(out.missing).toContain("carrier.address.postcode");
    expect(out.problems).toEqual([
      "This note was voided (Written twice by mistake): do not report it.",
      'The vehicle registration "QB21 DWT 12345" is longer than 10 characters.',
    ]);
    expect(errorsOf(validateMovement, out.record)).toEqual([]);
  });

  it("writes times with the UK offset and finds UK postcodes", () => {
    expect(ukIsoDateTime(new Date("2026-07-01T08:30:15Z"))).toBe("2026-07-01T09:30:15+01:00");
    expect(ukIsoDateTime(new Date("2026-12-01T23:59:59Z"))).toBe("2026-12-01T23:59:59+00:00");
    expect(ukPostcode("1 High St, London sw1a1aa")).toBe("SW1A 1AA");
    expect(ukPostcode("Unit 3, Quay, Bristol BS1 4DJ")).toBe("BS1 4DJ");
    expect(ukPostcode("Yard, Quillbury")).toBeNull();
  });
});

describe("the company's exports", () => {
  it("gives one note's file only to the company that wrote it", async () => {
    const file = await getNoteMovementExport(t.db, REG, ids.multi);
    expect(errorsOf(validateFile, file)).toEqual([]);
    expect(file!.movement.wasteItems).toHaveLength(3);
    expect(await getNoteMovementExport(t.db, OTHER, ids.multi)).toBeNull();
    expect(await getNoteMovementExport(t.db, REG, "not-a-note")).toBeNull();
  });

  it("exports the current notes collected in a range of UK days, in batches", async () => {
    const parsed = parsePastNotesFilters(new URLSearchParams({ from: "03/03/2026", to: "2026-03-12" }));
    if (!parsed.ok) throw new Error("range");
    const files = [];
    for await (const batch of movementExportBatches(t.db, REG, parsed.query.bounds, { batchSize: 2 }))
      files.push(...batch);
    // 3 March to 12 March: multi .. awaiting, without the voided and superseded notes.
    expect(files.map((f) => f.noteId)).toEqual(
      (
        [
          "multi",
          "hazardous",
          "legacy",
          "noSite",
          "tonnes",
          "hazardousNoCode",
          "correction",
          "awaiting",
        ] as const
      ).map((k) => ids[k]),
    );
    for (const f of files) {
      // The hazardous note without a consignment code fails the rule, and says why.
      expect(validateFile(f)).toBe(f.noteId !== ids.hazardousNoCode);
      expect(f.problems.length > 0).toBe(f.noteId === ids.hazardousNoCode);
    }
  });

  it("writes the items CSV with one row per waste item, with its note's status", async () => {
    const csv = exportNoteItemsCsv(t.db, REG, {}, { batchSize: 3 });
    const rows: string[][] = [];
    for await (const batch of csv.batches) rows.push(...batch);
    const notes = EXPORT_NOTE_KEYS.length;
    expect(rows).toHaveLength(notes + 2); // the multi-item note has three
    const multi = rows.filter((r) => r[0] === ids.multi);
    expect(multi.map((r) => r[csv.columns.indexOf("ewc_codes_6")])).toEqual([
      "170107;170504",
      "200201",
      "150101",
    ]);
    expect(multi[0]![csv.columns.indexOf("unit")]).toBe("tonnes");
    expect(multi[0]![csv.columns.indexOf("estimated")]).toBe("yes");
    const status = (key: ExportNoteKey) =>
      rows.find((r) => r[0] === ids[key])![csv.columns.indexOf("status")];
    expect([status("voided"), status("superseded"), status("awaiting"), status("single")]).toEqual([
      "Void",
      "Superseded",
      "Awaiting customer signature",
      "Current",
    ]);
    const hazardousOnly = exportNoteItemsCsv(t.db, REG, { hazardous: true });
    let count = 0;
    for await (const batch of hazardousOnly.batches) count += batch.length;
    expect(count).toBe(2);
  });

  it("adds the permit, signing times, customer, items, version, status and site to the notes CSV", async () => {
    const text = await exportCompanyNotesCsv(t.db, REG, "https://carriers.example.org");
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(EXPORT_NOTE_KEYS.length);
    const multi = rows.find((r) => r.note_id === ids.multi)!;
    expect(multi).toMatchObject({
      transferee_permit_number: "EPR/XY9876ZZ",
      signed_at: "2026-03-03T09:30:00.000Z",
      customer_name: "Mill Lane Builders",
      item_count: "3",
      items_ewc_codes: "17 01 07; 17 05 04; 20 02 01; 15 01 01",
      version: "1",
      status: "Current",
      receiving_site_name: "Quillbury Recycling Centre",
      receiving_site_authorisation: "EPR/AB1234CD",
    });
    expect(multi.items).toMatch(/^1: 17 01 07 \+ 17 05 04 \(Rubble and soil\) 3\.2 t est\.; 2: 20 02 01/);
    const awaiting = rows.find((r) => r.note_id === ids.awaiting)!;
    expect(awaiting).toMatchObject({
      customer_email: "ferry-road@example.test",
      status: "Awaiting customer signature",
    });
    expect(rows.find((r) => r.note_id === ids.correction)).toMatchObject({
      version: "2",
      supersedes_id: ids.superseded,
    });
  });
});

describe("Past Waste Notes filters", () => {
  async function listed(params: Record<string, string>) {
    const parsed = parsePastNotesFilters(new URLSearchParams(params));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const list = await listCompanyNotes(t.db, REG, { filters: parsed.query });
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    return { keys: list.notes.map((n) => byId.get(n.id)).sort(), matching: list.matching };
  }

  it("filters by status, hazardous, customer and collection days", async () => {
    expect((await listed({ status: "void" })).keys).toEqual(["voided"]);
    expect((await listed({ status: "superseded" })).keys).toEqual(["superseded"]);
    expect((await listed({ status: "awaiting" })).keys).toEqual(["awaiting"]);
    expect((await listed({ status: "current" })).matching).toBe(EXPORT_NOTE_KEYS.length - 2);
    expect((await listed({ hazardous: "yes" })).keys).toEqual(["hazardous", "hazardousNoCode"]);
    expect((await listed({ hazardous: "no" })).matching).toBe(EXPORT_NOTE_KEYS.length - 2);
    expect((await listed({ customer: "quay CAF" })).keys).toEqual(["legacy", "noSite"]);
    expect((await listed({ customer: "%" })).keys).toEqual([]);
    expect((await listed({ from: "2026-03-03", to: "04/03/2026" })).keys).toEqual(["hazardous", "multi"]);
    expect((await listed({ customer: "ferry", status: "current" })).keys).toEqual(["awaiting", "correction"]);
    expect(Object.values(EXPORT_CUSTOMERS)).toContain("Ferry Road Garage");
  });

  it("says which day cannot be read, and ignores unknown values", () => {
    const bad = parsePastNotesFilters(new URLSearchParams({ from: "31/02/2026", to: "2026-01-01" }));
    expect(bad.ok).toBe(false);
    const odd = parsePastNotesFilters(new URLSearchParams({ status: "deleted", hazardous: "maybe" }));
    expect(odd.ok && odd.filters).toMatchObject({ status: "", hazardous: "" });
  });
});

describe("the admin's note search by an item's EWC code", () => {
  it("finds a note by any of its items' codes, and by their chapter", async () => {
    const found = async (ewc: string) =>
      (await searchAllWasteNotes(t.db, { ewcDigits: ewc, company: REG }, { limit: 100 })).rows.map(
        (r) => r.id,
      );
    expect(await found("150101")).toEqual([ids.multi]);
    expect(await found("170504")).toEqual([ids.tonnes, ids.multi]);
    expect((await found("1706")).sort()).toEqual([ids.hazardous, ids.hazardousNoCode].sort());
    expect(await found("200301")).toEqual([ids.legacy]);
  });
});
