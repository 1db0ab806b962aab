/**
 * Decision 0278, on PGlite and PostgreSQL: only a claimed listing whose registration is in force
 * is put first (an expired Premium one is not featured), only registrations in force are counted
 * as licensed (inForceCount), and a search read before a change is never kept after it.
 */
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries } from "#tests/support/builders";
import { statementsSent } from "#tests/support/statements-sent";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { registrationNumbers as numbers, searchPage } from "./test-support/search";
import { directoryChanged } from "./directory-changed.server";
import { rebuildPlaces } from "./places.server";
import { clearSearchCache } from "./search-providers.server";

let t: TestDatabase;

/** Lapseford: every row in the town, named in alphabetical order A to D. */
const L = {
  /** Expired, with a verified Premium listing: never featured. */
  lapsedPremium: "CBDU4278001",
  unclaimed: "CBDU4278002",
  /** In force, with a verified standard listing. */
  claimed: "CBDU4278003",
  lapsedUnclaimed: "CBDU4278004",
} as const;
const EXPIRED = "2023-03-01";

beforeAll(async () => {
  t = await createTestDatabase();
  const town = { town: "Lapseford", postcode: "LF1 1AA" };
  // The expired Premium one is at the town's centre, the mean of its registrations (for the
  // search around the place): nearest first reads A, D, B, C.
  await insertRegisterEntries(t.db, [
    {
      registration_number: L.lapsedPremium,
      business_name: "AAA LAPSEFORD PREMIUM",
      expiry_date: EXPIRED,
      is_claimed: true,
      easting: 500_000,
      northing: 300_000,
      ...town,
    },
    {
      registration_number: L.unclaimed,
      business_name: "BBB LAPSEFORD CARRIERS",
      easting: 500_900,
      northing: 300_000,
      ...town,
    },
    {
      registration_number: L.claimed,
      business_name: "CCC LAPSEFORD SKIPS",
      is_claimed: true,
      easting: 498_800,
      northing: 300_000,
      ...town,
    },
    {
      registration_number: L.lapsedUnclaimed,
      business_name: "DDD LAPSEFORD HAULAGE",
      expiry_date: EXPIRED,
      easting: 500_300,
      northing: 300_000,
      ...town,
    },
  ]);
  await insertClaimedListing(t.db, {
    registration_number: L.lapsedPremium,
    company_name: "Aaa Lapseford Premium",
    subscription_plan: "premium",
    services: ["Skip Hire"],
  });
  await insertClaimedListing(t.db, {
    registration_number: L.claimed,
    company_name: "Ccc Lapseford Skips",
    services: ["Skip Hire"],
  });
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

const search = (qs: string) => searchPage(t.db, qs);

describe("claimed first counts only listings in force", () => {
  it("an expired Premium listing is not put first, and is not counted as licensed (location, expired shown)", async () => {
    const r = await search("query=lapseford&type=location&hideExpired=0");
    expect(r.providers.find((p) => p.registration_number === L.lapsedPremium)).toMatchObject({
      is_claimed: true,
      is_premium: true,
    });
    // Claimed and in force first; then by relevance (the same town: by name).
    expect(numbers(r)).toEqual([L.claimed, L.lapsedPremium, L.unclaimed, L.lapsedUnclaimed]);
    expect(r.totalCount).toBe(4);
    expect(r.inForceCount).toBe(2);
    expect(r.hiddenExpired).toBe(0);
  });

  it("with expired ones hidden (the location default) every one shown is licensed", async () => {
    const r = await search("query=lapseford&type=location");
    expect(numbers(r)).toEqual([L.claimed, L.unclaimed]);
    expect(r.totalCount).toBe(2);
    expect(r.inForceCount).toBe(2);
    expect(r.hiddenExpired).toBe(2);
  });

  it("a name search (expired shown by default) and the browse of the register alike", async () => {
    const name = await search("query=lapseford&type=name");
    expect(numbers(name)[0]).toBe(L.claimed);
    expect(numbers(name).sort()).toEqual(Object.values(L).sort());
    expect(name.inForceCount).toBe(2);
    expect(name.totalCount).toBe(4);
    const browse = await search("");
    expect(numbers(browse)[0]).toBe(L.claimed);
    expect(browse.inForceCount).toBe(2);
    // The number of an expired Premium listing is still answered, as expired.
    const licence = await search(`query=${L.lapsedPremium}`);
    expect(licence.licence).toMatchObject({ registration_number: L.lapsedPremium, expiry_date: EXPIRED });
    expect(licence.inForceCount).toBe(0);
  });
});

/**
 * Runs `run`; right after its first statement matching `statement` has been answered, and before
 * the code that sent it goes on, `change` runs on the same connection (a change committed between
 * the search's read and its store).
 */
async function changeAfterRead<T>(
  pool: pg.Pool,
  statement: RegExp,
  change: (query: (text: string, values: unknown[]) => Promise<unknown>) => Promise<void>,
  run: () => Promise<T>,
): Promise<T> {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect;
  let fired = false;
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await (connect as () => Promise<pg.PoolClient>).call(pool);
    const target = client as unknown as { query: Query; release: (...args: unknown[]) => void };
    const query = target.query;
    const release = target.release;
    target.query = async (...args: unknown[]) => {
      const answer = await query.apply(client, args);
      if (!fired && typeof args[0] === "string" && statement.test(args[0])) {
        fired = true;
        await change((text, values) => query.call(client, text, values));
      }
      return answer;
    };
    target.release = (...args: unknown[]) => {
      target.query = query;
      target.release = release;
      return release.apply(client, args);
    };
    return client;
  };
  try {
    return await run();
  } finally {
    pool.connect = connect;
  }
}

describe("the search cache and changes", () => {
  it("does not keep a result read before a change that committed before it was stored", async () => {
    const qs = "query=lapseford&type=name";
    let announced: Promise<void> | undefined;
    const during = await changeAfterRead(
      t.pool,
      /WITH cand AS/,
      async (query) => {
        await query("UPDATE directory_entries SET business_name = $1 WHERE registration_number = $2", [
          "BBB LAPSEFORD RENAMED",
          L.unclaimed,
        ]);
        announced = directoryChanged(t.db);
      },
      () => search(qs),
    );
    await announced;
    // The search under way answers what it read...
    const name = (r: typeof during) =>
      r.providers.find((p) => p.registration_number === L.unclaimed)?.business_name;
    expect(name(during)).toBe("BBB LAPSEFORD CARRIERS");
    // ...but the next one reads the change instead of that answer.
    const after = await search(qs);
    expect(after).not.toBe(during);
    expect(name(after)).toBe("BBB LAPSEFORD RENAMED");
    await t.db
      .updateTable("directory_entries")
      .set({ business_name: "BBB LAPSEFORD CARRIERS" })
      .where("registration_number", "=", L.unclaimed)
      .execute();
    await directoryChanged(t.db);
  });

  it("keeps a result read with no change meanwhile, and shares one read among searches asked together", async () => {
    const qs = "query=lapseford&type=location&hideExpired=0";
    const one = await statementsSent(t.pool, () => search(qs));
    const cached = await search(qs);
    const again = await statementsSent(t.pool, () => search(qs));
    expect(again).toHaveLength(0);
    expect(await search(qs)).toBe(cached);
    clearSearchCache(t.db);
    let answers: Awaited<ReturnType<typeof search>>[] = [];
    const together = await statementsSent(t.pool, async () => {
      answers = await Promise.all([search(qs), search(qs), search(qs)]);
    });
    expect(together).toHaveLength(one.length);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  });
});

describe("around a place", () => {
  it("claimed first counts only listings in force; only those in force are counted as licensed", async () => {
    await rebuildPlaces(t.db);
    clearSearchCache(t.db);
    const claimed = await search("near=Lapseford&sort=claimed&hideExpired=0");
    expect(claimed.location).toMatchObject({ status: "found" });
    expect(numbers(claimed)[0]).toBe(L.claimed);
    // Then nearest first: the expired Premium one is nearest.
    expect(numbers(claimed).slice(1)).toEqual([L.lapsedPremium, L.lapsedUnclaimed, L.unclaimed]);
    expect(claimed.totalCount).toBe(4);
    expect(claimed.inForceCount).toBe(2);
    const nearest = await search("near=Lapseford&hideExpired=0");
    expect(nearest.sort).toBe("distance");
    expect(nearest.totalCount).toBe(4);
    expect(nearest.inForceCount).toBe(2);
    // With services, only claimed listings are candidates: the expired ones counted are among them.
    const services = await search("near=Lapseford&services=Skip Hire&hideExpired=0");
    expect(numbers(services)).toEqual([L.lapsedPremium, L.claimed]);
    expect(services.totalCount).toBe(2);
    expect(services.inForceCount).toBe(1);
    const hidden = await search("near=Lapseford");
    expect(numbers(hidden)).toEqual([L.unclaimed, L.claimed]);
    expect(hidden.inForceCount).toBe(2);
    expect(hidden.hiddenExpired).toBe(2);
  });
});
