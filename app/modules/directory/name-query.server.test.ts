import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { insertRegisterEntries } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { announceChange } from "~/platform/db/changes.server";
import { completionsOf, MAX_COMPLETIONS, nameQuery, type NameQuery } from "./name-query.server";
import { clearSearchCache } from "./search-providers.server";
import { registrationNumbers, searchPage } from "./test-support/search";

let t: TestDatabase;

const LONG_WORD = "supercalifragilisticexpialidociouswastemanagement"; // 50 letters
const names = {
  CBDU810001: "Zedcross Man And Van",
  CBDU810002: "Zedcross Management Ltd",
  CBDU810003: "Zedcross Manchester Skips",
  CBDU810004: "Manor Zedcross Clearances",
  CBDU810005: "Zedcross Mover", // no word starting with 'man'
  CBDU810006: "Blackcross Man With Van", // no 'zedcross'
  CBDU810007: "Zedcross Recycle-Right", // a hyphenated word is a word of its own too
  CBDU810008: `Zedcross ${LONG_WORD}`,
};

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntries(
    t.db,
    Object.entries(names).map(([registration_number, business_name]) => ({
      registration_number,
      business_name,
    })),
  );
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

/** The tsquery a name query matches with, as PostgreSQL prints it. */
async function matchText(q: NameQuery): Promise<string> {
  const { rows } = await sql<{ q: string }>`SELECT (${q.match})::text AS q`.execute(t.db);
  return rows[0].q;
}

/** The listings the query's prefix form finds, straight from the table. */
async function prefixMatches(text: string): Promise<string[]> {
  const { rows } = await sql<{ n: string }>`SELECT registration_number AS n FROM directory_entries
    WHERE search_vector @@ to_tsquery('simple', ${text}) ORDER BY 1`.execute(t.db);
  return rows.map((r) => r.n);
}

const byName = async (query: string) =>
  registrationNumbers(await searchPage(t.db, `query=${encodeURIComponent(query)}&type=name`)).sort();

describe("name queries (decision 0232)", () => {
  it("replaces the last word's prefix by the known words starting with it, and finds what the prefix finds", async () => {
    expect(await matchText(await nameQuery(t.db, ["zedcross", "man"]))).toBe(
      "'zedcross' & ( 'man' | 'management' | 'manchester' | 'manor' )",
    );
    const found = await byName("Zedcross man");
    expect(found).toEqual(["CBDU810001", "CBDU810002", "CBDU810003", "CBDU810004"]);
    expect(found).toEqual(await prefixMatches("zedcross & man:*"));
  });

  it("keeps words that are not plain letters as they are stored (a hyphenated word)", async () => {
    expect(await matchText(await nameQuery(t.db, ["zedcross", "recy"]))).toBe(
      "'zedcross' & ( 'recycle' | 'recycle-right' )",
    );
    expect(await byName("zedcross recy")).toEqual(["CBDU810007"]);
  });

  it("finds a word of any length by its start (the dictionary has no length cap)", async () => {
    expect(await byName("zedcross supercalifrag")).toEqual(["CBDU810008"]);
  });

  it("matches nothing, at once, when no known word starts with the last word", async () => {
    expect(await matchText(await nameQuery(t.db, ["zedcross", "qqxz"]))).toBe("'zedcross' & 'qqxz'");
    expect(await byName("zedcross qqxz")).toEqual([]);
  });

  it("leaves the prefix to the index for one word, short or numeric last words and too many completions", async () => {
    expect(await matchText(await nameQuery(t.db, ["zedcross"]))).toBe("'zedcross':*");
    expect(await matchText(await nameQuery(t.db, ["zedcross", "ma"]))).toBe("'zedcross' & 'ma':*");
    expect(await matchText(await nameQuery(t.db, ["zedcross", "123"]))).toBe("'zedcross' & '123':*");
    const many = Array.from({ length: MAX_COMPLETIONS + 1 }, (_, i) => ({
      registration_number: `CBDU82${String(i).padStart(4, "0")}`,
      business_name: `Zedcross Zqx${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    }));
    await insertRegisterEntries(t.db, many);
    await announceChange(t.db, "directory");
    expect(await matchText(await nameQuery(t.db, ["zedcross", "zqx"]))).toBe("'zedcross' & 'zqx':*");
    expect(await byName("zedcross zqx")).toHaveLength(10); // the first page of the 51
    expect((await searchPage(t.db, "query=zedcross zqx&type=name")).totalCount).toBe(MAX_COMPLETIONS + 1);
  });

  it("keeps a misspelt last word's correction beside its prefix", async () => {
    const q = await nameQuery(t.db, ["zedcross", "mover"], { mover: "movers" });
    expect(await matchText(q)).toBe("'zedcross' & ( 'mover':* | 'movers' )");
  });

  it("learns the words of new names when the directory changes", async () => {
    expect(await completionsOf(t.db, "mob")).toEqual([]);
    expect(await byName("zedcross mob")).toEqual([]);
    await insertRegisterEntries(t.db, [
      { registration_number: "CBDU810009", business_name: "Zedcross Mobile Skips" },
    ]);
    expect(await completionsOf(t.db, "mob")).toEqual([]); // remembered
    await announceChange(t.db, "directory"); // as a sync or a listing's edit does
    expect(await completionsOf(t.db, "mob")).toEqual(["mobile"]);
    expect(await byName("zedcross mob")).toEqual(["CBDU810009"]);
  });
});
