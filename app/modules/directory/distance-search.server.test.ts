/**
 * The search around a place (issue 16), on PGlite and PostgreSQL: resolution order, town
 * spellings, nearest first checked against distances computed here from the rows' own grid
 * references, the radius edges, rows without coordinates, the other sorts and filters, positions,
 * and the API's parameter checks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries } from "#tests/support/builders";
import { statementsSent } from "#tests/support/statements-sent";
import { registrationNumbers as numbers, searchPage } from "./test-support/search";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { parseApiSearchInput } from "./api-search-input.server";
import { gridToWgs84, wgs84ToGrid } from "./british-grid";
import { resultPositions } from "./map-positions.server";
import { HIDDEN_COUNT_CAP, SEARCH_COUNT_CAP } from "./constants";
import { rebuildPlaces } from "./places.server";
import { parseSearchInput, searchHref } from "./search-input";
import { clearSearchCache, type SearchResult } from "./search-providers.server";

let t: TestDatabase;

const MILE = 1609.344;
/** The centre: LS1 1AA, one registration at this grid reference. */
const CENTRE = { easting: 430_000, northing: 433_000 };

/** Independently of the code under test: Pythagoras on the grid, in miles. */
const milesFromCentre = (e: number, n: number) => Math.hypot(e - CENTRE.easting, n - CENTRE.northing) / MILE;

interface Placed {
  registration_number: string;
  easting: number;
  northing: number;
}
const scattered: Placed[] = [];

/** A fixed pseudo-random sequence (the test's own, not the code's). */
function lcg(seed: number) {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  const random = lcg(16);
  // 40 carriers scattered up to 35 miles around the centre, in towns with other postcodes.
  const rows = Array.from({ length: 40 }, (_, i) => {
    const angle = random() * 2 * Math.PI;
    const r = random() * 35 * MILE;
    return {
      registration_number: `CBDU${80_000_000 + i}`,
      business_name: `Scattered ${String(i).padStart(2, "0")} Waste Ltd`,
      town: "Elsewhere",
      postcode: `HX${1 + (i % 7)} 1AA`,
      easting: Math.round(CENTRE.easting + r * Math.cos(angle)),
      northing: Math.round(CENTRE.northing + r * Math.sin(angle)),
    };
  });
  const inserted = await insertRegisterEntries(t.db, [
    // The centre of LS1 1AA (the postcode's only row with coordinates).
    {
      registration_number: "CBDU70000001",
      business_name: "Centre Skips Ltd",
      town: "Leeds",
      postcode: "LS1 1AA",
      ...CENTRE,
    },
    // LS1 1AA and Leeds without coordinates: found by the place's text, after those with distances.
    {
      registration_number: "CBDU70000002",
      business_name: "Gridless Postcode Ltd",
      town: "Leeds",
      postcode: "LS1 1AA",
      easting: null,
      northing: null,
    },
    {
      registration_number: "CBDU70000003",
      business_name: "Gridless Town Ltd",
      town: "LEEDS",
      postcode: "",
      easting: null,
      northing: null,
    },
    // The radius edges: 24.9 miles east (in), 25.1 miles north (out of a 25-mile search).
    {
      registration_number: "CBDU70000004",
      business_name: "Edge In Ltd",
      town: "Edgeton",
      postcode: "YO1 1AA",
      easting: CENTRE.easting + 40_072,
      northing: CENTRE.northing,
    },
    {
      registration_number: "CBDU70000005",
      business_name: "Edge Out Ltd",
      town: "Edgeton",
      postcode: "YO1 1AB",
      easting: CENTRE.easting,
      northing: CENTRE.northing + 40_395,
    },
    // The sector LS1 1 and the district LS1 have more rows than the full postcode.
    {
      registration_number: "CBDU70000006",
      business_name: "Sector Skip Hire Ltd",
      town: "Leeds",
      postcode: "LS1 1ZB",
      easting: 432_000,
      northing: 433_000,
    },
    {
      registration_number: "CBDU70000007",
      business_name: "District Recycling Ltd",
      town: "Leeds",
      postcode: "LS1 5XY",
      easting: 434_000,
      northing: 437_000,
    },
    // Expired (hidden by default around a place, and counted).
    {
      registration_number: "CBDU70000008",
      business_name: "Lapsed Skip Hire Ltd",
      town: "Leeds",
      postcode: "LS2 7AA",
      easting: 430_300,
      northing: 433_400,
      expiry_date: "2020-01-01",
    },
    // Off the register: never found.
    {
      registration_number: "CBDU70000009",
      business_name: "Removed Ltd",
      town: "Leeds",
      postcode: "LS1 1AB",
      easting: 430_010,
      northing: 433_000,
      on_register: false,
    },
    // A lower-tier carrier right next to the centre.
    {
      registration_number: "CBDL70000010",
      business_name: "Lower Tier Man With Van",
      town: "Leeds",
      postcode: "LS2 8AA",
      easting: 430_100,
      northing: 433_100,
      registration_tier: "LOWER",
    },
    // One town written three ways (and one row without coordinates).
    {
      registration_number: "CBDU70000011",
      business_name: "Potteries Waste Ltd",
      town: "Stoke-on-Trent",
      postcode: "ST1 1AA",
      easting: 388_000,
      northing: 347_000,
    },
    {
      registration_number: "CBDU70000012",
      business_name: "Trent Skips Ltd",
      town: "STOKE ON TRENT",
      postcode: "ST4 2AA",
      easting: 388_400,
      northing: 345_000,
    },
    {
      registration_number: "CBDU70000013",
      business_name: "Hanley Clearances",
      town: "stoke on trent",
      postcode: "ST1 3AA",
      easting: null,
      northing: null,
    },
    // A claimed listing 20 miles away, with services.
    {
      registration_number: "CBDU70000014",
      business_name: "Claimed Far Ltd",
      town: "Harrogate",
      postcode: "HG1 1AA",
      easting: CENTRE.easting,
      northing: CENTRE.northing + Math.round(20 * MILE),
      is_claimed: true,
    },
    ...rows,
  ]);
  scattered.push(
    ...inserted
      .filter((r) => r.business_name.startsWith("Scattered"))
      .map((r) => ({
        registration_number: r.registration_number,
        easting: r.easting!,
        northing: r.northing!,
      })),
  );
  await insertClaimedListing(t.db, { registration_number: "CBDU70000014", services: ["Skip Hire"] });
  await rebuildPlaces(t.db);
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

const search = (qs: string, location?: string) => searchPage(t.db, qs, location);

/** Every registration a search finds, page by page. */
async function everything(qs: string): Promise<SearchResult["providers"]> {
  const all: SearchResult["providers"] = [];
  for (let page = 1; page <= 10; page++) {
    const r = await search(`${qs}&size=50&page=${page}`);
    all.push(...r.providers);
    if (page >= r.pageCount) break;
  }
  return all;
}

describe("resolution", () => {
  it("searches around the most precise known place: full postcode, then sector, then district, then town", async () => {
    const full = await search("query=ls11aa");
    expect(full.location).toMatchObject({
      status: "found",
      source: "query",
      place: { kind: "postcode", label: "LS1 1AA", ...CENTRE },
    });
    const sector = await search("query=LS1 1");
    expect(sector.location).toMatchObject({
      status: "found",
      place: { kind: "sector", label: "LS1 1", approximate: false },
    });
    const unknownFull = await search("query=LS1 1ZZ");
    expect(unknownFull.location).toMatchObject({
      status: "found",
      place: { kind: "sector", label: "LS1 1", approximate: true },
    });
    const district = await search("query=LS1&type=location");
    expect(district.location).toMatchObject({ status: "found", place: { kind: "district", label: "LS1" } });
    const town = await search("query=Leeds");
    expect(town.location).toMatchObject({ status: "found", place: { kind: "town", label: "Leeds" } });
    // The centroids differ: the sector averages two rows, the district three (the removed
    // registration in LS1 1AB places nothing).
    if (sector.location?.status !== "found" || district.location?.status !== "found")
      throw new Error("not found");
    expect(sector.location.place).toMatchObject({ easting: 431_000, northing: 433_000 });
    expect(district.location.place).toMatchObject({ easting: 432_000, northing: 434_333 });
  });

  it("finds one town however it is typed", async () => {
    const results = await Promise.all(
      ["stoke on trent", "Stoke-on-Trent", "STOKE ON TRENT"].map((q) =>
        search(`query=${encodeURIComponent(q)}`),
      ),
    );
    for (const r of results) {
      expect(r.location).toMatchObject({ status: "found", place: { kind: "town", label: "Stoke-on-Trent" } });
      expect(numbers(r)).toEqual(numbers(results[0]));
    }
    // Both with coordinates, nearest first from the town's centroid (388200, 346000), then the
    // one without coordinates.
    expect(numbers(results[0])).toEqual(["CBDU70000011", "CBDU70000012", "CBDU70000013"]);
    expect(results[0].providers.map((p) => p.distanceMiles)).toEqual([
      round1(Math.hypot(200, 1000) / MILE),
      round1(Math.hypot(200, 1000) / MILE),
      null,
    ]);
  });

  it("leaves a query that names no known place to the text search, as before", async () => {
    const name = await search("query=Scattered 07");
    expect(name.location).toBeUndefined();
    expect(numbers(name)).toEqual(["CBDU80000007"]);
    expect(name.providers[0].distanceMiles).toBeUndefined();
    // A licence check is a licence check, whatever the place.
    const licence = await search("query=CBDU 7000 0001&type=registration&near=Leeds");
    expect(licence.location).toBeUndefined();
    expect(licence.licence?.registration_number).toBe("CBDU70000001");
    // A name search never reads places.
    expect((await search("query=Leeds&type=name")).location).toBeUndefined();
  });

  it("says what it could not find, with suggestions, never an error", async () => {
    const typed = await search("query=LS99 9ZZ");
    expect(typed.providers).toEqual([]);
    expect(typed.location).toMatchObject({
      status: "unknown",
      source: "query",
      query: "LS99 9ZZ",
      message: "We couldn't find LS99 9ZZ; try a nearby town or the postcode district (e.g. LS1)",
    });
    if (typed.location?.status !== "unknown") throw new Error("not unknown");
    expect(typed.location.suggestions.map((s) => s.label)).toEqual(["LS1", "LS2"]);

    const near = await search("near=Stoke on Trnt");
    expect(near.providers).toEqual([]);
    expect(near.location).toMatchObject({
      status: "unknown",
      source: "near",
      suggestions: [{ kind: "town", label: "Stoke-on-Trent" }],
    });
    // A name that matched nothing is not a place: no message.
    expect((await search("query=Zzyzx Haulage")).location).toBeUndefined();
  });
});

describe("nearest first", () => {
  it("orders every carrier within the radius by its distance, computed here from its grid reference", async () => {
    const found = await everything("near=LS1 1AA");
    const located = found.filter((p) => p.distanceMiles !== null);
    // Expected: every located row on the register, in force, within 25 miles, nearest first.
    const expected = [
      { registration_number: "CBDU70000001", ...CENTRE },
      { registration_number: "CBDU70000004", easting: CENTRE.easting + 40_072, northing: CENTRE.northing },
      { registration_number: "CBDU70000006", easting: 432_000, northing: 433_000 },
      { registration_number: "CBDU70000007", easting: 434_000, northing: 437_000 },
      { registration_number: "CBDL70000010", easting: 430_100, northing: 433_100 },
      {
        registration_number: "CBDU70000014",
        easting: CENTRE.easting,
        northing: CENTRE.northing + Math.round(20 * MILE),
      },
      ...scattered,
    ]
      .map((r) => ({ ...r, miles: milesFromCentre(r.easting, r.northing) }))
      .filter((r) => r.miles <= 25)
      .sort((a, b) => a.miles - b.miles);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThan(46); // some scattered ones are beyond 25 miles
    expect(located.map((p) => p.registration_number)).toEqual(expected.map((r) => r.registration_number));
    expect(located.map((p) => p.distanceMiles)).toEqual(expected.map((r) => round1(r.miles)));
    // Then the row of LS1 1AA without coordinates.
    expect(found.slice(located.length).map((p) => [p.registration_number, p.distanceMiles])).toEqual([
      ["CBDU70000002", null],
    ]);
  });

  it("takes 24.9 miles and leaves 25.1 miles out of a 25-mile search", async () => {
    const found = await everything("near=LS1 1AA&radius=25");
    const byNumber = new Map(found.map((p) => [p.registration_number, p]));
    expect(byNumber.get("CBDU70000004")?.distanceMiles).toBe(24.9);
    expect(byNumber.has("CBDU70000005")).toBe(false);
    const wider = await everything("near=LS1 1AA&radius=50");
    expect(wider.find((p) => p.registration_number === "CBDU70000005")?.distanceMiles).toBe(25.1);
    const five = await everything("near=LS1 1AA&radius=5");
    expect(five.every((p) => p.distanceMiles === null || p.distanceMiles! <= 5)).toBe(true);
    expect(five.map((p) => p.registration_number)).toContain("CBDU70000007"); // 3.5 miles
  });

  it("finds a town's carriers without coordinates after those with, whatever the town's spelling", async () => {
    const found = await everything("query=Leeds");
    const withoutDistance = found.filter((p) => p.distanceMiles === null).map((p) => p.registration_number);
    expect(withoutDistance.sort()).toEqual(["CBDU70000002", "CBDU70000003"]);
    expect(found.slice(-2).every((p) => p.distanceMiles === null)).toBe(true);
    expect(found.map((p) => p.registration_number)).not.toContain("CBDU70000009"); // off the register
  });

  it("counts as the text search does and pages without repeats", async () => {
    const first = await search("near=LS1 1AA&size=10");
    const all = await everything("near=LS1 1AA");
    expect(first.totalCount).toBe(all.length);
    expect(first.pageCount).toBe(Math.ceil(all.length / 10));
    expect(first.countCapped).toBe(false);
    expect(first.sort).toBe("distance");
    const pages = [];
    for (let page = 1; page <= first.pageCount; page++)
      pages.push(...numbers(await search(`near=LS1 1AA&size=10&page=${page}`)));
    expect(pages).toEqual(all.map((p) => p.registration_number));
    // Past the end: the last page, as the text search answers.
    const beyond = await search(`near=LS1 1AA&size=10&page=${first.pageCount + 5}`);
    expect(beyond.currentPage).toBe(first.pageCount);
    expect(numbers(beyond)).toEqual(pages.slice((first.pageCount - 1) * 10));
    expect(beyond.totalCount).toBe(all.length);
    // ... in as many round trips as the last page itself, claimed first too (decision 0236).
    for (const sort of ["distance", "claimed"]) {
      const lastPage = `near=LS1 1AA&size=10&sort=${sort}&page=${first.pageCount}`;
      const pastEnd = `near=LS1 1AA&size=10&sort=${sort}&page=${first.pageCount + 5}`;
      clearSearchCache(t.db);
      const expected = await search(lastPage);
      clearSearchCache(t.db);
      const last = await statementsSent(t.pool, () => search(lastPage));
      clearSearchCache(t.db);
      let past: SearchResult | undefined;
      const sent = await statementsSent(t.pool, async () => (past = await search(pastEnd)));
      expect(sent, sort).toHaveLength(last.length);
      expect(past?.currentPage, sort).toBe(first.pageCount);
      expect(numbers(past!), sort).toEqual(numbers(expected));
    }
  });
});

describe("sorts and filters around a place", () => {
  it("puts claimed listings first when asked, then nearest; relevance is nearest first", async () => {
    const claimed = await search("near=LS1 1AA&sort=claimed");
    expect(claimed.sort).toBe("claimed");
    expect(numbers(claimed)[0]).toBe("CBDU70000014");
    expect(claimed.providers[0].distanceMiles).toBe(20);
    expect(numbers(claimed).slice(1, 3)).toEqual(["CBDU70000001", "CBDL70000010"]);
    const relevance = await search("near=LS1 1AA&sort=relevance");
    expect(relevance.sort).toBe("relevance");
    expect(numbers(relevance).slice(0, 2)).toEqual(["CBDU70000001", "CBDL70000010"]);
  });

  it("hides expired registrations by default around a place, and counts them", async () => {
    const hidden = await search("near=LS1 1AA");
    expect(numbers(hidden)).not.toContain("CBDU70000008");
    expect(hidden.hiddenExpired).toBe(1);
    const shown = await search("near=LS1 1AA&hideExpired=0&size=3");
    expect(numbers(shown)).toEqual(["CBDU70000001", "CBDL70000010", "CBDU70000008"]);
    expect(shown.providers[2].distanceMiles).toBe(round1(500 / MILE));
    const lower = await everything("near=LS1 1AA&tier=lower");
    expect(lower.map((p) => p.registration_number)).toEqual(["CBDL70000010"]);
  });

  it("filters by service (claimed listings) and by the query's words when the place is given apart", async () => {
    const services = await search("near=LS1 1AA&services=Skip Hire");
    expect(numbers(services)).toEqual(["CBDU70000014"]);
    const named = await everything("near=LS1 1AA&query=skip");
    expect(named.map((p) => p.registration_number)).toEqual(["CBDU70000001", "CBDU70000006"]);
    expect((await search("near=LS1 1AA&query=%25")).providers).toEqual([]);
  });
});

describe("positions", () => {
  it("searches around a phone's position, converted to the grid on the server", async () => {
    const { lat, lng } = gridToWgs84(CENTRE.easting, CENTRE.northing);
    const r = await search(`lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`);
    expect(r.location).toMatchObject({
      status: "found",
      source: "position",
      radiusMiles: 25,
      place: { kind: "position", label: "your location" },
    });
    if (r.location?.status !== "found") throw new Error("not found");
    const grid = wgs84ToGrid(lat, lng);
    expect(Math.abs(r.location.place.easting - grid.easting)).toBeLessThanOrEqual(1);
    expect(numbers(r).slice(0, 2)).toEqual(["CBDU70000001", "CBDL70000010"]);
    expect(r.providers[0].distanceMiles).toBe(0);
    // No town or postcode: rows without coordinates are not guessed at.
    expect(r.providers.every((p) => p.distanceMiles !== null)).toBe(true);
  });

  it("refuses a position outside Great Britain with a message, no results", async () => {
    const belfast = await search("lat=54.597&lng=-5.93");
    expect(belfast.providers).toEqual([]);
    expect(belfast.location).toMatchObject({
      status: "outside",
      message: expect.stringContaining("outside Great Britain"),
    });
  });

  it("gives each result's WGS84 position for the map, numbered like the cards", async () => {
    const r = await search("query=Leeds&size=50");
    const positions = resultPositions(r.providers);
    const centre = positions.find((p) => p.registration_number === "CBDU70000001")!;
    const expected = gridToWgs84(CENTRE.easting, CENTRE.northing);
    expect(centre.lat).toBeCloseTo(expected.lat, 5);
    expect(centre.lng).toBeCloseTo(expected.lng, 5);
    expect(centre.number).toBe(numbers(r).indexOf("CBDU70000001") + 1);
    // The rows without coordinates have no marker.
    expect(positions).toHaveLength(r.providers.filter((p) => p.easting !== null).length);
    expect(positions.map((p) => p.registration_number)).not.toContain("CBDU70000003");
  });
});

describe("many carriers", () => {
  it("keeps the town's carriers without coordinates within the pages when the nearest fill the count", async () => {
    const far = { easting: 250_000, northing: 800_000 }; // far from every other row of this file
    const rows = Array.from({ length: 1_010 }, (_, i) => ({
      registration_number: `CBDU${60_000_000 + i}`,
      town: "Bulkton",
      postcode: `BK1 ${1 + (i % 9)}AA`,
      easting: far.easting + (i % 50) * 20,
      northing: far.northing + Math.floor(i / 50) * 20,
    }));
    await insertRegisterEntries(t.db, [
      ...rows,
      { registration_number: "CBDU60009998", town: "Bulkton", postcode: "", easting: null, northing: null },
      { registration_number: "CBDU60009999", town: "BULKTON", postcode: "", easting: null, northing: null },
    ]);
    await rebuildPlaces(t.db);
    try {
      const first = await search("query=Bulkton&size=50");
      expect(first.totalCount).toBe(1000);
      expect(first.countCapped).toBe(true);
      const last = await search(`query=Bulkton&size=50&page=${first.pageCount}`);
      expect(
        last.providers
          .filter((p) => p.distanceMiles === null)
          .map((p) => p.registration_number)
          .sort(),
      ).toEqual(["CBDU60009998", "CBDU60009999"]);
      expect(last.providers.slice(-2).every((p) => p.distanceMiles === null)).toBe(true);
    } finally {
      await t.db.deleteFrom("directory_entries").where("town", "in", ["Bulkton", "BULKTON"]).execute();
      await rebuildPlaces(t.db);
    }
  });
});

describe("carriers at the same distance", () => {
  it("orders them by registration number, across pages and on every sort", async () => {
    // 13 carriers at one grid reference (a yard they share), numbered out of insertion order, and
    // two a little farther: the nearest-first scan hands the 13 over in no particular order.
    const yard = { easting: 450_000, northing: 990_000 }; // far from every other row of this file
    const order = [7, 2, 12, 0, 9, 4, 11, 1, 6, 10, 3, 8, 5];
    const rows = [
      ...order.map((i) => ({
        registration_number: `CBDU${63_000_000 + i}`,
        town: "Tieton",
        postcode: "TI1 1AA",
        ...yard,
      })),
      {
        registration_number: "CBDU63000098",
        town: "Tieton",
        postcode: "TI1 1AB",
        easting: 450_100,
        northing: 990_000,
      },
      {
        registration_number: "CBDU63000099",
        town: "Tieton",
        postcode: "TI1 1AB",
        easting: 450_100,
        northing: 990_000,
      },
    ];
    await insertRegisterEntries(t.db, rows);
    await rebuildPlaces(t.db);
    try {
      const expected = [
        ...order.sort((a, b) => a - b).map((i) => `CBDU${63_000_000 + i}`),
        "CBDU63000098",
        "CBDU63000099",
      ];
      for (const sort of ["distance", "claimed"]) {
        const pages: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const r = await search(`near=Tieton&sort=${sort}&size=5&page=${page}`);
          expect(r.totalCount).toBe(15);
          pages.push(...numbers(r));
        }
        expect(pages).toEqual(expected);
      }
    } finally {
      await t.db.deleteFrom("directory_entries").where("town", "=", "Tieton").execute();
      await rebuildPlaces(t.db);
    }
  });
});

describe("a town whose carriers mostly lack coordinates", () => {
  it("fills the pages with them when they alone pass the cap, on both orders", async () => {
    const located = {
      registration_number: "CBDU62000000",
      town: "Nocoordton",
      postcode: "NC1 1AA",
      easting: 350_000,
      northing: 950_000,
    };
    const unlocated = Array.from({ length: SEARCH_COUNT_CAP + 2 }, (_, i) => ({
      registration_number: `CBDU${62_000_001 + i}`,
      town: "Nocoordton",
      postcode: "",
      easting: null,
      northing: null,
    }));
    await insertRegisterEntries(t.db, [located, ...unlocated]);
    await rebuildPlaces(t.db);
    try {
      for (const sort of ["distance", "claimed"]) {
        const first = await search(`near=Nocoordton&sort=${sort}&size=50`);
        expect(first).toMatchObject({ totalCount: SEARCH_COUNT_CAP, countCapped: true });
        expect(first.providers).toHaveLength(50);
        expect(first.providers.every((p) => p.distanceMiles === null)).toBe(true);
        const last = await search(`near=Nocoordton&sort=${sort}&size=50&page=${first.pageCount}`);
        expect(last.providers).toHaveLength(50);
      }
    } finally {
      await t.db.deleteFrom("directory_entries").where("town", "=", "Nocoordton").execute();
      await rebuildPlaces(t.db);
    }
  });
});

describe("expired registrations hidden around a place", () => {
  it("counts them up to the cap, on the distance order and on the claimed-first order alike", async () => {
    const far = { easting: 150_000, northing: 900_000 }; // far from every other row of this file
    const rows = Array.from({ length: HIDDEN_COUNT_CAP + 5 }, (_, i) => ({
      registration_number: `CBDU${61_000_000 + i}`,
      town: "Lapseby",
      postcode: `LP1 ${1 + (i % 9)}AA`,
      expiry_date: "2020-01-01",
      easting: far.easting + (i % 20) * 30,
      northing: far.northing + Math.floor(i / 20) * 30,
    }));
    await insertRegisterEntries(t.db, rows.slice(0, HIDDEN_COUNT_CAP - 1));
    await insertRegisterEntries(t.db, [
      // One without coordinates, named by the town: counted too.
      {
        registration_number: "CBDU61009999",
        town: "Lapseby",
        postcode: "",
        expiry_date: "2020-01-01",
        easting: null,
        northing: null,
      },
    ]);
    await rebuildPlaces(t.db);
    /** Every sort finds nothing and counts HIDDEN_COUNT_CAP hidden, saying whether that count stopped at the cap. */
    const expectAllHidden = async (capped: boolean) => {
      for (const sort of ["distance", "claimed"]) {
        expect(await search(`near=Lapseby&sort=${sort}`), sort).toMatchObject({
          totalCount: 0,
          hiddenExpired: HIDDEN_COUNT_CAP,
          hiddenExpiredCapped: capped,
        });
      }
    };
    try {
      await expectAllHidden(false);
      await insertRegisterEntries(t.db, rows.slice(HIDDEN_COUNT_CAP - 1));
      clearSearchCache(t.db);
      await expectAllHidden(true);
    } finally {
      await t.db.deleteFrom("directory_entries").where("town", "=", "Lapseby").execute();
      await rebuildPlaces(t.db);
    }
  });
});

describe("parameters", () => {
  const api = (qs: string) => parseApiSearchInput(new URLSearchParams(qs));

  it("reads near, lat/lng and radius", () => {
    expect(api("near=LS1 1AA&radius=3.5").input).toMatchObject({
      near: "LS1 1AA",
      radius: 3.5,
      hideExpired: true,
    });
    expect(api("lat=53.8&lng=-1.5491").input).toMatchObject({ lat: 53.8, lng: -1.5491 });
    expect(api("lat=53.8&lng=-1.5491").problems).toEqual([]);
    expect(api("query=Leeds").input).toMatchObject({ hideExpired: false });
    expect(api("query=Leeds").input.radius).toBeUndefined();
  });

  it("answers what is wrong: radius, numbers, a lone coordinate, a position outside Great Britain", () => {
    const problem = (qs: string) => api(qs).problems;
    expect(problem("near=Leeds&radius=101")).toEqual(["The radius must be a number of miles from 1 to 100."]);
    expect(problem("near=Leeds&radius=ten")).toEqual(["The radius must be a number of miles from 1 to 100."]);
    expect(problem("near=Leeds&radius=0")).toHaveLength(1);
    expect(problem("near=Leeds&radius=100")).toEqual([]);
    expect(problem("lat=north&lng=-1.5")).toEqual([
      "lat must be a number of degrees from -90 to 90 (WGS84, as a phone gives it), e.g. lat=53.8008.",
    ]);
    expect(problem("lat=53.8&lng=1e3")).toHaveLength(1);
    expect(problem("lat=53.8")).toEqual([
      "A position needs both lat and lng (WGS84 degrees), e.g. lat=53.8008&lng=-1.5491.",
    ]);
    expect(problem("lng=-1.5")).toHaveLength(1);
    expect(problem("lat=54.597&lng=-5.93")[0]).toMatch(/outside Great Britain/);
    expect(problem("lat=48.85&lng=2.35")[0]).toMatch(/outside Great Britain/);
    expect(problem("lat=53.8&lng=-1.5&near=Leeds")).toEqual([
      "Search around a place (near) or a position (lat and lng), not both.",
    ]);
  });

  it("writes links that keep the place, the radius and a chosen sort", () => {
    expect(
      searchHref({ near: "LS1 1AA", radius: 10, sort: "claimed", sortChosen: true, hideExpired: true }),
    ).toBe("/search-results?sort=claimed&near=LS1+1AA&radius=10");
    expect(searchHref({ lat: 53.8, lng: -1.5491, radius: 25, sort: "claimed", hideExpired: false })).toBe(
      "/search-results?hideExpired=0&lat=53.8&lng=-1.5491",
    );
    const parsed = parseSearchInput(new URLSearchParams("near=LS1 1AA&radius=10&sort=claimed&page=2")).input;
    expect(parseSearchInput(new URLSearchParams(searchHref(parsed).split("?")[1])).input).toEqual(parsed);
  });

  it("keeps the results page to its radius filter (5, 10, 25, 50 miles)", () => {
    const page = (qs: string) => parseSearchInput(new URLSearchParams(qs));
    expect(page("near=Leeds&radius=10").input.radius).toBe(10);
    expect(page("near=Leeds&radius=30").problems).toEqual(["The radius must be 5, 10, 25 or 50 miles."]);
    expect(page("near=Leeds&radius=30").input.radius).toBeUndefined();
  });
});

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
