import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { afterCommit, isMigrated, listMigrations, migrate } from "./migrate.server";

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
    // A review of CBDU1001 by x@y.z (its mailbox holds the place, decision 0257).
    const review = (rating: number, review_text: string) =>
      t.db
        .insertInto("reviews")
        .values({
          provider_id: "CBDU1001",
          reviewer_name: "x",
          reviewer_email: "x@y.z",
          reviewer_mailbox: "x@y.z",
          rating,
          review_text,
        })
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

  it("runs a migration's after-commit statements once it has committed (a VACUUM after a rewrite)", async () => {
    expect(
      afterCommit("CREATE TABLE t ();\n-- after commit: ANALYZE t\n-- after commit: VACUUM t;\n"),
    ).toEqual(["ANALYZE t", "VACUUM t"]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    try {
      fs.writeFileSync(
        path.join(dir, "0001_rewrite.sql"),
        [
          "CREATE TABLE after_commit_probe (id int PRIMARY KEY, v text);",
          "INSERT INTO after_commit_probe SELECT g, 'x' FROM generate_series(1, 2000) g;",
          "-- after commit: ANALYZE after_commit_probe",
          "-- after commit: VACUUM after_commit_probe",
        ].join("\n"),
      );
      // In a transaction, VACUUM would fail ("cannot run inside a transaction block").
      expect(await migrate(t.pool, dir)).toEqual(["0001_rewrite.sql"]);
      const { rows } = await sql<{ visible: number }>`SELECT relallvisible AS visible FROM pg_class
        WHERE relname = 'after_commit_probe'`.execute(t.db);
      expect(rows[0].visible).toBeGreaterThan(0); // the visibility map is set: VACUUM ran
      expect(await migrate(t.pool, dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await sql`DROP TABLE IF EXISTS after_commit_probe`.execute(t.db);
      await sql`DELETE FROM schema_migrations WHERE name = '0001_rewrite.sql'`.execute(t.db);
    }
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
