import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { log, parsedInput } from "../leads/test-support/enquiry-fixtures";
import { hasReviewed } from "./has-reviewed.server";
import { listProviderReviews } from "./list-reviews.server";
import { listPendingReviews, moderateReview } from "./moderate-review.server";
import { REVIEW_MESSAGES, reviewSchema, type ReviewInput } from "./review-schema";
import { ANONYMOUS_REVIEWER, reviewMark, type Reviewer } from "./reviewer.server";
import { submitReview } from "./submit-review.server";

let t: TestDatabase;
let adminId = "";
beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertUser(t.db, { email: "admin@example.test" })).id;
  await insertPremiumListing(t.db, "CBDU800001");
  await insertPremiumListing(t.db, "CBDU800002");
  await insertPremiumListing(t.db, "CBDU800003", { subscription_plan: "standard" });
});
afterAll(async () => {
  await t?.destroy();
});

const input = (over: Record<string, unknown> = {}): ReviewInput =>
  parsedInput(reviewSchema, { name: "Rae", email: "Rae@Example.test ", text: "Great job", ...over });
const config = { publicUrl: "http://localhost:9999", sessionSecret: "reviews-test-secret" };
let ip = 0;
const submit = (
  reg: string,
  over: Record<string, unknown> = {},
  honeypot: string | null = null,
  reviewer: Reviewer = ANONYMOUS_REVIEWER,
) =>
  submitReview(
    { db: t.db, log, config },
    { registrationNumber: reg, input: input(over), honeypot, ip: `10.2.0.${++ip}`, reviewer },
  );
/** What the browser that sent a review (or the signed-in owner of the e-mail) holds. */
const knowing = (reg: string, email: string): Reviewer => ({
  signedInEmail: null,
  marks: [reviewMark(config.sessionSecret, reg, email)],
});
const check = (reg: string, email: string, reviewer: Reviewer = ANONYMOUS_REVIEWER) =>
  hasReviewed(t.db, config.sessionSecret, { registrationNumber: reg, email, reviewer });
const alreadyMails = (email: string) =>
  t.db
    .selectFrom("email_outbox")
    .select(["subject", "text"])
    .where("to_address", "=", email)
    .where("template", "=", "review_already_submitted")
    .execute();

describe("review form rules", () => {
  it("requires name, e-mail and text; the e-mail needs an @; rating 1-5 defaults to 5", () => {
    const empty = reviewSchema.safeParse({});
    expect(new Set(empty.error!.issues.map((i) => i.message))).toEqual(
      new Set([REVIEW_MESSAGES.missing.description]),
    );
    expect(
      reviewSchema.safeParse({ name: "A", email: "no-at-sign", text: "t" }).error?.issues[0]?.message,
    ).toBe("Please enter a valid email address");
    expect(input().rating).toBe(5);
    expect(input().email).toBe("rae@example.test");
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "t", rating: "6" }).success).toBe(
      false,
    );
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "t", rating: "0" }).success).toBe(
      false,
    );
    expect(reviewSchema.safeParse({ name: "A", email: "a@b.co", text: "x".repeat(2001) }).success).toBe(
      false,
    );
  });
});

describe("submitting and moderating reviews", () => {
  it("stores a review unverified; it is not listed until published", async () => {
    const r = await submit("cbdu800001", { rating: "4" });
    expect(r.status).toBe("created");
    const row = await t.db
      .selectFrom("reviews")
      .selectAll()
      .where("provider_id", "=", "CBDU800001")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ verified: false, rating: 4, reviewer_email: "rae@example.test" });
    expect(await listProviderReviews(t.db, "CBDU800001")).toEqual({ reviews: [], count: 0, average: null });
  });

  it("allows one review per e-mail per provider, case-insensitively; the visitor who sent it is told, live too", async () => {
    // The browser that sent Rae's review (it holds its mark), or Rae signed in, is told.
    const rae = knowing("CBDU800001", "rae@example.test");
    expect(await check("CBDU800001", " RAE@example.TEST", rae)).toBe(true);
    expect(
      await check("CBDU800001", "rae@example.test", { signedInEmail: "Rae@Example.test", marks: [] }),
    ).toBe(true);
    expect(await check("CBDU800002", "rae@example.test", knowing("CBDU800002", "rae@example.test"))).toBe(
      false,
    );
    expect(await submit("CBDU800001", { email: "RAE@EXAMPLE.TEST" }, null, rae)).toEqual({
      status: "already",
    });
    expect((await submit("CBDU800002")).status).toBe("created");
  });

  it("tells a stranger nothing: the same answers for an e-mail that has reviewed and one that has not", async () => {
    // The live check: false for both, whatever the truth.
    expect(await check("CBDU800001", "rae@example.test")).toBe(false);
    expect(await check("CBDU800001", "never@example.test")).toBe(false);
    // A mark for another provider or another e-mail proves nothing.
    expect(await check("CBDU800001", "rae@example.test", knowing("CBDU800002", "rae@example.test"))).toBe(
      false,
    );
    expect(
      await check("CBDU800001", "rae@example.test", {
        signedInEmail: "someone-else@example.test",
        marks: ["forged-mark"],
      }),
    ).toBe(false);

    // Submitting: both are received the same way, with the same kind of mark for the browser.
    const dup = await submit("CBDU800001", { email: "rae@example.test", text: "Me again" });
    const fresh = await submit("CBDU800001", { email: "never@example.test" });
    expect(dup).toEqual({
      status: "accepted",
      mark: reviewMark(config.sessionSecret, "CBDU800001", "rae@example.test"),
    });
    expect(fresh).toMatchObject({
      status: "created",
      mark: reviewMark(config.sessionSecret, "CBDU800001", "never@example.test"),
    });
    // The duplicate was not stored; Rae is told by e-mail (once a day, however often it is tried).
    const raes = await t.db
      .selectFrom("reviews")
      .select("review_text")
      .where("provider_id", "=", "CBDU800001")
      .where("reviewer_email", "=", "rae@example.test")
      .execute();
    expect(raes).toEqual([{ review_text: "Great job" }]);
    expect((await submit("CBDU800001", { email: "rae@example.test", text: "And again" })).status).toBe(
      "accepted",
    );
    const mails = await alreadyMails("rae@example.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You have already reviewed Business CBDU800001");
    expect(mails[0]!.text).toContain("http://localhost:9999/provider/CBDU800001");
    expect(await alreadyMails("never@example.test")).toEqual([]);
    // Now that this browser holds the marks, it is told about both (it sent both).
    expect(
      await check("CBDU800001", "rae@example.test", {
        signedInEmail: null,
        marks: [dup.status === "accepted" ? dup.mark : ""],
      }),
    ).toBe(true);
    await t.db.deleteFrom("reviews").where("reviewer_email", "=", "never@example.test").execute();
  });

  it("is enforced by the database even when two submissions race", async () => {
    const results = await Promise.all([
      submit("CBDU800002", { email: "race@example.test" }),
      submit("CBDU800002", { email: "race@example.test" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["accepted", "created"]);
    await expect(
      t.db
        .insertInto("reviews")
        .values({
          provider_id: "CBDU800002",
          reviewer_name: "X",
          reviewer_email: "race@example.test",
          review_text: "again",
        })
        .execute(),
    ).rejects.toThrow(/reviews_one_per_email|duplicate key/);
  });

  it("refuses providers that are not claimed premium, and ignores the honeypot", async () => {
    expect(await submit("CBDU800003")).toEqual({ status: "not-found" });
    expect(await submit("CBDU800001", { email: "bot@example.test" }, "filled")).toEqual({
      status: "ignored",
    });
    expect(await check("CBDU800001", "bot@example.test", knowing("CBDU800001", "bot@example.test"))).toBe(
      false,
    );
  });

  it("publishing shows reviews newest first with average and count; rejecting hides one for good", async () => {
    for (const [email, rating] of [
      ["a@example.test", 5],
      ["b@example.test", 2],
      ["c@example.test", 4],
    ] as const) {
      await submit("CBDU800001", { email, rating: String(rating), name: email[0] });
    }
    const pending = await listPendingReviews(t.db);
    expect(pending.total).toBeGreaterThanOrEqual(4);
    expect(pending.reviews[0]!.business_name).toBe("Business CBDU800001");
    const id = (email: string) =>
      t.db
        .selectFrom("reviews")
        .select("id")
        .where("reviewer_email", "=", email)
        .where("provider_id", "=", "CBDU800001")
        .executeTakeFirstOrThrow();
    await t.db
      .updateTable("reviews")
      .set({ created_at: new Date("2026-01-01T00:00:00Z") })
      .where("reviewer_email", "=", "a@example.test")
      .execute();
    for (const email of ["a@example.test", "c@example.test", "rae@example.test"]) {
      expect(await moderateReview(t.db, { id: (await id(email)).id, decision: "publish", adminId })).toBe(
        true,
      );
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
