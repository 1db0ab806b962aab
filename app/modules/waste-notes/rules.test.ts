import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STANDARD_MONTHLY_NOTES } from "./constants";
import { loadContainerTypes } from "./container-types.server";
import { dateToLondonLocal, londonLocalToDate } from "~/platform/dates";
import { findEwcCode, isHazardousEwcCode, loadEwcCatalogue } from "./ewc-codes.server";
import { checkPlanLimit } from "./plan-limit.server";
import { testPng, validForm } from "./test-support/valid-form";
import { readSignature, validateWasteNote } from "./validate-note.server";

const CODES = "items[0].ewcCodes";
const QUANTITY = "items[0].quantity";
const DESCRIPTION = "items[0].description";

describe("EWC catalogue", () => {
  const cat = loadEwcCatalogue();
  it("holds all 842 codes, 20 chapters and the hazardous marks", () => {
    expect(cat.codes).toHaveLength(842);
    expect(cat.chapters.map((c) => c.code)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(2, "0")),
    );
    expect(cat.codes.filter((c) => c.hazardous)).toHaveLength(408);
    expect(cat.codes.every((c) => c.hazardous === c.code.endsWith("*"))).toBe(true);
    expect(cat.csv.split("\n")[0]).toBe("Code,Description,Hazardous,EntryType");
  });
  it("finds a code however it is typed and knows the hazardous ones", () => {
    expect(findEwcCode("170503")?.code).toBe("17 05 03*");
    expect(findEwcCode("17-05-04")?.code).toBe("17 05 04");
    expect(findEwcCode("17 05")).toBeNull();
    expect(findEwcCode("99 99 99")).toBeNull();
    expect(isHazardousEwcCode("17 05 03*")).toBe(true);
    expect(isHazardousEwcCode("170503")).toBe(true);
    expect(isHazardousEwcCode("20 03 01")).toBe(false);
    expect(findEwcCode("20 01 21*")?.description).toMatch(/fluorescent tubes/i);
  });
  it("reads the container types with loose among them", () => {
    expect(loadContainerTypes().map((c) => c.code)).toEqual(
      expect.arrayContaining(["LOO", "SKI", "WBI", "IBC"]),
    );
    expect(loadContainerTypes()).toHaveLength(16);
  });
});

describe("plan limit", () => {
  it("allows 20 notes a month on the standard plan and refuses the 21st", () => {
    expect(checkPlanLimit("standard", 0)).toMatchObject({
      allowed: true,
      remaining: 20,
      label: "0 of 20 this month",
    });
    expect(checkPlanLimit("standard", STANDARD_MONTHLY_NOTES - 1)).toMatchObject({
      allowed: true,
      remaining: 1,
    });
    expect(checkPlanLimit("standard", 20)).toMatchObject({
      allowed: false,
      remaining: 0,
      label: "20 of 20 this month",
    });
  });
  it("never limits premium", () => {
    expect(checkPlanLimit("premium", 5000)).toMatchObject({ allowed: true, limit: null });
  });
});

describe("UK dates", () => {
  it("reads datetime-local values as UK time, summer and winter", () => {
    expect(londonLocalToDate("2026-07-15T09:30")?.toISOString()).toBe("2026-07-15T08:30:00.000Z");
    expect(londonLocalToDate("2026-01-15T09:30")?.toISOString()).toBe("2026-01-15T09:30:00.000Z");
    expect(londonLocalToDate("2026-02-30T09:30")).toBeNull();
    expect(londonLocalToDate("yesterday")).toBeNull();
    expect(dateToLondonLocal(new Date("2026-07-15T08:30:00Z"))).toBe("2026-07-15T09:30");
  });
});

describe("waste note validation", () => {
  it("accepts a complete note and derives hazardous from the code", async () => {
    const ok = await validateWasteNote(validForm({}, [testPng()]));
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(ok.data).toMatchObject({
      items: [{ ewcCodes: ["17 08 02"], hazardous: false, quantity: 412.75, unit: "kg", containerCount: 1 }],
      hazardous: false,
      photos: [{ type: { mime: "image/jpeg", extension: "jpg" } }],
    });
    const haz = await validateWasteNote(
      validForm({ [CODES]: "170503", hazardous: "false", consignmentCode: "ABCDEF/12345" }),
    );
    expect(haz.ok && haz.data.hazardous).toBe(true);
    expect(haz.ok && haz.data.items[0].ewcCodes).toEqual(["17 05 03*"]);
  });

  it("says 'Required' for every required field of the spec, and the law's fields", async () => {
    // The fields whose message is a bare 'Required' (the others have a message of their own).
    const required = [
      "collectionDateTime",
      "wasteType",
      CODES,
      QUANTITY,
      "originAddress",
      "carrierCompany",
      "carrierAddress",
      "carrierLicense",
      "vehicleReg",
      "transferorName",
      "transferorAddress",
      "transferorSignatureName",
      "transfereeSignatureName",
    ];
    const empty = Object.fromEntries(
      [...required, DESCRIPTION, "wasteHierarchy", "transferorSicCode"].map((k) => [k, ""]),
    );
    const result = await validateWasteNote(
      validForm({ ...empty, transferorStatus: [], transfereeStatus: [] }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const k of required) {
      expect(result.errors[k], k).toEqual(["Required"]);
    }
    expect(result.errors[DESCRIPTION]).toEqual(["Required (max 200 chars)"]);
    expect(result.errors.wasteHierarchy).toEqual(["You must confirm the waste hierarchy declaration"]);
    expect(result.errors.transferorStatus).toEqual(["Choose at least one status"]);
    expect(result.errors.transfereeStatus).toEqual(["Choose at least one status"]);
    expect(result.errors.transferorSicCode).toBeDefined();
    expect(result.values.carrierCompany).toBe("");
  });

  it("limits the description to 200 characters and the quantity to a number > 0 with 3 decimals", async () => {
    const long = await validateWasteNote(validForm({ [DESCRIPTION]: "x".repeat(201) }));
    expect(!long.ok && long.errors[DESCRIPTION]).toEqual(["Required (max 200 chars)"]);
    expect((await validateWasteNote(validForm({ [DESCRIPTION]: "x".repeat(200) }))).ok).toBe(true);
    for (const [q, message] of [
      ["-1", "Enter a quantity greater than 0"],
      ["0", "Enter a quantity greater than 0"],
      ["0.000", "Enter a quantity greater than 0"],
      ["abc", "Enter the quantity as a number, up to 3 decimal places"],
      ["1.2345", "Enter the quantity as a number, up to 3 decimal places"],
      ["1e3", "Enter the quantity as a number, up to 3 decimal places"],
    ]) {
      const r = await validateWasteNote(validForm({ [QUANTITY]: q }));
      expect(!r.ok && r.errors[QUANTITY], q).toEqual([message]);
    }
    expect((await validateWasteNote(validForm({ [QUANTITY]: "0.001" }))).ok).toBe(true);
    expect((await validateWasteNote(validForm({ [QUANTITY]: "1.234" }))).ok).toBe(true);
  });

  it("accepts only the two waste types and real EWC codes", async () => {
    const r = await validateWasteNote(validForm({ wasteType: "Industrial", [CODES]: "17 01" }));
    expect(!r.ok && r.errors.wasteType).toEqual(["Required"]);
    expect(!r.ok && r.errors[CODES]).toEqual(["17 01 is not a code in the List of Wastes"]);
    expect((await validateWasteNote(validForm({ wasteType: "Residential" }))).ok).toBe(true);
  });

  it("takes up to 3 photos, checked by content", async () => {
    const png = testPng();
    expect((await validateWasteNote(validForm({}, [png, png, png]))).ok).toBe(true);
    const four = await validateWasteNote(validForm({}, [png, png, png, png]));
    expect(!four.ok && four.errors.photos).toEqual(["Please upload up to 3 photos"]);
    const fake = await validateWasteNote(validForm({}, [Buffer.from("GIF89 not really an image")]));
    expect(!fake.ok && fake.errors.photos?.[0]).toMatch(/JPEG, PNG, GIF or WebP/);
  });

  it("asks for the details each status needs, the SIC code of a business, and the broker", async () => {
    const r = await validateWasteNote(
      validForm({
        transferorStatus: ["permit_holder", "exempt", "registered_carrier"],
        transfereeStatus: ["registered_carrier", "permit_holder"],
        transferorSicCode: "",
        brokerArranged: "on",
        "items[0].containerCount": "",
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(
      [
        "brokerName",
        "brokerRegistration",
        "items[0].containerCount",
        "transfereePermitNumber",
        "transferorExemption",
        "transferorPermitNumber",
        "transferorRegistration",
        "transferorSicCode",
      ].sort(),
    );
    const householder = await validateWasteNote(
      validForm({
        transferorStatus: ["householder"],
        transferorSicCode: "",
        "items[0].containerType": "LOO",
        "items[0].containerCount": "",
      }),
    );
    expect(householder.ok && householder.data).toMatchObject({
      transferorSicCode: null,
      items: [{ containerType: "LOO", containerCount: null }],
    });
    const badSic = await validateWasteNote(validForm({ transferorSicCode: "4332" }));
    expect(!badSic.ok && badSic.errors.transferorSicCode).toEqual(["Enter a 5-digit SIC (2007) code"]);
    const status = await validateWasteNote(validForm({ transferorStatus: ["emperor"] }));
    expect(status.ok).toBe(false);
  });

  it("reads a drawn signature only when it is a small PNG, and writes it again", async () => {
    const png = testPng();
    expect(await readSignature("")).toEqual({ ok: true, png: null });
    const good = await readSignature(`data:image/png;base64,${png.toString("base64")}`);
    expect(good.ok && good.png && (await sharp(good.png).metadata())).toMatchObject({
      format: "png",
      width: png.readUInt32BE(16),
      height: png.readUInt32BE(20),
      hasAlpha: true,
    });
    expect(
      (await readSignature(`data:image/png;base64,${Buffer.from("<svg/>").toString("base64")}`)).ok,
    ).toBe(false);
    expect((await readSignature("javascript:alert(1)")).ok).toBe(false);
    expect(
      (await readSignature(`data:image/png;base64,${Buffer.alloc(300_000).toString("base64")}`)).ok,
    ).toBe(false);
  });
});

describe("location title of a note card", () => {
  it("takes the first comma segment, joins a short one with the second, cuts at 40", async () => {
    const { locationTitle } = await import("./location-title");
    expect(locationTitle("14 Mill Lane, Bristol, BS1 4ST")).toBe("14 Mill Lane");
    expect(locationTitle("14, Mill Lane, Bristol")).toBe("14 Mill Lane");
    expect(locationTitle("Unit 7 The Very Long Industrial Estate Name Road, Leeds")).toBe(
      "Unit 7 The Very Long Industrial Estate N",
    );
    expect(locationTitle("Leeds")).toBe("Leeds");
  });
});
