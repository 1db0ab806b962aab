import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntries } from "#tests/support/builders";
import { statementsSent } from "#tests/support/statements-sent";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { gridToWgs84 } from "./british-grid";
import { directoryChanged } from "./directory-changed.server";
import { townKey } from "./place-names";
import {
  hasPlaces,
  rebuildPlaces,
  resolvePlace,
  suggestPlaces,
  townKeySql,
  unknownPlaceMessage,
} from "./places.server";
import { clearSearchCache } from "./search-providers.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

async function places() {
  return t.db.selectFrom("places").selectAll().orderBy("kind").orderBy("key").execute();
}

describe("town keys in SQL", () => {
  it("gives the same key as townKey for every rule, on this database", async () => {
    const names = [
      "Stoke-on-Trent",
      "stoke on trent",
      "STOKE ON TRENT",
      "  Stoke - on -  Trent ",
      "St Albans",
      "ST. ALBANS",
      "Saint Albans",
      "st.albans",
      "St St Mary",
      "Stafford",
      "King's Lynn",
      "King’s Lynn",
      "Brighton & Hove",
      "Brighton&Hove",
      "Ynys Môn",
      "YNYS MÔN",
      "Llanfair-ym-Muallt",
      "Bishop's Stortford",
      "Newcastle upon Tyne",
      "Weston-super-Mare, Somerset",
      "Zürich",
      "Ørsta",
      "東京",
      "1st Street",
      "---",
      "",
    ];
    const { rows } = await sql<{ name: string; key: string }>`
      SELECT name, ${townKeySql(sql`name`)} AS key FROM unnest(${sql.val(names)}::text[]) AS n(name)`.execute(
      t.db,
    );
    const fromSql = Object.fromEntries(rows.map((r) => [r.name, r.key]));
    const fromTs = Object.fromEntries(names.map((n) => [n, townKey(n)]));
    expect(fromSql).toEqual(fromTs);
    expect(fromSql["Stoke-on-Trent"]).toBe("stoke on trent");
    expect(fromSql["ST. ALBANS"]).toBe("saint albans");
  });
});

describe("rebuildPlaces", () => {
  const leeds = { town: "Leeds" };
  beforeAll(async () => {
    await insertRegisterEntries(t.db, [
      { ...leeds, postcode: "LS1 1AA", easting: 430_000, northing: 433_000 },
      { ...leeds, postcode: "ls1 1aa", easting: 430_200, northing: 433_400 },
      { ...leeds, postcode: "LS1 1AB", easting: 430_400, northing: 433_200 },
      { ...leeds, postcode: "LS1 2AB", easting: 431_000, northing: 434_000 },
      { ...leeds, postcode: "LS11 1AB", easting: 429_000, northing: 431_000 },
      // Coordinates missing or off the grid: not averaged anywhere.
      { ...leeds, postcode: "LS1 1AA", easting: null, northing: null },
      { ...leeds, postcode: "LS1 1AA", easting: 430_000, northing: null },
      { ...leeds, postcode: "LS1 1AA", easting: -10, northing: 433_000 },
      { ...leeds, postcode: "LS1 1AA", easting: 800_000, northing: 433_000 },
      // An outward code alone still places its district.
      { town: "Wetherby", postcode: "LS22", easting: 440_000, northing: 448_000 },
      // Not a postcode: no postcode place, but the town is placed.
      { town: "Otley", postcode: "UNKNOWN", easting: 420_000, northing: 445_000 },
      // One town, four spellings; one row without coordinates.
      { town: "Stoke-on-Trent", postcode: "ST1 1AA", easting: 388_000, northing: 347_000 },
      { town: "Stoke-on-Trent", postcode: "ST1 1AB", easting: 388_200, northing: 347_200 },
      { town: "STOKE ON TRENT", postcode: "ST4 2AA", easting: 388_400, northing: 345_000 },
      { town: "stoke on trent ", postcode: "ST4 2AB", easting: 388_600, northing: 345_200 },
      { town: "Stoke On Trent", postcode: "ST3 1ZZ", easting: null, northing: null },
      { town: "St Albans", postcode: "AL1 3AA", easting: 515_000, northing: 207_000 },
      // Spelt only in capitals, as the register writes most towns.
      { town: "NEWCASTLE UPON TYNE", postcode: "NE1 4AA", easting: 424_800, northing: 564_200 },
      // Removed from the register: it places nothing (the search's own rule for what exists).
      { town: "Gone Town", postcode: "GT1 1AA", easting: 500_000, northing: 200_000, on_register: false },
      { town: "Leeds", postcode: "LS1 1AA", easting: 600_000, northing: 600_000, on_register: false },
      // A town known only from rows without coordinates is no place.
      { town: "Nowhere Parva", postcode: "ZZ9 9ZZ", easting: null, northing: null },
    ]);
  });

  it("averages the registrations with coordinates per sector, district and town", async () => {
    const result = await rebuildPlaces(t.db);
    const rows = await places();
    const byKey = Object.fromEntries(rows.map((p) => [`${p.kind}:${p.key}`, p]));

    // Full postcodes are read from the directory when named (resolvePlace), not stored.
    expect(rows.map((p) => p.kind).sort()).not.toContain("postcode");
    // (430000 + 430200 + 430400) / 3, (433000 + 433400 + 433200) / 3
    expect(byKey["sector:LS1 1"]).toMatchObject({
      label: "LS1 1",
      easting: 430_200,
      northing: 433_200,
      entries: 3,
    });
    expect(byKey["sector:LS1 2"]).toMatchObject({ easting: 431_000, northing: 434_000, entries: 1 });
    expect(byKey["district:LS1"]).toMatchObject({
      label: "LS1",
      easting: 430_400,
      northing: 433_400,
      entries: 4,
    });
    expect(byKey["district:LS11"]).toMatchObject({ entries: 1 });
    expect(byKey["sector:LS11 1"]).toMatchObject({ entries: 1 });
    expect(byKey["district:LS22"]).toMatchObject({ easting: 440_000, northing: 448_000, entries: 1 });
    expect(byKey["town:leeds"]).toMatchObject({ label: "Leeds", entries: 5, town_keys: ["leeds"] });
    expect(byKey["town:otley"]).toMatchObject({ entries: 1 });

    const stoke = byKey["town:stoke on trent"];
    expect(stoke).toMatchObject({ label: "Stoke-on-Trent", easting: 388_300, northing: 346_100, entries: 4 });
    expect(stoke.town_keys).toEqual(["stoke on trent", "stoke-on-trent"]);
    expect(byKey["town:saint albans"]).toMatchObject({ label: "St Albans", entries: 1 });
    expect(byKey["town:nowhere parva"]).toBeUndefined();
    expect(byKey["sector:ZZ9 9"]).toBeUndefined();
    expect(byKey["sector:ST3 1"]).toBeUndefined();
    expect(byKey["town:gone town"]).toBeUndefined();
    expect(byKey["district:GT1"]).toBeUndefined();

    expect(result.places).toBe(rows.length);
    expect(result).toMatchObject({ added: rows.length, changed: 0, removed: 0 });
    expect(await hasPlaces(t.db)).toBe(true);
  });

  it("changes only what changed when run again", async () => {
    const again = await rebuildPlaces(t.db);
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0 });

    await t.db
      .updateTable("directory_entries")
      .set({ easting: 429_000 })
      .where("postcode", "=", "LS1 2AB")
      .execute();
    await t.db.deleteFrom("directory_entries").where("town", "=", "Otley").execute();
    const moved = await rebuildPlaces(t.db);
    // LS1 2, LS1 and Leeds moved; Otley is gone.
    expect(moved).toMatchObject({ added: 0, changed: 3, removed: 1 });
    const rows = await places();
    expect(rows.find((p) => p.kind === "town" && p.key === "otley")).toBeUndefined();
    expect(rows.find((p) => p.kind === "sector" && p.key === "LS1 2")).toMatchObject({ easting: 429_000 });
  });
});

describe("resolvePlace", () => {
  it("answers the most precise known place: full postcode, sector, district, then town", async () => {
    expect(await resolvePlace(t.db, "ls11aa")).toMatchObject({
      kind: "postcode",
      label: "LS1 1AA",
      easting: 430_100,
      approximate: false,
      query: "ls11aa",
      entries: 2, // the two on the register with coordinates on the grid
    });
    expect(await resolvePlace(t.db, "GT1 1AA")).toBeNull(); // only a removed registration there
    const partial: [typed: string, expected: Record<string, unknown>][] = [
      // An unknown full postcode whose sector is known: the sector, marked approximate.
      ["LS1 1ZZ", { kind: "sector", label: "LS1 1", approximate: true }],
      // Unknown sector, known district.
      ["LS1 9ZZ", { kind: "district", label: "LS1", approximate: true }],
      ["LS1  1", { kind: "sector", key: "LS1 1", approximate: false }],
      ["ls1", { kind: "district", key: "LS1", approximate: false }],
    ];
    for (const [typed, expected] of partial)
      expect(await resolvePlace(t.db, typed), typed).toMatchObject(expected);
    expect(await resolvePlace(t.db, "LS99 9ZZ")).toBeNull();
    expect(await resolvePlace(t.db, "Leeds")).toMatchObject({
      kind: "town",
      label: "Leeds",
      townKeys: ["leeds"],
    });
    expect(await resolvePlace(t.db, "Leeds, West Yorkshire")).toMatchObject({ kind: "town", key: "leeds" });
    expect(await resolvePlace(t.db, "Atlantis")).toBeNull();
    expect(await resolvePlace(t.db, "   ")).toBeNull();
  });

  it("finds a town however it is typed, with its position in WGS84", async () => {
    const spellings = ["stoke on trent", "Stoke-on-Trent", "STOKE ON TRENT", "stoke-ON-trent "];
    for (const typed of spellings) {
      const place = await resolvePlace(t.db, typed);
      expect(place, typed).toMatchObject({ kind: "town", key: "stoke on trent", label: "Stoke-on-Trent" });
    }
    expect(await resolvePlace(t.db, "Saint Albans")).toMatchObject({ label: "St Albans" });
    expect(await resolvePlace(t.db, "st. albans")).toMatchObject({ label: "St Albans" });
    // A name the register writes only in capitals is shown in title case, its small words in lower case.
    expect(await resolvePlace(t.db, "newcastle upon tyne")).toMatchObject({
      key: "newcastle upon tyne",
      label: "Newcastle upon Tyne",
    });
    const stoke = (await resolvePlace(t.db, "Stoke-on-Trent"))!;
    const expected = gridToWgs84(388_300, 346_100);
    expect(stoke.lat).toBeCloseTo(expected.lat, 9);
    expect(stoke.lng).toBeCloseTo(expected.lng, 9);
    expect(stoke.lat).toBeGreaterThan(52.9);
    expect(stoke.lat).toBeLessThan(53.1);
  });

  it("asks the database once per text until the directory changes or the places are rebuilt", async () => {
    const sent = (run: () => Promise<unknown>) => statementsSent(t.pool, run).then((s) => s.length);
    await directoryChanged(t.db);
    expect(await sent(() => resolvePlace(t.db, "LS1 1"))).toBe(1);
    const kept = await resolvePlace(t.db, "LS1 1");
    expect(await sent(() => resolvePlace(t.db, "LS1 1"))).toBe(0);
    expect(Object.isFrozen(kept)).toBe(true); // shared by every search of the text
    expect(await sent(() => resolvePlace(t.db, "Atlantis"))).toBe(1);
    expect(await sent(() => resolvePlace(t.db, "Atlantis"))).toBe(0); // unknown is kept too

    // The sector moves: a rebuild, and a change announced (a sync does both), are seen at once.
    await t.db
      .updateTable("directory_entries")
      .set({ easting: 431_000 })
      .where("postcode", "=", "LS1 1AA")
      .execute();
    await rebuildPlaces(t.db);
    const moved = await resolvePlace(t.db, "LS1 1");
    expect(moved?.easting).not.toBe(kept?.easting);
    await resolvePlace(t.db, "LS1 1");
    await directoryChanged(t.db);
    expect(await sent(() => resolvePlace(t.db, "LS1 1"))).toBe(1);
    clearSearchCache(t.db);
    expect(await sent(() => resolvePlace(t.db, "LS1 1"))).toBe(1);
  });
});

describe("suggestPlaces", () => {
  it("offers the postcode area's districts for an unknown postcode, most alike first", async () => {
    const suggestions = await suggestPlaces(t.db, "LS99 9ZZ", 5);
    // Trigram similarity to 'LS99': LS1 2/7, LS11 and LS22 2/8 (then the shorter, then in order).
    expect(suggestions.map((s) => s.label)).toEqual(["LS1", "LS11", "LS22"]);
    expect(suggestions.every((s) => s.kind === "district")).toBe(true);
    expect(unknownPlaceMessage("LS99 9ZZ", suggestions)).toBe(
      `We couldn't find LS99 9ZZ; try a nearby town or the postcode district (e.g. ${suggestions[0].label})`,
    );
    // Another postcode area's districts are not offered ('L' is not 'LS').
    expect(await suggestPlaces(t.db, "L99 9ZZ")).toEqual([]);
  });

  it("offers towns by similarity for a misspelt town", async () => {
    expect(await suggestPlaces(t.db, "Stoke on Trnt")).toEqual([{ kind: "town", label: "Stoke-on-Trent" }]);
    expect((await suggestPlaces(t.db, "Leedz")).map((s) => s.label)).toContain("Leeds");
    // A misspelt first word is close to the name's first word, if not to the whole name.
    expect((await suggestPlaces(t.db, "Stoak")).map((s) => s.label)).toContain("Stoke-on-Trent");
    expect((await suggestPlaces(t.db, "Newcastel")).map((s) => s.label)).toContain("Newcastle upon Tyne");
    expect(await suggestPlaces(t.db, "Xyzzy")).toEqual([]);
    expect(unknownPlaceMessage("Xyzzy", [])).toBe(
      "We couldn't find Xyzzy; try a nearby town or the postcode district",
    );
  });
});
