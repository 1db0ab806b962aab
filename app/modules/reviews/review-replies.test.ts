/**
 * A business's public reply to a review (decision 0604): once per review, editable until
 * published, only for the owner of the approved, unsuspended listing and only to its published
 * reviews; moderated like reviews; shown on the profile only once published; the dashboard's
 * count of reviews awaiting a reply.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnquiryCounts } from "~/modules/company/enquiry-counts.server";
import type { ListingOwner } from "~/modules/company/owned-listing.server";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { listCompanyReviews } from "./list-company-reviews.server";
import { listProviderReviews } from "./list-reviews.server";
import { listPendingReplies, moderateReply } from "./moderate-reply.server";
import { REPLY_MESSAGES, replySchema } from "./reply-rules";
import { saveReviewReply } from "./save-reply.server";

let t: TestDatabase;
let adminId = "";
let owner: ListingOwner;
let suspended: ListingOwner;
let unapproved: ListingOwner;
const ids: Record<string, string> = {};
const REG = "CBDU562001";

async function review(
  reg: string,
  name: string,
  daysAgo: number,
  state: "published" | "pending" | "rejected",
) {
  const row = await t.db
    .insertInto("reviews")
    .values({
      provider_id: reg,
      reviewer_name: name,
      reviewer_email: `${name.toLowerCase()}@example.test`,
      rating: 4,
      review_text: `${name} says: good service`,
      verified: state === "published",
      rejected_at: state === "rejected" ? new Date() : null,
      created_at: new Date(Date.now() - daysAgo * 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
}

async function ownerOf(reg: string, over: Parameters<typeof insertPremiumListing>[2] = {}) {
  const user = await insertUser(t.db);
  const listing = await insertPremiumListing(t.db, reg, {
    user_id: user.id,
    company_name: `Firm ${reg}`,
    ...over,
  });
  return { userId: user.id, listingId: listing.id };
}

const reply = (reviewId: string) =>
  t.db.selectFrom("review_replies").selectAll().where("review_id", "=", reviewId).executeTakeFirst();
/** The reply's id and the version the admin's page shows (its updated_at), as the form posts them. */
const shown = async (reviewId: string) => {
  const r = (await reply(reviewId))!;
  return { id: r.id, version: new Date(r.updated_at).toISOString() };
};

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertUser(t.db)).id;
  owner = await ownerOf(REG);
  await ownerOf("CBDU562002");
  suspended = await ownerOf("CBDU562003", { suspended_at: new Date() });
  unapproved = await ownerOf("CBDU562004", { verified: false });
  await review(REG, "Ann", 3, "published");
  await review(REG, "Ben", 2, "published");
  await review(REG, "Cat", 1, "published");
  await review(REG, "Pending", 1, "pending");
  await review(REG, "Rejected", 1, "rejected");
  await review("CBDU562002", "Theirs", 1, "published");
  await review("CBDU562003", "Susp", 1, "published");
  await review("CBDU562004", "Unappr", 1, "published");
});
afterAll(async () => {
  await t?.destroy();
});

describe("the reply's text", () => {
  it("is required and at most 2,000 characters after trimming", () => {
    expect(replySchema.safeParse({ reviewId: "x", text: "   " }).error?.issues[0]?.message).toBe(
      REPLY_MESSAGES.missing,
    );
    expect(replySchema.safeParse({ reviewId: "x" }).success).toBe(false);
    expect(replySchema.safeParse({ reviewId: "x", text: "r".repeat(2001) }).error?.issues[0]?.message).toBe(
      REPLY_MESSAGES.tooLong,
    );
    expect(replySchema.parse({ reviewId: "x", text: ` ${"r".repeat(2000)}\r\n` }).text).toHaveLength(2000);
  });
});

describe("writing a reply", () => {
  it("lists the published reviews only, with no reply yet, and counts them as awaiting a reply", async () => {
    const list = await listCompanyReviews(t.db, REG, {});
    expect(list.rows.map((r) => [r.reviewer_name, r.reply])).toEqual([
      ["Cat", null],
      ["Ben", null],
      ["Ann", null],
    ]);
    expect((await getEnquiryCounts(t.db, REG)).unansweredReviews).toBe(3);
    const paged = await listCompanyReviews(t.db, REG, { limit: 2 });
    expect(
      (await listCompanyReviews(t.db, REG, { limit: 2, after: paged.next })).rows.map((r) => r.reviewer_name),
    ).toEqual(["Ann"]);
  });

  it("stores one pending reply per review; a second write edits it; both audited", async () => {
    expect(await saveReviewReply(t.db, owner, { reviewId: ids.Cat!, text: "Thank you, Cat" })).toEqual({
      ok: true,
      outcome: "created",
    });
    expect(
      await saveReviewReply(t.db, owner, { reviewId: ids.Cat!, text: "Thank you so much, Cat" }),
    ).toEqual({
      ok: true,
      outcome: "updated",
    });
    const rows = await t.db
      .selectFrom("review_replies")
      .selectAll()
      .where("review_id", "=", ids.Cat!)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider_id: REG,
      text: "Thank you so much, Cat",
      status: "pending",
      written_by: owner.userId,
      moderated_at: null,
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("entity", "=", "review")
      .where("entity_id", "=", ids.Cat!)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "review_reply.submitted", actor_user_id: owner.userId },
      { action: "review_reply.edited", actor_user_id: owner.userId },
    ]);
    // A pending reply counts as answered; the owner sees it with its status.
    expect((await getEnquiryCounts(t.db, REG)).unansweredReviews).toBe(2);
    const cat = (await listCompanyReviews(t.db, REG, {})).rows.find((r) => r.id === ids.Cat);
    expect(cat?.reply).toMatchObject({ text: "Thank you so much, Cat", status: "pending" });
    expect(
      (await listCompanyReviews(t.db, REG, { unansweredOnly: true })).rows.map((r) => r.reviewer_name),
    ).toEqual(["Ben", "Ann"]);
  });

  it("the database holds one reply per review", async () => {
    await expect(
      t.db
        .insertInto("review_replies")
        .values({
          review_id: ids.Cat!,
          provider_id: REG,
          text: "again",
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("is refused for another listing's review, an unpublished review or an unknown id", async () => {
    for (const reviewId of [
      ids.Theirs!,
      ids.Pending!,
      ids.Rejected!,
      "nope",
      "00000000-0000-4000-8000-000000000000",
    ])
      expect(await saveReviewReply(t.db, owner, { reviewId, text: "Hello" })).toEqual({
        ok: false,
        reason: "not_found",
      });
    expect(await reply(ids.Theirs!)).toBeUndefined();
    expect(await reply(ids.Pending!)).toBeUndefined();
  });

  it("is refused while the listing is suspended or awaiting approval", async () => {
    expect(await saveReviewReply(t.db, suspended, { reviewId: ids.Susp!, text: "Hello" })).toEqual({
      ok: false,
      reason: "read_only",
    });
    expect(await saveReviewReply(t.db, unapproved, { reviewId: ids.Unappr!, text: "Hello" })).toEqual({
      ok: false,
      reason: "not_approved",
    });
    expect(await reply(ids.Susp!)).toBeUndefined();
  });
});

describe("moderation and the profile", () => {
  it("queues pending replies with their review; the profile shows none of them yet", async () => {
    const queue = await listPendingReplies(t.db);
    expect(queue.total).toBe(1);
    expect(queue.replies[0]).toMatchObject({
      review_id: ids.Cat,
      provider_id: REG,
      business_name: `Firm ${REG}`,
      text: "Thank you so much, Cat",
      reviewer_name: "Cat",
    });
    const profile = await listProviderReviews(t.db, REG);
    expect(profile.reviews.every((r) => r.reply === null)).toBe(true);
  });

  it("publishes once; the profile then shows the reply under its review; a published reply is final", async () => {
    const seen = await shown(ids.Cat!);
    expect(await moderateReply(t.db, { ...seen, decision: "publish", adminId })).toBe("moderated");
    expect(await moderateReply(t.db, { ...seen, decision: "reject", adminId })).toBe("already");
    expect(await reply(ids.Cat!)).toMatchObject({ status: "published", moderated_by: adminId });
    const profile = await listProviderReviews(t.db, REG);
    expect(profile.count).toBe(3);
    expect(profile.reviews.map((r) => [r.reviewer_name, r.reply?.text ?? null])).toEqual([
      ["Cat", "Thank you so much, Cat"],
      ["Ben", null],
      ["Ann", null],
    ]);
    expect(await saveReviewReply(t.db, owner, { reviewId: ids.Cat!, text: "Changed" })).toEqual({
      ok: false,
      reason: "final",
    });
    expect((await reply(ids.Cat!))!.text).toBe("Thank you so much, Cat");
    expect((await listPendingReplies(t.db)).total).toBe(0);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", ids.Cat!)
      .where("action", "=", "review_reply.published")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("a rejected reply stays off the profile, counts as awaiting a reply and can be written again", async () => {
    await saveReviewReply(t.db, owner, { reviewId: ids.Ben!, text: "Rude words" });
    expect(await moderateReply(t.db, { ...(await shown(ids.Ben!)), decision: "reject", adminId })).toBe(
      "moderated",
    );
    expect((await listProviderReviews(t.db, REG)).reviews.find((r) => r.id === ids.Ben)?.reply).toBeNull();
    expect((await getEnquiryCounts(t.db, REG)).unansweredReviews).toBe(2);
    expect(await saveReviewReply(t.db, owner, { reviewId: ids.Ben!, text: "Thanks, Ben" })).toEqual({
      ok: true,
      outcome: "updated",
    });
    expect(await reply(ids.Ben!)).toMatchObject({
      status: "pending",
      moderated_by: null,
      moderated_at: null,
    });
    expect((await getEnquiryCounts(t.db, REG)).unansweredReviews).toBe(1);
    expect(
      await moderateReply(t.db, {
        id: "nope",
        version: new Date().toISOString(),
        decision: "publish",
        adminId,
      }),
    ).toBe("already");
  });

  it("a reply edited after the admin's page was loaded is not published on the earlier words", async () => {
    await saveReviewReply(t.db, owner, { reviewId: ids.Ben!, text: "Harmless thanks" });
    const seen = await shown(ids.Ben!); // the admin's page
    await new Promise((r) => setTimeout(r, 5));
    await saveReviewReply(t.db, owner, { reviewId: ids.Ben!, text: "Something the admin never read" });
    expect(await moderateReply(t.db, { ...seen, decision: "publish", adminId })).toBe("changed");
    expect(await reply(ids.Ben!)).toMatchObject({ status: "pending", moderated_by: null });
    // Without the version (a form that does not say what it showed) nothing is decided either.
    expect(await moderateReply(t.db, { id: seen.id, version: "", decision: "publish", adminId })).toBe(
      "changed",
    );
    // Read again, it can be decided.
    expect(await moderateReply(t.db, { ...(await shown(ids.Ben!)), decision: "reject", adminId })).toBe(
      "moderated",
    );
  });
});
