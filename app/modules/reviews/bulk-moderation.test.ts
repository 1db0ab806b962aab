/**
 * Bulk moderation and the queue's CSV export (decision 0806), on both databases: several pending
 * reviews published or rejected at once with an audit entry each; reviews already moderated are
 * left alone; the export lists the pending queue oldest first.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertRegisterEntry, insertUser, nextRegistrationNumber } from "#tests/support/builders";
import { csvLine } from "~/platform/csv";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { exportPendingReviews } from "./export-reviews.server";
import { moderateReviews } from "./moderate-reviews.server";

let t: TestDatabase;
let provider: string;

beforeAll(async () => {
  t = await createTestDatabase();
  provider = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: provider, business_name: "Tidy Tips Ltd" });
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(async () => {
  await t.db.deleteFrom("audit_log").execute();
  await t.db.deleteFrom("reviews").execute();
});

async function insertReviews(names: string[], extra: { verified?: boolean } = {}) {
  return t.db
    .insertInto("reviews")
    .values(
      names.map((name, i) => ({
        provider_id: provider,
        reviewer_name: name,
        reviewer_email: `${name.toLowerCase().replace(/\W/g, "")}@example.test`,
        rating: 5 - i,
        review_text: `Review by ${name}`,
        created_at: new Date(Date.UTC(2026, 10, 1 + i, 9)),
        ...extra,
      })),
    )
    .returning(["id", "reviewer_name"])
    .execute();
}

describe("bulk moderation", () => {
  it("publishes the chosen pending reviews with one audit entry each", async () => {
    const admin = await insertUser(t.db);
    const [a, b, c] = await insertReviews(["Ann", "Bob", "Cat"]);
    const r = await moderateReviews(t.db, { ids: [a!.id, b!.id], decision: "publish", adminId: admin.id });
    expect(r.changed).toBe(2);
    const rows = await t.db.selectFrom("reviews").select(["id", "verified", "moderated_by"]).execute();
    const byId = new Map(rows.map((x) => [x.id, x]));
    expect(byId.get(a!.id)).toMatchObject({ verified: true, moderated_by: admin.id });
    expect(byId.get(b!.id)).toMatchObject({ verified: true, moderated_by: admin.id });
    expect(byId.get(c!.id)).toMatchObject({ verified: false, moderated_by: null });
    const audit = await t.db.selectFrom("audit_log").select(["action", "entity", "entity_id"]).execute();
    expect(audit.map((x) => x.entity_id).sort()).toEqual([a!.id, b!.id].sort());
    expect(new Set(audit.map((x) => `${x.action} ${x.entity}`))).toEqual(
      new Set(["review.published review"]),
    );
  });

  it("rejects only reviews still pending: one published meanwhile is neither changed nor audited", async () => {
    const admin = await insertUser(t.db);
    const [pending] = await insertReviews(["Dee"]);
    const [published] = await insertReviews(["Eve"], { verified: true });
    const r = await moderateReviews(t.db, {
      ids: [pending!.id, published!.id],
      decision: "reject",
      adminId: admin.id,
    });
    expect(r.changed).toBe(1);
    const eve = await t.db
      .selectFrom("reviews")
      .select(["verified", "rejected_at"])
      .where("id", "=", published!.id)
      .executeTakeFirstOrThrow();
    expect(eve).toEqual({ verified: true, rejected_at: null });
    const audit = await t.db.selectFrom("audit_log").select(["action", "entity_id"]).execute();
    expect(audit).toEqual([{ action: "review.rejected", entity_id: pending!.id }]);
  });
});

describe("pending reviews CSV export", () => {
  it("lists the pending queue oldest first, in batches, with formulas neutralised", async () => {
    await insertReviews(["Ann", "=cmd|' /C calc'!A0", "Cat"]);
    await insertReviews(["Published Pat"], { verified: true });
    const csv = exportPendingReviews(t.db, { batchSize: 2 });
    const lines = [csvLine(csv.columns)];
    const sizes: number[] = [];
    for await (const batch of csv.batches) {
      sizes.push(batch.length);
      lines.push(...batch.map(csvLine));
    }
    expect(sizes).toEqual([2, 1]);
    expect(lines[0]).toBe(
      "Submitted,Provider,Business name,Reviewer name,Reviewer email,Rating,Review,Status,From the business's owner\r\n",
    );
    expect(lines[1]).toBe(
      `01/11/2026 09:00,${provider},Tidy Tips Ltd,Ann,ann@example.test,5,Review by Ann,Pending,\r\n`,
    );
    expect(lines[2]).toContain(",'=cmd|' /C calc'!A0,");
    expect(lines[3]).toContain(",Cat,");
    expect(lines.join("")).not.toContain("Published Pat");
  });
});
