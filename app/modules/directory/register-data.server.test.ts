/**
 * Issue 14 ("valid" means valid), the register-data items in the search: numbers however they
 * are typed, other UK registers, queries that match nothing, hiding expired registrations and
 * the tier filter (in SQL, with the hidden ones counted), the featured block's honest fallback
 * and the date of the register data.
 */
import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/platform/db/database.server";
import { insertClaimedListing, insertRegisterEntries } from "#tests/support/builders";
import { registrationNumbers as numbers, searchPage } from "./test-support/search";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { FIXTURE, load as loadDirectory } from "../../../tests/fixtures/10-directory";
import { load as loadRegisterData, REGDIR } from "../../../tests/fixtures/15-register-data";
import { HIDDEN_COUNT_CAP, SEARCH_TYPES } from "./constants";
import { clearFeaturedCache, featuredProviders } from "./featured-providers.server";
import { getProvider } from "./get-provider.server";
import { registerDataAsOf } from "./register-data-date.server";
import { registrationState } from "./registration";
import { expiredSql } from "./registration-sql.server";
import { defaultHideExpired, parseSearchInput, searchHref } from "./search-input";
import { clearSearchCache } from "./search-providers.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await loadDirectory(t.db);
  await loadRegisterData(t.db);
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

/** Runs `work` in a transaction that is rolled back afterwards (the shared data stays as loaded). */
async function rollingBack(work: (trx: Database) => Promise<void>): Promise<void> {
  const done = new Error("roll back");
  await expect(
    t.db.transaction().execute(async (trx) => {
      await work(trx);
      throw done;
    }),
  ).rejects.toBe(done);
}

const search = (qs: string, now?: Date) => searchPage(t.db, qs, undefined, now);

describe("registration numbers however they are typed", () => {
  it("'cbdu-9990001', 'CBDU 999 0001' and ' cbdu9990001 ' find CBDU9990001 in every search type, the licence check and the profile", async () => {
    for (const typed of ["cbdu-9990001", "CBDU 999 0001", " cbdu9990001 ", "CBDU\u2013999\u20130001"]) {
      for (const type of SEARCH_TYPES) {
        const r = await search(new URLSearchParams({ query: typed, type }).toString());
        expect(numbers(r)[0], `${typed} as ${type}`).toBe(REGDIR.valid.reg);
      }
      const licence = await search(new URLSearchParams({ query: typed, type: "registration" }).toString());
      expect(licence.licence?.registration_number).toBe(REGDIR.valid.reg);
      expect((await getProvider(t.db, typed))?.registration_number).toBe(REGDIR.valid.reg);
    }
  });

  it("a Scottish or Northern Irish number is another regulator's register, not 'invalid'", async () => {
    for (const [typed, code, number] of [
      ["WCR/R/1234567", "SEPA", "WCR/R/1234567"],
      ["sco/123456", "SEPA", "SCO/123456"],
      ["SWE/654321", "SEPA", "SWE/654321"],
      ["roc ut 1234", "NIEA", "ROC UT 1234"],
      ["ROC-LT-1234", "NIEA", "ROC LT 1234"],
    ]) {
      const r = await search(new URLSearchParams({ query: typed, type: "registration" }).toString());
      expect(r.licence, typed).toBeNull();
      expect(r.otherRegister, typed).toMatchObject({
        code,
        number,
        registerUrl: expect.stringMatching(/^https:\/\//),
      });
    }
  });

  it("a malformed number is never valid: no licence, nothing listed, no profile (XYZ123 is off the register)", async () => {
    const r = await search("query=XYZ123&type=registration");
    expect(r.licence).toBeNull();
    expect(r.otherRegister).toBeUndefined();
    expect(r.totalCount).toBe(0);
    expect(await getProvider(t.db, "XYZ123")).toBeNull();
    expect(numbers(await search(`query=${REGDIR.town}&type=location&hideExpired=0`))).not.toContain("XYZ123");
  });
});

describe("a query that matches nothing", () => {
  it("never browses the register: '%', '_', '\\', '%%', quote and ampersand find nothing in every type", async () => {
    const browse = await search("");
    expect(browse.totalCount).toBeGreaterThan(10);
    for (const query of ["%", "_", "\\", "%%", "'", "&", "-", "%_%"]) {
      for (const type of SEARCH_TYPES) {
        const r = await search(new URLSearchParams({ query, type }).toString());
        expect({ query, type, total: r.totalCount, providers: r.providers.length }).toEqual({
          query,
          type,
          total: 0,
          providers: 0,
        });
        expect(r.countCapped).toBe(false);
      }
    }
    // Also with the claimed-first source and a services filter.
    expect((await search("query=%25&services=Skip Hire")).totalCount).toBe(0);
  });
});

describe("hiding expired registrations and the tier filter", () => {
  const town = `query=${REGDIR.town}&type=location`;
  const inForce = [
    REGDIR.valid.reg,
    REGDIR.expiring.reg,
    REGDIR.expiringClaimed.reg,
    REGDIR.lower.reg,
    REGDIR.lowerClaimed.reg,
    REGDIR.premiumNoEmail.reg,
  ];
  const expired = [REGDIR.expiredLongAgo.reg, REGDIR.expiredToday.reg];

  it("place searches hide expired registrations by default and count them; expired today is expired", async () => {
    const r = await search(town);
    expect(numbers(r).sort()).toEqual([...inForce].sort());
    expect(r).toMatchObject({ totalCount: 6, hiddenExpired: 2, hiddenExpiredCapped: false });
    const shown = await search(`${town}&hideExpired=0`);
    expect(numbers(shown).sort()).toEqual([...inForce, ...expired].sort());
    expect(shown.hiddenExpired).toBe(0);
    // The day before, the one expiring today was still valid.
    const yesterday = new Date(Date.now() - 86_400_000);
    const before = await search(town, yesterday);
    expect(numbers(before)).toContain(REGDIR.expiredToday.reg);
    expect(before.hiddenExpired).toBe(1);
  });

  it("name, number and 'all' searches show expired registrations unless asked to hide them", async () => {
    const name = await search("query=expiryford&type=name");
    expect(name.totalCount).toBe(8);
    expect(name.hiddenExpired).toBe(0);
    const hidden = await search("query=expiryford&type=name&hideExpired=1");
    expect(numbers(hidden).sort()).toEqual([...inForce].sort());
    expect(hidden.hiddenExpired).toBe(2);
    const reg = await search(`query=${REGDIR.expiredLongAgo.reg}&type=registration`);
    expect(reg.licence?.registration_number).toBe(REGDIR.expiredLongAgo.reg);
    expect(numbers(reg)).toEqual([REGDIR.expiredLongAgo.reg]);
    // The licence check answers for the number even when the list hides it.
    const regHidden = await search(`query=${REGDIR.expiredLongAgo.reg}&type=registration&hideExpired=1`);
    expect(regHidden.licence?.registration_number).toBe(REGDIR.expiredLongAgo.reg);
    expect(regHidden).toMatchObject({ totalCount: 0, hiddenExpired: 1 });
  });

  it("filters by tier, with or without expired ones", async () => {
    const upper = await search(`${town}&tier=upper`);
    expect(numbers(upper).sort()).toEqual(
      [REGDIR.valid.reg, REGDIR.expiring.reg, REGDIR.expiringClaimed.reg, REGDIR.premiumNoEmail.reg].sort(),
    );
    expect(upper.hiddenExpired).toBe(2);
    const lower = await search(`${town}&tier=lower`);
    expect(numbers(lower).sort()).toEqual([REGDIR.lower.reg, REGDIR.lowerClaimed.reg].sort());
    expect(lower.hiddenExpired).toBe(0);
    const upperAll = await search(`${town}&tier=UPPER&hideExpired=0&sort=relevance`);
    expect(upperAll.totalCount).toBe(6);
    // Lower tier never expires, whatever date a row holds.
    expect(
      (await search(`query=${FIXTURE.lowerTier}&type=registration&tier=lower&hideExpired=1`)).totalCount,
    ).toBe(1);
  });

  it("claimed listings (their own source) and the services filter obey the filters too", async () => {
    await insertClaimedListing(t.db, {
      registration_number: REGDIR.expiredLongAgo.reg,
      company_name: "Lapsed But Claimed",
      verified: true,
      services: ["Loft Clearance"],
    });
    try {
      const r = await search(town);
      expect(numbers(r)).not.toContain(REGDIR.expiredLongAgo.reg);
      expect(r.hiddenExpired).toBe(2);
      const shown = await search(`${town}&hideExpired=0`);
      expect(
        shown.providers.find((p) => p.registration_number === REGDIR.expiredLongAgo.reg)?.is_claimed,
      ).toBe(true);
      const services = await search(`${town}&services=Loft Clearance`);
      expect(services).toMatchObject({ totalCount: 0, hiddenExpired: 1 });
      expect(numbers(await search(`${town}&services=Loft Clearance&hideExpired=0`))).toEqual([
        REGDIR.expiredLongAgo.reg,
      ]);
    } finally {
      await t.db
        .deleteFrom("claimed_listings")
        .where("registration_number", "=", REGDIR.expiredLongAgo.reg)
        .execute();
    }
  });

  it("counts hidden registrations up to the cap", async () => {
    const rows = Array.from({ length: HIDDEN_COUNT_CAP + 5 }, (_, i) => ({
      registration_number: `CBDU8${String(i).padStart(5, "0")}`,
      business_name: `LAPSED BULK ${i}`,
      town: "Lapsedton",
      expiry_date: "2020-01-01",
    }));
    await insertRegisterEntries(t.db, rows.slice(0, HIDDEN_COUNT_CAP));
    try {
      const exact = await search("query=lapsedton&type=location");
      expect(exact).toMatchObject({
        totalCount: 0,
        hiddenExpired: HIDDEN_COUNT_CAP,
        hiddenExpiredCapped: false,
      });
      await insertRegisterEntries(t.db, rows.slice(HIDDEN_COUNT_CAP));
      clearSearchCache(t.db);
      const r = await search("query=lapsedton&type=location");
      expect(r).toMatchObject({ totalCount: 0, hiddenExpired: HIDDEN_COUNT_CAP, hiddenExpiredCapped: true });
    } finally {
      await t.db.deleteFrom("directory_entries").where("town", "=", "Lapsedton").execute();
    }
  });

  it("judges expiry in SQL exactly as registrationState does", async () => {
    const today = ukToday();
    const { rows } = await sql<{
      registration_number: string;
      expiry_date: string | null;
      registration_tier: "UPPER" | "LOWER" | null;
      expired: boolean;
    }>`
      SELECT d.registration_number, d.expiry_date, d.registration_tier, ${expiredSql(today)} AS expired FROM directory_entries d`.execute(
      t.db,
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows)
      expect(r.expired, r.registration_number).toBe(registrationState(r).state === "expired");
    expect(rows.filter((r) => r.expired).length).toBe(3); // the fixture's expired one and these two
  });

  it("reads the filters from the URL: defaults by type, last value wins, bad values reported", () => {
    expect(defaultHideExpired("location")).toBe(true);
    for (const type of ["all", "name", "registration"] as const) expect(defaultHideExpired(type)).toBe(false);
    expect(parseSearchInput(new URLSearchParams(""), "Leeds").input).toMatchObject({
      hideExpired: true,
      tier: "any",
    });
    expect(parseSearchInput(new URLSearchParams("query=x&type=name")).input.hideExpired).toBe(false);
    // The form sends the hidden 0 and, when ticked, the checkbox's 1.
    expect(
      parseSearchInput(new URLSearchParams("type=name&hideExpired=0&hideExpired=1")).input.hideExpired,
    ).toBe(true);
    expect(
      parseSearchInput(new URLSearchParams("type=location&query=x&hideExpired=0")).input.hideExpired,
    ).toBe(false);
    expect(parseSearchInput(new URLSearchParams("tier=Lower")).input.tier).toBe("lower");
    const bad = parseSearchInput(new URLSearchParams("hideExpired=maybe&tier=gold"));
    expect(bad.problems).toEqual([
      "Unknown hideExpired value 'maybe': use 1 (hide expired registrations) or 0 (show them).",
      "Unknown tier 'gold': use one of any, upper, lower.",
    ]);
    // Links keep the filters when they differ from the type's default.
    expect(searchHref({ query: "leeds", type: "location", hideExpired: false, tier: "upper", page: 2 })).toBe(
      "/search-results?query=leeds&type=location&hideExpired=0&tier=upper&page=2",
    );
    expect(searchHref({ type: "location", hideExpired: true, tier: "any" }, { location: "Leeds" })).toBe(
      "/search-results/Leeds",
    );
    expect(searchHref({ query: "acme", type: "name", hideExpired: true })).toBe(
      "/search-results?query=acme&type=name&hideExpired=1",
    );
  });
});

describe("the featured block and the register's date", () => {
  it("features verified claimed listings in force, and says when it falls back to unclaimed ones", async () => {
    clearFeaturedCache(t.db);
    const claimed = await featuredProviders(t.db);
    expect(claimed.claimed).toBe(true);
    expect(claimed.providers.map((p) => p.registration_number)).toContain(FIXTURE.premium);
    expect(claimed.providers.every((p) => p.is_claimed)).toBe(true);

    // Nobody has claimed a listing (in a transaction rolled back afterwards).
    await rollingBack(async (trx) => {
      await trx.deleteFrom("claimed_listings").execute();
      // The most recently updated listings (updated "tomorrow"), one of them expired.
      const latest = new Date(Date.now() + 86_400_000);
      await insertRegisterEntries(trx, [
        {
          registration_number: "CBDU500001",
          business_name: "Old Expired Ltd",
          expiry_date: "2020-01-01",
          updated_at: latest,
        },
        {
          registration_number: "CBDU500002",
          business_name: "Current Ltd",
          expiry_date: "2031-01-01",
          updated_at: latest,
        },
        {
          registration_number: "CBDL500003",
          business_name: "Lower Ltd",
          registration_tier: "LOWER",
          updated_at: latest,
        },
      ]);
      const fallback = await featuredProviders(trx);
      expect(fallback.claimed).toBe(false);
      const shown = fallback.providers.map((p) => p.registration_number);
      expect(shown.slice(0, 2).sort()).toEqual(["CBDL500003", "CBDU500002"]);
      expect(shown).not.toContain("CBDU500001");
      expect(fallback.providers.every((p) => !p.is_claimed)).toBe(true);
    });
  });

  it("reads the featured block once for visitors arriving together, and not into a cache cleared meanwhile", async () => {
    clearFeaturedCache(t.db);
    const together = await Promise.all(Array.from({ length: 10 }, () => featuredProviders(t.db)));
    // One read: every visitor got the very same answer, which the next one is served from.
    expect(new Set(together).size).toBe(1);
    expect(await featuredProviders(t.db)).toBe(together[0]);

    clearFeaturedCache(t.db);
    const first = featuredProviders(t.db);
    clearFeaturedCache(t.db); // a sync changed the register while it was read
    const during = await first;
    const after = await featuredProviders(t.db);
    expect(after).not.toBe(during);
    expect(after.providers.map((p) => p.registration_number)).toEqual(
      during.providers.map((p) => p.registration_number),
    );
  });

  it("dates the register data by the last successful full sync, in UK dates; nothing without one", async () => {
    await rollingBack(async (trx) => {
      await trx.deleteFrom("sync_log").execute();
      expect(await registerDataAsOf(trx)).toBeNull();
      await trx
        .insertInto("sync_log")
        .values({ status: "error", full_source: true, finished_at: new Date("2026-11-30T10:00:00Z") })
        .execute();
      expect(await registerDataAsOf(trx)).toBeNull();
      await trx
        .insertInto("sync_log")
        .values([
          { status: "success", full_source: true, finished_at: new Date("2026-07-15T23:30:00Z") }, // 16 July in London (BST)
          { status: "success", full_source: true, finished_at: new Date("2026-03-01T09:00:00Z") },
          // An upload or a partial sync since brings a few rows up to date, not the register (decision 0280).
          { status: "success", trigger: "upload", finished_at: new Date("2026-08-01T09:00:00Z") },
        ])
        .execute();
      expect(await registerDataAsOf(trx)).toBe("2026-07-16");
    });
    expect(await registerDataAsOf(t.db)).toBe(ukToday());
  });
});
