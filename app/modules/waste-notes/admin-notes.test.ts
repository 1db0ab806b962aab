import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { countWasteNotesByProvider } from "./count-notes-by-provider.server";
import { NOTE_SEARCH_MESSAGES, parseNoteSearch, type NoteSearch } from "./note-search-filters";
import { searchAllWasteNotes } from "./search-all-notes.server";

let t: TestDatabase;
const A = "CBDU661001";
const B = "CBDU661002";

/** A note row as the fixtures write them; `i` makes it unique and orders it (an hour apart). */
function note(i: number, over: Record<string, unknown> = {}) {
  return {
    id: `66${String(i).padStart(6, "0")}-0000-4000-8000-000000000000`,
    collection_date_time: new Date(Date.UTC(2026, 2, 1, 0) + i * 3_600_000),
    waste_type: "Commercial" as const,
    description: `Load ${i}`,
    ewc_code: i % 3 === 0 ? "17 05 03*" : i % 3 === 1 ? "17 09 04" : "20 03 07",
    hazardous: i % 3 === 0,
    weight: "100.00",
    origin_address: "1 Test Street",
    carrier_company: i % 2 === 0 ? "Alpha Skips Ltd" : "Beta Waste Movers",
    carrier_address: "Yard",
    carrier_license: i % 2 === 0 ? A : B,
    vehicle_reg: "AB12 CDE",
    waste_hierarchy_confirmed: true,
    registration_number: i % 2 === 0 ? A : i % 5 === 0 ? null : B,
    created_at: new Date(Date.UTC(2026, 2, 1, 0) + i * 3_600_000),
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntries(t.db, [
    { registration_number: A, business_name: "ALPHA SKIPS LTD" },
    { registration_number: B, business_name: "BETA WASTE MOVERS" },
  ]);
  const user = await insertUser(t.db);
  await t.db
    .insertInto("waste_notes")
    .values(Array.from({ length: 30 }, (_, i) => ({ ...note(i), user_id: user.id })))
    .execute();
});
afterAll(async () => {
  await t?.destroy();
});

function search(params: Record<string, string>): NoteSearch {
  const parsed = parseNoteSearch(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.search;
}

const numbers = (rows: { id: string }[]) => rows.map((r) => Number(r.id.slice(2, 8)));

describe("the admin's search over every company's waste notes", () => {
  it("pages newest first over all companies, forwards and back", async () => {
    const first = await searchAllWasteNotes(t.db, {}, { limit: 10 });
    expect(numbers(first.rows)).toEqual([29, 28, 27, 26, 25, 24, 23, 22, 21, 20]);
    expect(first.rows[0]).toMatchObject({ company_name: "BETA WASTE MOVERS", pdf_ready: false });
    const second = await searchAllWasteNotes(t.db, {}, { limit: 10, after: first.next });
    expect(numbers(second.rows)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
    const back = await searchAllWasteNotes(t.db, {}, { limit: 10, before: second.prev });
    expect(numbers(back.rows)).toEqual(numbers(first.rows));
  });

  it("finds by EWC code however it is typed, and by chapter or sub-chapter", async () => {
    const hazardous = await searchAllWasteNotes(t.db, search({ ewc: "170503" }), { limit: 100 });
    expect(numbers(hazardous.rows)).toEqual([27, 24, 21, 18, 15, 12, 9, 6, 3, 0]);
    const spaced = await searchAllWasteNotes(t.db, search({ ewc: "17 05 03*" }), { limit: 100 });
    expect(numbers(spaced.rows)).toEqual(numbers(hazardous.rows));
    expect((await searchAllWasteNotes(t.db, search({ ewc: "17" }), { limit: 100 })).rows).toHaveLength(20);
    expect((await searchAllWasteNotes(t.db, search({ ewc: "20 03" }), { limit: 100 })).rows).toHaveLength(10);
  });

  it("finds by carrier name or registration number, note number, company and UK days", async () => {
    const beta = await searchAllWasteNotes(t.db, search({ carrier: "beta waste" }), { limit: 100 });
    expect(beta.rows).toHaveLength(15);
    const byNumber = await searchAllWasteNotes(t.db, search({ carrier: "cbdu 661 001" }), { limit: 100 });
    expect(byNumber.rows).toHaveLength(15);
    expect(new Set(byNumber.rows.map((r) => r.carrier_license))).toEqual(new Set([A]));
    const one = await searchAllWasteNotes(t.db, search({ number: "66000007" }));
    expect(numbers(one.rows)).toEqual([7]);
    const full = await searchAllWasteNotes(t.db, search({ number: note(8).id.toUpperCase() }));
    expect(numbers(full.rows)).toEqual([8]);
    const company = await searchAllWasteNotes(t.db, search({ company: B }), { limit: 100 });
    expect(company.rows.every((r) => r.registration_number === B)).toBe(true);
    expect(company.rows).toHaveLength(12); // odd numbers but 5, 15, 25 (public generator)
    // 2026-03-02 (UK, GMT): notes 24..29; with EWC 17 05 03: 24 and 27.
    const day = await searchAllWasteNotes(
      t.db,
      search({ from: "2026-03-02", to: "2026-03-02", ewc: "17 05 03" }),
    );
    expect(numbers(day.rows)).toEqual([27, 24]);
    expect((await searchAllWasteNotes(t.db, search({ carrier: "Gamma" }))).rows).toEqual([]);
  });

  it("refuses what it cannot search for, each with its message", () => {
    const bad = parseNoteSearch(
      new URLSearchParams({ number: "zz", ewc: "17 0", company: "<script>", from: "2026-13-01" }),
    );
    expect(bad.ok ? null : bad.errors).toEqual({
      number: NOTE_SEARCH_MESSAGES.number,
      ewc: NOTE_SEARCH_MESSAGES.ewc,
      company: NOTE_SEARCH_MESSAGES.company,
      from: "Enter the first day as a date, e.g. 2026-11-01",
    });
    expect(parseNoteSearch(new URLSearchParams({ ewc: "17 09 04", carrier: "Alpha" })).ok).toBe(true);
  });
});

describe("countWasteNotesByProvider", () => {
  it("counts each company's notes (all, this UK month, hazardous, last), zeros for none", async () => {
    const counts = await countWasteNotesByProvider(
      t.db,
      [A, B, "CBDU000404"],
      new Date("2026-03-15T12:00:00Z"),
    );
    expect(counts.get(A)).toEqual({
      total: 15,
      thisMonth: 15,
      hazardous: 5,
      lastCreatedAt: new Date(Date.UTC(2026, 2, 1, 0) + 28 * 3_600_000),
    });
    expect(counts.get(B)).toMatchObject({ total: 12, hazardous: 4 });
    expect(counts.get("CBDU000404")).toEqual({ total: 0, thisMonth: 0, hazardous: 0, lastCreatedAt: null });
    expect(
      (await countWasteNotesByProvider(t.db, [A], new Date("2026-04-02T12:00:00Z"))).get(A)?.thisMonth,
    ).toBe(0);
    expect((await countWasteNotesByProvider(t.db, [])).size).toBe(0);
  });
});
