import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertRegisterEntries, insertRegisterEntry } from "#tests/support/builders";
import { statementsSent } from "#tests/support/statements-sent";
import { registrationNumbers as numbers, searchPage } from "./test-support/search";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { FIXTURE, load } from "../../../tests/fixtures/10-directory";
import { SEARCH_COUNT_CAP } from "./constants";
import { parseSearchInput } from "./search-input";
import { clearSearchCache } from "./search-providers.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await load(t.db);
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

const search = (qs: string, location?: string) => searchPage(t.db, qs, location);

describe("searchProviders", () => {
  it("pages by 10 with total and page counts, and answers the last page for pages past the end", async () => {
    const first = await search("query=sheffield&type=location");
    expect(first.totalCount).toBe(FIXTURE.sheffieldCount + 1); // the 25 plus 'Sheffield Waste Carriers'
    expect(first.pageCount).toBe(3);
    expect(first.providers).toHaveLength(10);
    expect(first.currentPage).toBe(1);
    const third = await search("query=sheffield&type=location&page=3");
    expect(third.providers).toHaveLength(6);
    const all = new Set([
      ...numbers(first),
      ...numbers(await search("query=sheffield&type=location&page=2")),
      ...numbers(third),
    ]);
    expect(all.size).toBe(26); // no row on two pages
    const past = await search("query=sheffield&type=location&page=9");
    expect(past.currentPage).toBe(3);
    expect(numbers(past)).toEqual(numbers(third));
    // Past the end costs no more round trips than the last page itself (decision 0236).
    clearSearchCache(t.db);
    const last = await statementsSent(t.pool, () => search("query=sheffield&type=location&page=3"));
    clearSearchCache(t.db);
    const beyond = await statementsSent(t.pool, () => search("query=sheffield&type=location&page=9"));
    expect(beyond).toHaveLength(last.length);
  });

  it("location: exact town first, then towns starting with the query; postcode by outcode, spaces ignored", async () => {
    const r = await search("query=newcastle&type=location");
    expect(r.providers.map((p) => p.town)).toEqual(["Newcastle upon Tyne", "Newcastle-under-Lyme"]); // town order within the prefix tier
    const exact = await search("query=Newcastle upon Tyne&type=location");
    expect(exact.providers.map((p) => p.town)).toEqual(["Newcastle upon Tyne"]);
    const outcode = await search("query=m1&type=location");
    expect(numbers(outcode)).toEqual([FIXTURE.premium, FIXTURE.suspendedClaim]); // M1 1AE (outcode), then M14 5TP (prefix)
    const full = await search("query=m145tp&type=location");
    expect(numbers(full)).toEqual([FIXTURE.suspendedClaim]);
    const sector = await search("query=M14 5&type=location&sort=relevance");
    expect(numbers(sector)).toEqual([FIXTURE.suspendedClaim]);
  });

  it("name: full-text on business names (not towns), claimed names, and typos corrected", async () => {
    const r = await search("query=skip&type=name");
    expect(numbers(r).sort()).toEqual([FIXTURE.standard, FIXTURE.suspendedClaim].sort());
    const byTown = await search("query=leeds&type=name");
    expect(numbers(byTown)).toEqual(["CBDU200003"]); // 'LEEDS WASTE CARRIERS', not the Leeds skip firm
    const typo = await search("query=greenwya&type=name");
    expect(numbers(typo)).toEqual([FIXTURE.premium]);
    expect(typo.corrections).toEqual({ greenwya: "greenway" });
  });

  it("registration: prefix list, exact licence check for queries longer than 5 characters, spaces and case ignored", async () => {
    const r = await search("query=cbdu 100 004&type=registration");
    expect(r.licence?.registration_number).toBe(FIXTURE.expired);
    expect(numbers(r)).toEqual([FIXTURE.expired]);
    const missing = await search("query=CBDU999999&type=registration");
    expect(missing.licence).toBeNull();
    expect(missing.totalCount).toBe(0);
    const short = await search("query=cbdl&type=registration");
    expect(short.licence).toBeUndefined();
    expect(numbers(short)).toEqual([FIXTURE.lowerTier]);
  });

  it("registration: the licence comes from the page just read, in one round trip, or by its key when a filter hides it", async () => {
    clearSearchCache(t.db);
    let found: Awaited<ReturnType<typeof search>> | undefined;
    const sent = await statementsSent(
      t.pool,
      async () => (found = await search("query=CBDU100004&type=registration&page=2")),
    );
    expect(sent).toHaveLength(1);
    expect(numbers(found!)).toEqual([FIXTURE.expired]);
    expect(found!.licence).toEqual(found!.providers[0]);
    // Hidden from the list by 'hide expired', it is still the licence the number belongs to.
    clearSearchCache(t.db);
    const hidden = await search("query=CBDU100004&type=registration&hideExpired=1");
    expect(hidden.providers).toEqual([]);
    expect(hidden.hiddenExpired).toBe(1);
    expect(hidden.licence).toEqual(found!.licence);
  });

  it("all: any of the types", async () => {
    expect(numbers(await search("query=CBDU100002"))).toEqual([FIXTURE.standard]);
    expect(numbers(await search("query=bristol"))).toContain(FIXTURE.lowerTier);
    expect(numbers(await search("query=greenway"))).toEqual([FIXTURE.premium]);
  });

  it("claimed first by default, only verified and not suspended claims count, and their data overrides the register", async () => {
    const r = await search("query=manchester&type=location");
    expect(numbers(r)[0]).toBe(FIXTURE.premium);
    const premium = r.providers[0];
    expect(premium).toMatchObject({
      business_name: "Greenway Waste Solutions",
      is_claimed: true,
      is_premium: true,
    });
    const pending = r.providers.find((p) => p.registration_number === FIXTURE.unverifiedClaim);
    expect(pending).toMatchObject({
      business_name: "PENDING CLAIM HAULAGE",
      is_claimed: false,
      phone: null,
      services: [],
    });
    const suspended = r.providers.find((p) => p.registration_number === FIXTURE.suspendedClaim);
    expect(suspended).toMatchObject({ is_claimed: false, is_premium: false });
    expect(numbers(r)).not.toContain(FIXTURE.removed); // off the register
  });

  it("relevance sort orders by match quality only; claimed sort puts claimed listings first", async () => {
    const relevance = await search("query=leeds&sort=relevance");
    const claimed = await search("query=leeds");
    // 'all' ranks the town 'Leeds' (300) above the name 'LEEDS WASTE CARRIERS' (full-text, < 200)...
    expect(relevance.providers.map((p) => p.town)).toEqual(["Leeds", "Leeds"]);
    expect(claimed.providers[0].registration_number).toBe(FIXTURE.standard);
    // Browsing without a query: claimed listings lead, then alphabetical.
    const browse = await search("");
    expect(browse.providers.slice(0, 2).map((p) => p.is_claimed)).toEqual([true, true]);
    const browseRelevance = await search("sort=relevance");
    const names = browseRelevance.providers.map((p) => p.business_name);
    expect(names[0] <= names[1]).toBe(true);
  });

  it("services filter keeps claimed listings offering any of the chosen services", async () => {
    const r = await search("services=Garden Waste,Commercial Waste");
    expect(numbers(r).sort()).toEqual([FIXTURE.premium, FIXTURE.standard].sort());
    const one = await search("query=leeds&type=location&services=Garden Waste");
    expect(one.totalCount).toBe(0);
    const checkbox = await search("service=Skip Hire&query=manchester&type=location");
    expect(numbers(checkbox)).toEqual([FIXTURE.premium]);
  });

  it("caches results per query, type, services, page, size and sort for 5 minutes", async () => {
    const before = await search("query=bristol&type=location");
    await t.db
      .updateTable("directory_entries")
      .set({ business_name: "RENAMED GARDEN SERVICES" })
      .where("registration_number", "=", FIXTURE.lowerTier)
      .execute();
    const cached = await search("query=bristol&type=location");
    expect(cached).toBe(before);
    const otherPage = await search("query=bristol&type=location&sort=relevance");
    expect(otherPage.providers.find((p) => p.registration_number === FIXTURE.lowerTier)?.business_name).toBe(
      "RENAMED GARDEN SERVICES",
    );
    clearSearchCache(t.db);
    const fresh = await search("query=bristol&type=location");
    expect(fresh).not.toBe(before);
    await t.db
      .updateTable("directory_entries")
      .set({ business_name: "RIVERSIDE GARDEN SERVICES" })
      .where("registration_number", "=", FIXTURE.lowerTier)
      .execute();
  });

  it("keeps the typo dictionary to business-name words (never town words) on insert and rename", async () => {
    await insertRegisterEntry(t.db, {
      registration_number: "CBDU777001",
      business_name: "Quokka Hauliers",
      town: "Zanzibarton",
    });
    await t.db
      .updateTable("directory_entries")
      .set({ business_name: "Quokka Wombat Hauliers" })
      .where("registration_number", "=", "CBDU777001")
      .execute();
    const words = (
      await t.db
        .selectFrom("directory_name_words")
        .select("word")
        .where("word", "in", ["quokka", "wombat", "hauliers", "zanzibarton"])
        .execute()
    ).map((w) => w.word);
    expect(words.sort()).toEqual(["hauliers", "quokka", "wombat"]);
    await t.db.deleteFrom("directory_entries").where("registration_number", "=", "CBDU777001").execute();
  });

  it("caps the count and the pages at SEARCH_COUNT_CAP", async () => {
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 20 }, (_, i) => ({
      registration_number: `CBDU9${String(i).padStart(5, "0")}`,
      business_name: `BULK CARRIER ${i}`,
      town: "Bulkton",
    }));
    await insertRegisterEntries(t.db, rows);
    const r = await search("query=bulkton&type=location&page=500");
    expect(r.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(r.countCapped).toBe(true);
    expect(r.pageCount).toBe(SEARCH_COUNT_CAP / 10);
    expect(r.currentPage).toBe(SEARCH_COUNT_CAP / 10);
    expect(r.providers).toHaveLength(10);
    await t.db.deleteFrom("directory_entries").where("town", "=", "Bulkton").execute();
  });
});

describe("parseSearchInput", () => {
  it("defaults the type to location with a path location, otherwise all; reports bad values", () => {
    expect(parseSearchInput(new URLSearchParams(""), "Leeds").input).toMatchObject({
      query: "Leeds",
      type: "location",
      page: 1,
      size: 10,
      sort: "claimed",
    });
    expect(parseSearchInput(new URLSearchParams("query=x")).input.type).toBe("all");
    const bad = parseSearchInput(new URLSearchParams("type=nope&page=-1&sort=up&size=500"));
    expect(bad.problems).toHaveLength(4);
    expect(bad.input).toMatchObject({ type: "all", page: 1, sort: "claimed", size: 10 });
    expect(
      parseSearchInput(new URLSearchParams("query=x&type=registration&services=Skip Hire")).input.services,
    ).toEqual([]);
  });
});
