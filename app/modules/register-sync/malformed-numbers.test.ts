/**
 * Issue 14, item 1: only well-formed England/Wales numbers are imported. Anything else is
 * rejected by line with the reason; rows an earlier, laxer import stored leave the register
 * (migration 1001), and a re-import does not bring them back.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { insertRegisterEntries } from "#tests/support/builders";
import type { TestDatabase } from "#tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { migrationsDir } from "~/platform/db/migrate.server";
import { getProvider } from "~/modules/directory/get-provider.server";
import { getRemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import { parseSearchInput } from "~/modules/directory/search-input";
import { clearSearchCache, searchProviders } from "~/modules/directory/search-providers.server";
import { normaliseRow } from "./normalise-row";
import { runRegisterSync } from "./run-register-sync.server";
import { registrationNumbers } from "./test-support/sync-test-env";

const EA_HEADER =
  "Registration number,Organisation name,UPRN,Building,Address line 1,Address line 2,Address line 3,Address line 4,Town,Postcode,Country,Easting,Northing,Applicant type,Registration tier,Registration type,Registration date,Expiry date,Company number";
const MIGRATION = fs.readFileSync(path.join(migrationsDir(), "1001_malformed_registrations.sql"), "utf8");

let t: TestDatabase;
let tmp: string;
useTestDatabaseAndFolder("malformed-numbers-", (opened, folder) => {
  t = opened;
  tmp = folder;
});
beforeEach(async () => {
  clearSearchCache(t.db);
  await t.db.deleteFrom("claimed_listings").execute();
  await t.db.deleteFrom("directory_entries").execute();
  await t.db.deleteFrom("sync_log").execute();
});

function row(number: string, name: string, tier = "UPPER", expiry = "2030-01-01"): string {
  return `${number},${name},,,1 Test Street,,,,Numberton,LS1 1AA,England,430000,433000,soleTrader,${tier},carrier_dealer,2024-01-01,${expiry},`;
}
function writeCsv(name: string, lines: string[]): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, [EA_HEADER, ...lines].join("\n") + "\n");
  return file;
}
const search = (qs: string) => searchProviders(t.db, parseSearchInput(new URLSearchParams(qs)).input);

describe("the importer's number rule", () => {
  const base = { business_name: "A Ltd", registration_tier: "UPPER", expiry_date: "2030-01-01" };

  it("keeps England/Wales numbers in their canonical form, however the source spaced them", () => {
    for (const written of [
      "CBDU9990001",
      " cbdu9990001 ",
      "CBDU-9990001",
      "CBDU 999 0001",
      "cbdu\u2013999\u00a00001",
    ]) {
      expect(normaliseRow({ ...base, registration_number: written }), written).toMatchObject({
        ok: true,
        row: { registration_number: "CBDU9990001" },
      });
    }
    expect(normaliseRow({ ...base, registration_number: "cbdl123", registration_tier: "" })).toMatchObject({
      ok: true,
      row: { registration_number: "CBDL123", registration_tier: "LOWER" },
    });
  });

  it("rejects every other number with the reason", () => {
    expect(normaliseRow({ ...base, registration_number: "XYZ123" })).toEqual({
      ok: false,
      reason: "malformed registration number 'XYZ123' (expected CBDU or CBDL and at least 3 digits)",
      registrationNumber: "XYZ123",
    });
    for (const written of ["CBDU12", "CBDX123456", "CBDU123A", "123456", "CBDU 123456 X", "CBD", "C B D U"]) {
      const result = normaliseRow({ ...base, registration_number: written });
      expect(result.ok, written).toBe(false);
      if (!result.ok)
        expect(result.reason, written).toMatch(
          /^malformed registration number '.+' \(expected CBDU or CBDL and at least 3 digits\)$/,
        );
    }
    expect(normaliseRow({ ...base, registration_number: "wcr/r/1234567" })).toMatchObject({
      ok: false,
      reason:
        "malformed registration number 'WCR/R/1234567': a Scotland (SEPA) number, not on the Environment Agency's register (England and Wales: CBDU or CBDL and digits)",
      registrationNumber: "WCR/R/1234567",
    });
    expect(normaliseRow({ ...base, registration_number: "ROC UT 1234" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        "a Northern Ireland (NIEA) number, not on the Environment Agency's register",
      ),
    });
    expect(normaliseRow({ ...base, registration_number: "  " })).toEqual({
      ok: false,
      reason: "missing registration number",
      registrationNumber: null,
    });
  });
});

describe("a sync with malformed numbers", () => {
  it("imports the well-formed rows and reports every other row by line with its reason", async () => {
    const file = writeCsv("mixed.csv", [
      row("CBDU9990001", "Good Carrier Ltd"),
      row("XYZ123", "Bad Number Ltd"),
      row("cbdu-999 0002", "Spaced Number Ltd"),
      row("WCR/R/1234567", "Scottish Carrier Ltd"),
      row("ROC UT 1234", "Ulster Carrier Ltd"),
      row("CBDU12", "Short Number Ltd"),
    ]);
    const summary = await runRegisterSync(t.db, { source: file, removeMissing: true });
    expect(summary).toMatchObject({ processed: 6, added: 2, rejected: 4 });
    expect(
      summary.rejections.map((r) => [r.line, r.registrationNumber, r.reason.replace(/ \(.*|:.*/, "")]),
    ).toEqual([
      [3, "XYZ123", "malformed registration number 'XYZ123'"],
      [5, "WCR/R/1234567", "malformed registration number 'WCR/R/1234567'"],
      [6, "ROC UT 1234", "malformed registration number 'ROC UT 1234'"],
      [7, "CBDU12", "malformed registration number 'CBDU12'"],
    ]);
    const stored = await t.db
      .selectFrom("sync_rejections")
      .select(["line_number", "reason"])
      .orderBy("line_number")
      .execute();
    expect(stored.map((r) => r.line_number)).toEqual([3, 5, 6, 7]);
    expect(stored[1].reason).toContain("Scotland (SEPA)");
    expect(await registrationNumbers(t.db)).toEqual(["CBDU9990001", "CBDU9990002"]);
  });

  it("migration 1001 takes stored malformed rows off the register (idempotently), and a re-import leaves them off", async () => {
    // What an earlier, laxer import stored.
    await insertRegisterEntries(t.db, [
      {
        registration_number: "CBDU9990001",
        business_name: "Good Carrier Ltd",
        town: "Numberton",
        expiry_date: "2030-01-01",
      },
      {
        registration_number: "XYZ123",
        business_name: "Bad Number Ltd",
        town: "Numberton",
        expiry_date: "2030-01-01",
      },
      {
        registration_number: "WCR/R/1234567",
        business_name: "Scottish Carrier Ltd",
        town: "Numberton",
        expiry_date: "2030-01-01",
      },
      { registration_number: "ROC UT 1234", business_name: "Ulster Carrier Ltd", town: "Numberton" },
      { registration_number: "CBDU 777", business_name: "Spaced Stored Ltd", town: "Numberton" },
    ]);
    // Before: 'XYZ123' is on the register, so searches would list it.
    expect((await search("query=numberton&type=location")).totalCount).toBe(5);
    clearSearchCache(t.db);

    await sql.raw(MIGRATION).execute(t.db);
    const after = await t.db
      .selectFrom("directory_entries")
      .select(["registration_number", "on_register", "removed_at"])
      .orderBy("registration_number")
      .execute();
    const state = Object.fromEntries(after.map((r) => [r.registration_number, r.on_register]));
    expect(state).toEqual({
      "CBDU 777": true,
      CBDU9990001: true,
      "ROC UT 1234": false,
      "WCR/R/1234567": false,
      XYZ123: false,
    });
    const removedAt = after.find((r) => r.registration_number === "XYZ123")?.removed_at;
    expect(removedAt).toBeInstanceOf(Date);

    // Idempotent: a second run changes nothing (removed_at kept).
    await new Promise((r) => setTimeout(r, 20));
    await sql.raw(MIGRATION).execute(t.db);
    const again = await t.db
      .selectFrom("directory_entries")
      .select("removed_at")
      .where("registration_number", "=", "XYZ123")
      .executeTakeFirstOrThrow();
    expect(again.removed_at?.getTime()).toBe(removedAt?.getTime());

    // The profile is the removed state (410 page), never a current carrier; searches skip it.
    expect(await getProvider(t.db, "XYZ123")).toBeNull();
    expect(await getRemovedRegistration(t.db, "xyz123")).toMatchObject({
      registration_number: "XYZ123",
      business_name: "Bad Number Ltd",
    });
    const licence = await search("query=XYZ123&type=registration");
    expect(licence.licence).toBeNull();
    expect(licence.totalCount).toBe(0);
    expect(
      (await search("query=numberton&type=location")).providers.map((p) => p.registration_number).sort(),
    ).toEqual(["CBDU 777", "CBDU9990001"]);

    // A partial re-import that still lists them does not bring them back; a full one keeps them off.
    const file = writeCsv("again.csv", [
      row("CBDU9990001", "Good Carrier Ltd"),
      row("XYZ123", "Bad Number Ltd"),
      row("WCR/R/1234567", "Scottish Carrier Ltd"),
    ]);
    for (const removeMissing of [false, true]) {
      const summary = await runRegisterSync(t.db, { source: file, removeMissing });
      expect(summary.rejected).toBe(2);
      const offRegister = await t.db
        .selectFrom("directory_entries")
        .select("registration_number")
        .where("on_register", "=", false)
        .orderBy("registration_number")
        .execute();
      expect(offRegister.map((r) => r.registration_number)).toEqual(
        removeMissing
          ? ["CBDU 777", "ROC UT 1234", "WCR/R/1234567", "XYZ123"]
          : ["ROC UT 1234", "WCR/R/1234567", "XYZ123"],
      );
    }
    clearSearchCache(t.db);
    expect(await getProvider(t.db, "XYZ123")).toBeNull();
  });
});
