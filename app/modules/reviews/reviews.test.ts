import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { log, premiumListing } from "../leads/test-support/enquiry-fixtures";
import { hasReviewed } from "./has-reviewed.server";
import { listProviderReviews } from "./list-reviews.server";
import { listPendingReviews, moderateReview } from "./moderate-review.server";
import { REVIEW_MESSAGES, reviewSchema, type ReviewInput } from "./review-schema";
import { submitReview } from "./submit-review.server";

let t: TestDatabase;
let adminId = "";
beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await t.db.insertInto("users").values({ email: "admin@example.test" }).returning("id").executeTakeFirstOrThrow()).id;
  await premiumListing(t.db, "CBDU800001");
  await premiumListing(t.db, "CBDU800002");
  await premiumListing(t.db, "CBDU800003", { plan: "standard" });
});
afterAll(async () => {
  await t?.destroy();
});

const input = (over: Record<string, unknown> = {}): ReviewInput => {
  const r = reviewSchema.safeParse({ name: "Rae", email: "Rae@Example.test ", text: "Great job", ...over });
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};
let ip = 0;
const submit = (reg: string, over: Record<string, unknown> = {}, honeypot: string | null = null) =>
  submitReview({ db: t.db, log }, { registrationNumber: reg, input: input(over), honeypot, ip: `10.2.0.${++ip}` });

describe("review form rules", () => {
  it("requires name, e-mail and text; the e-mail needs an @; rating 1-5 defaults to 5", () => {
    const empty = reviewSchema.safeParse({});
    expect(new Set(empty.error!.issues.map((i) => i.message))).toEqual(new Set([REVIEW_MESSAGES.missing.description]));
    expect(reviewSchema.safeParse({ name: "A", email: "no-at-sign", text: "t" }).error?.issues[0]?.message).toBe("Please enter a valid email address");
    expect(input().rating).toBe(5);
    expect(input().email).toBe("rae@example.test");
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "t", rating: "6" }).success).toBe(false);
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "t", rating: "0" }).success).toBe(false);
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "x".repeat(2001) }).success).toBe(false);
  });
});

describe("submitting and moderating reviews", () => {
  it("stores a review unverified; it is not listed until published", async () => {
    const r = await submit("cbdu800001", { rating: "4" });
    expect(r.status).toBe("created");
    const row = await t.db.selectFrom("reviews").selectAll().where("provider_id", "=", "CBDU800001").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ verified: false, rating: 4, reviewer_email: "rae@example.test" });
    expect(await listProviderReviews(t.db, "CBDU800001")).toEqual({ reviews: [], count: 0, average: null });
  });

  it("allows one review per e-mail per provider, case-insensitively, checked live too", async () => {
    expect(await hasReviewed(t.db, "CBDU800001", " RAE@example.TEST")).toBe(true);
    expect(await hasReviewed(t.db, "CBDU800002", "rae@example.test")).toBe(false);
    expect(await submit("CBDU800001", { email: "RAE@EXAMPLE.TEST" })).toEqual({ status: "already" });
    expect((await submit("CBDU800002")).status).toBe("created");
  });

  it("is enforced by the database even when two submissions race", async () => {
    const results = await Promise.all([submit("CBDU800002", { email: "race@example.test" }), submit("CBDU800002", { email: "race@example.test" })]);
    expect(results.map((r) => r.status).sort()).toEqual(["already", "created"]);
    await expect(
      t.db.insertInto("reviews").values({ provider_id: "CBDU800002", reviewer_name: "X", reviewer_email: "race@example.test", review_text: "again" }).execute(),
    ).rejects.toThrow(/reviews_one_per_email|duplicate key/);
  });

  it("refuses providers that are not claimed premium, and ignores the honeypot", async () => {
    expect(await submit("CBDU800003")).toEqual({ status: "not-found" });
    expect(await submit("CBDU800001", { email: "bot@example.test" }, "filled")).toEqual({ status: "ignored" });
    expect(await hasReviewed(t.db, "CBDU800001", "bot@example.test")).toBe(false);
  });

  it("publishing shows reviews newest first with average and count; rejecting hides one for good", async () => {
    for (const [email, rating] of [["a@example.test", 5], ["b@example.test", 2], ["c@example.test", 4]] as const) {
      await submit("CBDU800001", { email, rating: String(rating), name: email[0] });
    }
    const pending = await listPendingReviews(t.db);
    expect(pending.total).toBeGreaterThanOrEqual(4);
    expect(pending.reviews[0]!.business_name).toBe("Business CBDU800001");
    const id = (email: string) => t.db.selectFrom("reviews").select("id").where("reviewer_email", "=", email).where("provider_id", "=", "CBDU800001").executeTakeFirstOrThrow();
    await t.db.updateTable("reviews").set({ created_at: new Date("2026-01-01T00:00:00Z") }).where("reviewer_email", "=", "a@example.test").execute();
    for (const email of ["a@example.test", "c@example.test", "rae@example.test"]) {
      expect(await moderateReview(t.db, { id: (await id(email)).id, decision: "publish", adminId })).toBe(true);
    }
    const bId = (await id("b@example.test")).id;
    expect(await moderateReview(t.db, { id: bId, decision: "reject", adminId })).toBe(true);
    // A moderated review cannot be moderated again (a rejected one stays hidden).
    expect(await moderateReview(t.db, { id: bId, decision: "publish", adminId })).toBe(false);
    const list = await listProviderReviews(t.db, "CBDU800001");
    expect(list.count).toBe(3);
    expect(list.average).toBe(4.3);
    expect(list.reviews.map((r) => r.reviewer_name)).toEqual(["c", "Rae", "a"]);
    expect((await listPendingReviews(t.db)).reviews.map((r) => r.id)).not.toContain(bId);
    expect(await moderateReview(t.db, { id: "nope", decision: "publish", adminId })).toBe(false);
  });
});
