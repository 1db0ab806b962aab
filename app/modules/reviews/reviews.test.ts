import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { log, parsedInput } from "../leads/test-support/enquiry-fixtures";
import { checkReviewLink, confirmReview } from "./confirm-review.server";
import { hasReviewed } from "./has-reviewed.server";
import { listProviderReviews } from "./list-reviews.server";
import { listPendingReviews, moderateReview } from "./moderate-review.server";
import { CONFIRM_PROBLEMS } from "./review-confirmation";
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
  await insertPremiumListing(t.db, "CBDU800004");
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
  now?: Date,
) =>
  submitReview(
    { db: t.db, log, config },
    { registrationNumber: reg, input: input(over), honeypot, ip: `10.2.0.${++ip}`, reviewer, now },
  );
/** What the browser that confirmed a review (or the signed-in owner of the e-mail) holds. */
const knowing = (reg: string, email: string): Reviewer => ({
  signedInEmail: null,
  marks: [reviewMark(config.sessionSecret, reg, email)],
});
const check = (reg: string, email: string, reviewer: Reviewer = ANONYMOUS_REVIEWER) =>
  hasReviewed(t.db, config.sessionSecret, { registrationNumber: reg, email, reviewer });
const mailsTo = (email: string, template: string) =>
  t.db
    .selectFrom("email_outbox")
    .select(["subject", "text", "html"])
    .where("to_address", "=", email)
    .where("template", "=", template)
    .orderBy("created_at")
    .execute();
const alreadyMails = (email: string) => mailsTo(email, "review_already_submitted");
const LINK = /http:\/\/localhost:9999\/enquiries\/reviews\/confirm\?token=([A-Za-z0-9_-]{43})/;
/** The token of the newest confirmation link e-mailed to `email`, read from the e-mail as a person would. */
async function newestLink(email: string): Promise<string> {
  const mails = await mailsTo(email, "review_confirmation");
  const token = LINK.exec(mails.at(-1)?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  return token;
}
const confirm = (token: string | null, now?: Date) => confirmReview(t.db, config, token, now);
/** Submits a review and confirms it from the e-mail; what confirming answered. */
async function submitAndConfirm(reg: string, over: Record<string, unknown> = {}) {
  expect((await submit(reg, over)).status).toBe("created");
  return confirm(await newestLink(input(over).email));
}
const reviewsOf = (reg: string, email: string) =>
  t.db
    .selectFrom("reviews")
    .selectAll()
    .where("provider_id", "=", reg)
    .where("reviewer_email", "=", email)
    .orderBy("created_at")
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

describe("submitting and confirming reviews (decision 0250)", () => {
  it("stores a review unconfirmed and e-mails its writer a link; until confirmed it is nowhere", async () => {
    const r = await submit("cbdu800001", { rating: "4" });
    expect(r).toEqual({ status: "created" });
    // Not a review yet: not in the moderation queue, not counted for 'already reviewed'.
    expect(await reviewsOf("CBDU800001", "rae@example.test")).toEqual([]);
    expect((await listPendingReviews(t.db)).total).toBe(0);
    expect(
      await check("CBDU800001", "rae@example.test", { signedInEmail: "rae@example.test", marks: [] }),
    ).toBe(false);
    const waiting = await t.db
      .selectFrom("unconfirmed_reviews")
      .selectAll()
      .where("reviewer_email", "=", "rae@example.test")
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ provider_id: "CBDU800001", rating: 4, confirmed_at: null });
    // Seven days to confirm.
    expect(waiting.expires_at.getTime() - waiting.created_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    // The e-mail: the link, and none of the words typed into the form (anyone can type an address).
    const [mail, ...more] = await mailsTo("rae@example.test", "review_confirmation");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Confirm your review of Business CBDU800001");
    const token = LINK.exec(mail!.text)![1]!;
    expect(mail!.html).toContain(`/enquiries/reviews/confirm?token=${token}`);
    expect(`${mail!.text}${mail!.html}`).not.toContain("Great job");
    // Only the token's hash is kept.
    expect(waiting.token_hash).not.toContain(token);
  });

  it("opening the link changes nothing; its button's POST makes it a pending review, once", async () => {
    const token = await newestLink("rae@example.test");
    const before = await t.db.selectFrom("unconfirmed_reviews").selectAll().execute();
    const opened = await checkReviewLink(t.db, token);
    expect(opened).toEqual({
      ok: true,
      review: {
        registrationNumber: "CBDU800001",
        businessName: "Business CBDU800001",
        reviewerName: "Rae",
        rating: 4,
        text: "Great job",
      },
    });
    // Opened twice (a mail scanner, then the person): still nothing written.
    expect((await checkReviewLink(t.db, token)).ok).toBe(true);
    expect(await t.db.selectFrom("unconfirmed_reviews").selectAll().execute()).toEqual(before);
    expect(await countRows(t.db, "reviews")).toBe(0);

    const confirmed = await confirm(token);
    expect(confirmed).toEqual({
      ok: true,
      registrationNumber: "CBDU800001",
      businessName: "Business CBDU800001",
      mark: reviewMark(config.sessionSecret, "CBDU800001", "rae@example.test"),
    });
    const [row] = await reviewsOf("CBDU800001", "rae@example.test");
    expect(row).toMatchObject({
      verified: false,
      rating: 4,
      reviewer_email: "rae@example.test",
      review_text: "Great job",
    });
    expect(row!.confirmed_at).toBeInstanceOf(Date);
    // In the moderation queue now, and still not shown until published.
    expect((await listPendingReviews(t.db)).reviews.map((r) => r.id)).toEqual([row!.id]);
    expect(await listProviderReviews(t.db, "CBDU800001")).toEqual({ reviews: [], count: 0, average: null });

    // A second click, or a second tab: refused, and says why.
    expect(await confirm(token)).toEqual({ ok: false, problem: "confirmed" });
    expect(await checkReviewLink(t.db, token)).toEqual({ ok: false, problem: "confirmed" });
    expect(await reviewsOf("CBDU800001", "rae@example.test")).toHaveLength(1);
    expect(CONFIRM_PROBLEMS.confirmed.title).toBe("This review is already confirmed");
  });

  it("a squatter's unconfirmed review does not block the owner of the address", async () => {
    const victim = "customer@example.test";
    // The business types its customer's address first, with a glowing review.
    expect(
      await submit("CBDU800002", { email: victim, name: "Happy Customer", rating: "5", text: "Best ever" }),
    ).toEqual({ status: "created" });
    const squattersLink = await newestLink(victim);
    // The real customer writes later: a review of their own, and a link of their own.
    expect(
      await submit("CBDU800002", { email: victim, name: "Real Customer", rating: "1", text: "Never came" }),
    ).toEqual({ status: "created" });
    const ownLink = await newestLink(victim);
    expect(ownLink).not.toBe(squattersLink);
    // Nothing tells the customer they have reviewed already: no such e-mail, nothing in the queue.
    expect(await alreadyMails(victim)).toEqual([]);
    expect(await reviewsOf("CBDU800002", victim)).toEqual([]);

    // The customer reads their own review on the page and confirms it.
    expect(await checkReviewLink(t.db, ownLink)).toMatchObject({ ok: true, review: { text: "Never came" } });
    expect((await confirm(ownLink)).ok).toBe(true);
    const queue = await listPendingReviews(t.db);
    expect(queue.reviews.filter((r) => r.reviewer_email === victim)).toMatchObject([
      { reviewer_name: "Real Customer", rating: 1, review_text: "Never came" },
    ]);
    // The squatter's link (were it ever opened) cannot add a second one.
    expect(await checkReviewLink(t.db, squattersLink)).toEqual({ ok: false, problem: "already" });
    expect(await confirm(squattersLink)).toEqual({ ok: false, problem: "already" });
    expect(await reviewsOf("CBDU800002", victim)).toHaveLength(1);
  });

  it("an expired link is refused and says so; a malformed or unknown one is not valid", async () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    const written = new Date(Date.now() - week - 60_000);
    expect(
      (
        await submit(
          "CBDU800001",
          { email: "late@example.test", text: "Slow to confirm" },
          null,
          ANONYMOUS_REVIEWER,
          written,
        )
      ).status,
    ).toBe("created");
    const token = await newestLink("late@example.test");
    expect(await checkReviewLink(t.db, token)).toEqual({ ok: false, problem: "expired" });
    expect(await confirm(token)).toEqual({ ok: false, problem: "expired" });
    expect(await reviewsOf("CBDU800001", "late@example.test")).toEqual([]);
    // Just before it expired, it would have worked.
    expect((await checkReviewLink(t.db, token, new Date(written.getTime() + week - 1000))).ok).toBe(true);
    expect(CONFIRM_PROBLEMS.expired.title).toBe("This confirmation link has expired");

    for (const bad of [null, "", "short", "x".repeat(43), `${token.slice(0, 42)}!`]) {
      expect(await checkReviewLink(t.db, bad)).toEqual({ ok: false, problem: "invalid" });
      expect(await confirm(bad)).toEqual({ ok: false, problem: "invalid" });
    }
  });

  it("a business that stopped taking reviews cannot get one through an old link", async () => {
    expect((await submit("CBDU800004", { email: "closed@example.test" })).status).toBe("created");
    await t.db
      .updateTable("claimed_listings")
      .set({ subscription_plan: "standard" })
      .where("registration_number", "=", "CBDU800004")
      .execute();
    const token = await newestLink("closed@example.test");
    expect(await checkReviewLink(t.db, token)).toEqual({ ok: false, problem: "closed" });
    expect(await confirm(token)).toEqual({ ok: false, problem: "closed" });
    expect(await countRows(t.db, "reviews")).toBe(2);
  });
});

describe("one live review per address, and who is told", () => {
  it("allows one per e-mail per provider, case-insensitively; a visitor who confirmed it is told, live too", async () => {
    // The browser that confirmed Rae's review (it holds its mark), or Rae signed in, is told.
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
    // Another provider: a review of its own.
    expect((await submitAndConfirm("CBDU800002")).ok).toBe(true);
  });

  it("sending a review proves nothing: only confirming from the e-mail gives a browser its mark", async () => {
    const result = await submit("CBDU800001", { email: "sender@example.test" });
    expect(result).toEqual({ status: "created" });
    expect(result).not.toHaveProperty("mark");
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

    // Submitting: both are received (the routes answer both alike), neither gives a mark.
    const dup = await submit("CBDU800001", { email: "rae@example.test", text: "Me again" });
    const fresh = await submit("CBDU800001", { email: "never@example.test" });
    expect(dup).toEqual({ status: "accepted" });
    expect(fresh).toEqual({ status: "created" });
    // The duplicate was not stored; Rae is told by e-mail, each time (within the mailbox's limit).
    expect((await reviewsOf("CBDU800001", "rae@example.test")).map((r) => r.review_text)).toEqual([
      "Great job",
    ]);
    expect(
      await t.db
        .selectFrom("unconfirmed_reviews")
        .select("id")
        .where("reviewer_email", "=", "rae@example.test")
        .where("review_text", "=", "Me again")
        .execute(),
    ).toEqual([]);
    // (Two hours on: this mailbox has had its 3 review e-mails of the hour.)
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(
      (
        await submit(
          "CBDU800001",
          { email: "rae@example.test", text: "And again" },
          null,
          ANONYMOUS_REVIEWER,
          later,
        )
      ).status,
    ).toBe("accepted");
    const mails = await alreadyMails("rae@example.test");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("You have already reviewed Business CBDU800001");
    expect(mails[0]!.text).toContain("http://localhost:9999/provider/CBDU800001");
    expect(await alreadyMails("never@example.test")).toEqual([]);
    expect(await mailsTo("never@example.test", "review_confirmation")).toHaveLength(1);
  });

  it("a mailbox gets at most 3 review e-mails an hour, whoever types it, reviewed or not", async () => {
    // An address with a live review and one without: the same answers, in the same order.
    expect((await submitAndConfirm("CBDU800001", { email: "boxed@example.test" })).ok).toBe(true);
    const answers = async (email: string) => {
      const got: string[] = [];
      for (const reg of ["CBDU800001", "CBDU800001", "CBDU800001"])
        got.push((await submit(reg, { email })).status);
      return got;
    };
    // boxed@ has had one e-mail (its link): two more, then no more.
    expect(await answers("BOXED@example.test")).toEqual(["accepted", "accepted", "mailbox-limited"]);
    expect((await submit("CBDU800001", { email: "open@example.test" })).status).toBe("created");
    expect(await answers("open+2@example.test")).toEqual(["created", "created", "mailbox-limited"]);
    expect(REVIEW_MESSAGES.mailboxLimited.description).toBe(
      "We have sent too many emails about reviews to this address recently. Please try again later.",
    );
    // Nothing was stored or sent for the refused ones.
    expect(
      await t.db
        .selectFrom("unconfirmed_reviews")
        .select("id")
        .where("reviewer_email", "like", "open%")
        .execute(),
    ).toHaveLength(3);
    // An hour later the mailbox may be e-mailed again.
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(
      (await submit("CBDU800002", { email: "open@example.test" }, null, ANONYMOUS_REVIEWER, later)).status,
    ).toBe("created");
  });

  it("is enforced by the database even when two links of one address are confirmed at once", async () => {
    const email = "race@example.test";
    expect((await submit("CBDU800002", { email, text: "First tab" })).status).toBe("created");
    const first = await newestLink(email);
    expect((await submit("CBDU800002", { email, text: "Second tab" })).status).toBe("created");
    const second = await newestLink(email);
    const results = await Promise.all([confirm(first), confirm(second)]);
    expect(results.map((r) => (r.ok ? "ok" : r.problem)).sort()).toEqual(["already", "ok"]);
    expect(await reviewsOf("CBDU800002", email)).toHaveLength(1);
    await expect(
      t.db
        .insertInto("reviews")
        .values({
          provider_id: "CBDU800002",
          reviewer_name: "X",
          reviewer_email: email,
          reviewer_mailbox: email,
          review_text: "again",
        })
        .execute(),
    ).rejects.toThrow(/reviews_one_per_mailbox|duplicate key/);
  });

  it("a rejected review no longer holds the place: its writer may write again, confirmed and moderated", async () => {
    const email = "second-try@example.test";
    expect(
      (await submitAndConfirm("CBDU800002", { email, text: "Call 07700 900000 for a cheaper job" })).ok,
    ).toBe(true);
    const [first] = await reviewsOf("CBDU800002", email);
    expect(await moderateReview(t.db, { id: first!.id, decision: "reject", adminId })).toBe(true);
    expect(await check("CBDU800002", email, knowing("CBDU800002", email))).toBe(false);
    expect(
      await submit("CBDU800002", { email, text: "On time and tidy." }, null, knowing("CBDU800002", email)),
    ).toEqual({
      status: "created",
    });
    expect((await confirm(await newestLink(email))).ok).toBe(true);
    const rows = await reviewsOf("CBDU800002", email);
    expect(rows.map((r) => [r.review_text, r.rejected_at !== null])).toEqual([
      ["Call 07700 900000 for a cheaper job", true],
      ["On time and tidy.", false],
    ]);
    expect(await check("CBDU800002", email, knowing("CBDU800002", email))).toBe(true);
  });

  it("refuses providers that are not claimed premium, and ignores the honeypot", async () => {
    expect(await submit("CBDU800003")).toEqual({ status: "not-found" });
    expect(await submit("CBDU800001", { email: "bot@example.test" }, "filled")).toEqual({
      status: "ignored",
    });
    expect(await check("CBDU800001", "bot@example.test", knowing("CBDU800001", "bot@example.test"))).toBe(
      false,
    );
    expect(await mailsTo("bot@example.test", "review_confirmation")).toEqual([]);
    expect(
      await t.db
        .selectFrom("unconfirmed_reviews")
        .select("id")
        .where("reviewer_email", "=", "bot@example.test")
        .execute(),
    ).toEqual([]);
  });
});

describe("moderating confirmed reviews", () => {
  it("publishing shows reviews newest first with average and count; rejecting hides one for good", async () => {
    for (const [email, rating] of [
      ["a@example.test", 5],
      ["b@example.test", 2],
      ["c@example.test", 4],
    ] as const) {
      expect(
        (await submitAndConfirm("CBDU800001", { email, rating: String(rating), name: email[0] })).ok,
      ).toBe(true);
    }
    const pending = await listPendingReviews(t.db);
    expect(pending.total).toBeGreaterThanOrEqual(4);
    expect(pending.reviews[0]!.business_name).toBe("Business CBDU800001");
    // Every review in the queue was confirmed by its writer.
    expect(pending.reviews.every((r) => r.confirmed_at instanceof Date)).toBe(true);
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

  it("reviews still waiting for confirmation are never in the queue, whatever their age", async () => {
    const waiting = await t.db
      .selectFrom("unconfirmed_reviews")
      .select(["id", "reviewer_email"])
      .where("confirmed_at", "is", null)
      .execute();
    expect(waiting.length).toBeGreaterThan(3);
    const queued = (await listPendingReviews(t.db, 500)).reviews;
    const queuedEmails = new Set(queued.map((r) => `${r.provider_id} ${r.reviewer_email}`));
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM reviews WHERE confirmed_at IS NULL`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    expect(queued.map((r) => r.review_text)).not.toContain("Best ever");
    expect(queuedEmails.has("CBDU800001 sender@example.test")).toBe(false);
  });
});

describe("one live review per mailbox (decision 0257)", () => {
  const HOUR = 60 * 60 * 1000;
  let hours = 100;
  /** Each submission a few hours after the last: one mailbox gets at most 3 review e-mails an hour. */
  const later = () => new Date(Date.now() + (hours += 3) * HOUR);
  const sendAs = (reg: string, email: string, reviewer: Reviewer = ANONYMOUS_REVIEWER, text = "Tidy job") =>
    submit(reg, { email, text }, null, reviewer, later());
  const liveOf = (reg: string, mailbox: string) =>
    t.db
      .selectFrom("reviews")
      .select(["id", "reviewer_email", "reviewer_mailbox", "review_text"])
      .where("provider_id", "=", reg)
      .where("reviewer_mailbox", "=", mailbox)
      .where("rejected_at", "is", null)
      .execute();

  it("'me+1@gmail.com' and 'm.e@gmail.com' after 'me@gmail.com' are already reviewed: one live review", async () => {
    // Three spellings of one Gmail inbox, each sent before any was confirmed: three links.
    expect(await sendAs("CBDU800001", "me@gmail.com", ANONYMOUS_REVIEWER, "First")).toEqual({
      status: "created",
    });
    const first = await newestLink("me@gmail.com");
    expect((await sendAs("CBDU800001", "Me+1@Gmail.com")).status).toBe("created");
    const plus = await newestLink("me+1@gmail.com");
    expect((await sendAs("CBDU800001", "m.e@gmail.com")).status).toBe("created");
    const dots = await newestLink("m.e@gmail.com");

    expect((await confirm(first)).ok).toBe(true);
    // The other two links: that inbox has a live review of the business now.
    for (const token of [plus, dots]) {
      expect(await checkReviewLink(t.db, token)).toEqual({ ok: false, problem: "already" });
      expect(await confirm(token)).toEqual({ ok: false, problem: "already" });
    }
    // The address is kept as typed; the mailbox beside it holds the place.
    expect(await liveOf("CBDU800001", "me@gmail.com")).toMatchObject([
      { reviewer_email: "me@gmail.com", reviewer_mailbox: "me@gmail.com", review_text: "First" },
    ]);

    // Sent again under other spellings: not stored, and the address told by e-mail (no link).
    expect(await sendAs("CBDU800001", "me+1@gmail.com")).toEqual({ status: "accepted" });
    expect(await sendAs("CBDU800001", "M.E+x@GoogleMail.com")).toEqual({ status: "accepted" });
    expect(await alreadyMails("me+1@gmail.com")).toHaveLength(1);
    expect(await alreadyMails("m.e+x@googlemail.com")).toHaveLength(1);
    expect(await mailsTo("m.e+x@googlemail.com", "review_confirmation")).toEqual([]);
    // The browser that confirmed it, or the inbox's signed-in owner, is told, whatever the spelling.
    const confirmedHere = knowing("CBDU800001", "me@gmail.com");
    expect(await sendAs("CBDU800001", "m.e@gmail.com", confirmedHere)).toEqual({ status: "already" });
    expect(await check("CBDU800001", "M.E+2@gmail.com", confirmedHere)).toBe(true);
    expect(
      await check("CBDU800001", "me+2@gmail.com", { signedInEmail: "m.e@googlemail.com", marks: [] }),
    ).toBe(true);
    // Anyone else is still told nothing (decision 0410).
    expect(await check("CBDU800001", "me+2@gmail.com")).toBe(false);
    expect(await liveOf("CBDU800001", "me@gmail.com")).toHaveLength(1);

    // And the database refuses a second live review of the inbox, or a mailbox not the address's.
    const direct = (email: string, mailbox: string) =>
      t.db
        .insertInto("reviews")
        .values({
          provider_id: "CBDU800001",
          reviewer_name: "X",
          reviewer_email: email,
          reviewer_mailbox: mailbox,
          review_text: "again",
        })
        .execute();
    await expect(direct("m.e+3@gmail.com", "me@gmail.com")).rejects.toThrow(
      /reviews_one_per_mailbox|duplicate key/,
    );
    await expect(direct("other@example.test", "me@gmail.com")).rejects.toThrow(
      /reviews_mailbox_of_email|check/,
    );
  });

  it("two spellings of one inbox confirmed at once give one review", async () => {
    expect((await sendAs("CBDU800002", "race.box@gmail.com")).status).toBe("created");
    const dotted = await newestLink("race.box@gmail.com");
    expect((await sendAs("CBDU800002", "racebox+tab@gmail.com")).status).toBe("created");
    const tagged = await newestLink("racebox+tab@gmail.com");
    const results = await Promise.all([confirm(dotted), confirm(tagged)]);
    expect(results.map((r) => (r.ok ? "ok" : r.problem)).sort()).toEqual(["already", "ok"]);
    expect(await liveOf("CBDU800002", "racebox@gmail.com")).toHaveLength(1);
  });

  it("another business is another place for the same inbox", async () => {
    expect(await sendAs("CBDU800002", "m.e+other@gmail.com")).toEqual({ status: "created" });
    expect((await confirm(await newestLink("m.e+other@gmail.com"))).ok).toBe(true);
    expect(await liveOf("CBDU800002", "me@gmail.com")).toMatchObject([
      { reviewer_email: "m.e+other@gmail.com", reviewer_mailbox: "me@gmail.com" },
    ]);
    expect(await liveOf("CBDU800001", "me@gmail.com")).toHaveLength(1);
  });

  it("a rejected review frees its inbox's place, whatever spelling comes next", async () => {
    const [review] = await liveOf("CBDU800001", "me@gmail.com");
    expect(await moderateReview(t.db, { id: review!.id, decision: "reject", adminId })).toBe(true);
    expect(await check("CBDU800001", "me@gmail.com", knowing("CBDU800001", "me@gmail.com"))).toBe(false);
    expect(await sendAs("CBDU800001", "m.e+again@gmail.com", ANONYMOUS_REVIEWER, "Second try")).toEqual({
      status: "created",
    });
    expect((await confirm(await newestLink("m.e+again@gmail.com"))).ok).toBe(true);
    expect(await liveOf("CBDU800001", "me@gmail.com")).toMatchObject([
      { reviewer_email: "m.e+again@gmail.com", review_text: "Second try" },
    ]);
    expect(await check("CBDU800001", "me@gmail.com", knowing("CBDU800001", "m.e+again@gmail.com"))).toBe(
      true,
    );
  });
});
