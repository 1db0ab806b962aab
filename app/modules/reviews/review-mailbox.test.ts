/**
 * Migration 1067 (decision 0257): the SQL twin of `mailboxIdentity` agrees with it, and the
 * migration applies to a database whose reviews already have several live ones per inbox.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { listMigrations, migrate, migrationsDir } from "~/platform/db/migrate.server";
import { normaliseEmail } from "~/platform/email-address";
import { mailboxIdentity } from "../leads/rate-limits";
import { hasLiveReview } from "./has-reviewed.server";

const MIGRATION = "1067_review_one_per_mailbox.sql";

/** Addresses as typed: what the form stores is their normalised form, which the SQL function takes. */
const TRICKY = [
  "me@gmail.com",
  "m.e@gmail.com",
  "Me+1@Gmail.com",
  " M.E+x.y@GoogleMail.com ",
  "..m..e..@gmail.com",
  "me+@gmail.com",
  "+me@gmail.com",
  "+me+1@example.test",
  "ann+a+b@example.test",
  "a.n.n@example.test",
  "ann.+x@example.test",
  "a@b@gmail.com",
  "a.b+c@d@googlemail.com",
  "x@sub.gmail.com",
  "x.y@gmail.com.evil.test",
  "x.y@googlemail.co.uk",
  "x+y@",
  "@gmail.com",
  "@",
  "plain",
  "no-at.sign+tag",
  "jörg.müller+news@exämple.de",
  "J.Ö.R.G@GMAIL.COM",
  "😀.x+1@gmail.com",
  "ẞ.straße+1@googlemail.com",
  "İ.x@gmail.com",
  "tab\tinside+1@gmail.com",
  "",
];

describe("mailbox_identity, the SQL twin of mailboxIdentity", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("gives the same mailbox for every address the form could store", async () => {
    const boxes: string[] = [];
    for (const address of TRICKY.map(normaliseEmail)) {
      const { rows } = await sql<{ box: string }>`SELECT mailbox_identity(${address}::text) AS box`.execute(
        t.db,
      );
      boxes.push(rows[0]!.box);
    }
    expect(boxes).toEqual(TRICKY.map(mailboxIdentity));
    // A few by hand, so that both agreeing on a wrong answer would show too.
    expect(boxes.slice(0, 5)).toEqual(Array(5).fill("me@gmail.com"));
    expect(mailboxIdentity("a.b+c@d@googlemail.com")).toBe("ab@gmail.com");
    expect(mailboxIdentity("+me+1@example.test")).toBe("+me+1@example.test");
    expect(mailboxIdentity("x+y@")).toBe("x@");
  });
});

describe("migration 1067 on a database with several live reviews per inbox", () => {
  let t: TestDatabase;
  let dir = "";
  const [P1, P2] = ["CBDU1067001", "CBDU1067002"];
  beforeAll(async () => {
    // Every migration before 1067, then rows written under the per-address rule.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-1067-"));
    for (const file of listMigrations().filter((f) => f < MIGRATION))
      fs.copyFileSync(path.join(migrationsDir(), file), path.join(dir, file));
    t = await createTestDatabase({ migrationsDir: dir });
  });
  afterAll(async () => {
    await t?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const mailboxes = async () =>
    Object.fromEntries(
      (
        await sql<{ provider_id: string; reviewer_email: string; reviewer_mailbox: string | null }>`
          SELECT provider_id, reviewer_email, reviewer_mailbox FROM reviews`.execute(t.db)
      ).rows.map((r) => [`${r.provider_id} ${r.reviewer_email}`, r.reviewer_mailbox]),
    );

  it("keeps the mailbox on the earliest live review of each inbox and business, and builds the index", async () => {
    expect(
      (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(t.db)).rows.map((r) => r.name),
    ).not.toContain(MIGRATION);
    await insertRegisterEntry(t.db, { registration_number: P1 });
    await insertRegisterEntry(t.db, { registration_number: P2 });
    const review = (
      provider_id: string,
      reviewer_email: string,
      created: string,
      state: "pending" | "published" | "rejected" = "pending",
    ) =>
      sql`INSERT INTO reviews (provider_id, reviewer_name, reviewer_email, review_text, created_at, verified, rejected_at)
          VALUES (${provider_id}, 'Writer', ${reviewer_email}, 'Text', ${new Date(created)},
                  ${state === "published"}, ${state === "rejected" ? new Date(created) : null})`.execute(
        t.db,
      );
    // Written in an order other than their dates: the earliest by date keeps the place.
    await review(P1, "m.e@gmail.com", "2026-01-02", "published");
    await review(P1, "me@gmail.com", "2026-01-01");
    await review(P1, "me+1@googlemail.com", "2025-12-01", "rejected");
    await review(P1, "me+2@gmail.com", "2026-01-03");
    await review(P1, "ann@example.test", "2026-01-05");
    await review(P1, "ann+x@example.test", "2026-01-04", "published");
    await review(P1, "a.n.n@example.test", "2026-01-06");
    await review(P2, "m.e+p2@gmail.com", "2026-01-07");

    fs.copyFileSync(path.join(migrationsDir(), MIGRATION), path.join(dir, MIGRATION));
    expect(await migrate(t.pool, dir)).toEqual([MIGRATION]);

    expect(await mailboxes()).toEqual({
      [`${P1} me@gmail.com`]: "me@gmail.com",
      [`${P1} m.e@gmail.com`]: null,
      [`${P1} me+2@gmail.com`]: null,
      // A rejected review holds no place: it keeps its mailbox, outside the index.
      [`${P1} me+1@googlemail.com`]: "me@gmail.com",
      [`${P1} ann+x@example.test`]: "ann@example.test",
      [`${P1} ann@example.test`]: null,
      // Dots are one mailbox for Gmail only.
      [`${P1} a.n.n@example.test`]: "a.n.n@example.test",
      [`${P2} m.e+p2@gmail.com`]: "me@gmail.com",
    });
    // Nothing else changed: all eight reviews are there, as they were.
    const { rows } = await sql<{ live: number; published: number }>`
      SELECT count(*) FILTER (WHERE rejected_at IS NULL)::int AS live,
             count(*) FILTER (WHERE verified)::int AS published FROM reviews`.execute(t.db);
    expect(rows[0]).toEqual({ live: 7, published: 2 });
    // The new index holds: no second live review of an inbox for P1.
    await expect(
      sql`INSERT INTO reviews (provider_id, reviewer_name, reviewer_email, reviewer_mailbox, review_text)
          VALUES (${P1}, 'X', 'me+3@gmail.com', 'me@gmail.com', 'again')`.execute(t.db),
    ).rejects.toThrow(/reviews_one_per_mailbox|duplicate key/);
  });

  it("counts the inbox as reviewed while any of its live reviews is there, older rows without a mailbox too", async () => {
    expect(await hasLiveReview(t.db, P1, "M.E+new@googlemail.com")).toBe(true);
    expect(await hasLiveReview(t.db, P2, "me@gmail.com")).toBe(true);
    expect(await hasLiveReview(t.db, P2, "ann@example.test")).toBe(false);
    const reject = (email: string) =>
      sql`UPDATE reviews SET rejected_at = now() WHERE provider_id = ${P1} AND reviewer_email = ${email}`.execute(
        t.db,
      );
    // The review that held the place is rejected; two later ones of that inbox are still live.
    await reject("me@gmail.com");
    expect(await hasLiveReview(t.db, P1, "me@gmail.com")).toBe(true);
    await reject("m.e@gmail.com");
    expect(await hasLiveReview(t.db, P1, "me@gmail.com")).toBe(true);
    await reject("me+2@gmail.com");
    expect(await hasLiveReview(t.db, P1, "me@gmail.com")).toBe(false);
  });
});
