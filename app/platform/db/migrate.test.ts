import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { isMigrated, listMigrations, migrate } from "./migrate.server";

describe("migrations", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("applies every migration file and records it", async () => {
    expect(await isMigrated(t.pool)).toBe(true);
    const rows = await t.db.selectFrom("schema_migrations").select("name").orderBy("name").execute();
    expect(rows.map((r) => r.name)).toEqual(listMigrations());
  });

  it("is idempotent: a second run applies nothing and changes nothing", async () => {
    expect(await migrate(t.pool)).toEqual([]);
  });

  it("carries the rules in constraints", async () => {
    await insertRegisterEntry(t.db, { registration_number: "CBDU1001", business_name: "A" });
    // A review of CBDU1001 by x@y.z.
    const review = (rating: number, review_text: string) =>
      t.db
        .insertInto("reviews")
        .values({ provider_id: "CBDU1001", reviewer_name: "x", reviewer_email: "x@y.z", rating, review_text })
        .execute();
    await expect(review(6, "t")).rejects.toThrow(/check/i);
    await review(5, "t");
    await expect(review(4, "again")).rejects.toThrow(/unique|duplicate/i);
    await expect(
      t.db.insertInto("directory_entries").values({ registration_number: " cbdu9 " }).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      sql`INSERT INTO claim_requests (registration_number, contact_name, contact_email, contact_phone, status)
          VALUES ('CBDU1001', 'a', 'a@b.c', '1', 'maybe')`.execute(t.db),
    ).rejects.toThrow(/check/i);
  });

  it("allows one pending claim per business", async () => {
    const claim = {
      registration_number: "CBDU1001",
      contact_name: "a",
      contact_email: "a@b.c",
      contact_phone: "1",
    };
    await t.db.insertInto("claim_requests").values(claim).execute();
    await expect(t.db.insertInto("claim_requests").values(claim).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
    await t.db
      .insertInto("claim_requests")
      .values({ ...claim, status: "rejected" })
      .execute();
  });

  it("derives the search columns", async () => {
    await insertRegisterEntry(t.db, {
      registration_number: "CBDU 77",
      business_name: "Green Skips",
      town: " Leeds",
      postcode: "ls1 4ap",
    });
    const row = await t.db
      .selectFrom("directory_entries")
      .select(["registration_key", "town_key", "postcode_key"])
      .where("registration_number", "=", "CBDU 77")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ registration_key: "CBDU77", town_key: "leeds", postcode_key: "LS14AP" });
  });
});
