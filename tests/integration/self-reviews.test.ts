/**
 * Decision 0261, through the routes themselves: a business does not review itself, and a used
 * review link tells the truth about its review.
 * - Its signed-in owner is refused (403, "You can't review your own business."), whatever address
 *   they type; the listing's own public address is refused to anyone. Nothing is stored or sent.
 * - The owner account's address typed by a visitor who is not signed in gets the same answer as
 *   any address (refusing it would reveal the account, decision 0410); confirmed, the review is
 *   marked in the moderation queue and its CSV export.
 * - A used link says what became of its review: waiting ("after a quick verification"), published,
 *   or, rejected or deleted, only that the link was used: never a promise that it will be shown.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { exportPendingReviews } from "~/modules/reviews/export-reviews.server";
import { listPendingReviews, moderateReview } from "~/modules/reviews/moderate-review.server";
import { CONFIRM_PROBLEMS } from "~/modules/reviews/review-confirmation";
import type { Config } from "~/platform/env.server";
import { createSessionRow, hashToken, newToken } from "~/platform/session.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/enquiries/review-confirm";
import { action as reviewAction } from "~/routes/enquiries/reviews";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "self-reviews-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "self-reviews-secret",
  isProduction: false,
} as Config;
const REG = "CBDU726101";
/** The listing's public address (on its profile) and its owner account's (private). */
const LISTING_EMAIL = "office@tidy-tips.example";
const OWNER_EMAIL = "sam.owner@gmail.com";
let adminId = "";
let ownerCookie = "";
let sameInboxCookie = "";
let customerCookie = "";
let ip = 0;

function context() {
  return routeContext({
    config,
    db: t.db,
    log,
    clientIp: `10.97.0.${++ip}`,
  });
}

type Answer = { data: unknown; init: ResponseInit | null };
const statusOf = (a: Answer) => a.init?.status ?? 200;

const sendReview = (fields: { name: string; email: string; text: string }, cookie?: string) =>
  reviewAction({
    request: new Request(`http://localhost:9999/enquiries/reviews/${REG}`, {
      method: "POST",
      body: new URLSearchParams({ rating: "5", ...fields }),
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params: { registrationNumber: REG },
    context: context(),
  } as never) as Promise<Answer>;

const openLink = (token: string) => {
  const url = new URL(`http://localhost:9999/enquiries/reviews/confirm?token=${encodeURIComponent(token)}`);
  return confirmLoader({
    request: new Request(url),
    params: {},
    context: context(),
    url,
  } as never) as Promise<Answer>;
};

const pressConfirm = (token: string) =>
  confirmAction({
    request: new Request("http://localhost:9999/enquiries/reviews/confirm", {
      method: "POST",
      body: new URLSearchParams({ token }),
    }),
    params: {},
    context: context(),
  } as never) as Promise<Answer>;

/** The newest confirmation link e-mailed to `email`, read from the e-mail's text. */
async function newestLink(email: string): Promise<string> {
  const mails = await t.db
    .selectFrom("email_outbox")
    .select("text")
    .where("to_address", "=", email)
    .where("template", "=", "review_confirmation")
    .orderBy("created_at")
    .execute();
  const token = /\/enquiries\/reviews\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
    mails.at(-1)?.text ?? "",
  )?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  return token;
}

/** Everything a review could leave behind: rows of either table, e-mails, the form's counters. */
async function traces() {
  const [reviews, waiting, mails, limits] = await Promise.all([
    t.db.selectFrom("reviews").selectAll().orderBy("id").execute(),
    t.db.selectFrom("unconfirmed_reviews").selectAll().orderBy("id").execute(),
    t.db.selectFrom("email_outbox").select(["to_address", "template"]).orderBy("id").execute(),
    t.db.selectFrom("rate_limits").selectAll().where("key", "like", "review-mail%").orderBy("key").execute(),
  ]);
  return { reviews, waiting, mails, limits };
}

const SPEC_THANKS = {
  variant: "success",
  title: "Review submitted",
  description: "Thank you for your feedback! We'll display your review after a quick verification.",
};

async function cookieFor(userId: string) {
  const { token } = await createSessionRow(t.db, { userId, mfaVerified: true });
  return (await serializeSessionCookie(config, token)).split(";")[0]!;
}

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertUser(t.db, { email: "admin@tidy-tips.example" })).id;
  const owner = await insertUser(t.db, { email: OWNER_EMAIL });
  await insertPremiumListing(t.db, REG, { user_id: owner.id, email: LISTING_EMAIL });
  ownerCookie = await cookieFor(owner.id);
  // Another account of the owner's inbox (Gmail ignores dots and +tags): the same person.
  sameInboxCookie = await cookieFor((await insertUser(t.db, { email: "sam.owner+alt@gmail.com" })).id);
  customerCookie = await cookieFor((await insertUser(t.db, { email: "carol@customer.example" })).id);
});
afterAll(() => t.destroy());

describe("a business does not review itself (decision 0261)", () => {
  it("its signed-in owner is refused, whatever address they type; nothing is stored or sent", async () => {
    const before = await traces();
    for (const [cookie, email] of [
      [ownerCookie, "a.friend@example.test"],
      [ownerCookie, OWNER_EMAIL],
      [sameInboxCookie, "another.friend@example.test"],
    ] as const) {
      const answer = await sendReview({ name: "Sam", email, text: "Best carrier in the county" }, cookie);
      expect(statusOf(answer)).toBe(403);
      expect(answer.data).toMatchObject({
        status: "error",
        toast: { title: "Review not accepted", description: "You can't review your own business." },
        formError: "You can't review your own business.",
      });
    }
    expect(await traces()).toEqual(before);
    // Another signed-in account reviews as before: it is the owner who is refused.
    const customer = await sendReview(
      { name: "Carol", email: "carol@customer.example", text: "Came on time" },
      customerCookie,
    );
    expect(answerOf(customer)).toEqual({ status: 200, toast: SPEC_THANKS });
  });

  it("the listing's own public address is refused to anyone, in any spelling; nothing is stored or sent", async () => {
    const before = await traces();
    for (const email of [LISTING_EMAIL, "Office+reviews@Tidy-Tips.example"]) {
      const answer = await sendReview({ name: "Happy Customer", email, text: "Five stars" });
      expect(statusOf(answer)).toBe(403);
      expect(answer.data).toMatchObject({
        status: "error",
        result: { error: { email: ["This is the business's own email address"] } },
        toast: {
          title: "Review not accepted",
          description:
            "This is the business's own email address, and a business can't review itself. Please use your own email address.",
        },
      });
    }
    expect(await traces()).toEqual(before);
  });

  it("the owner account's address typed anonymously is answered as any address, and marked for the moderator once confirmed", async () => {
    // To a visitor who is not signed in as it, the owner's account address looks like any other:
    // refusing it would tell a stranger that it has an account (decision 0410).
    const fromOwner = await sendReview({
      name: "Sam",
      email: "Sam.Owner+1@gmail.com",
      text: "Superb, honestly",
    });
    const fromStranger = await sendReview({ name: "Dee", email: "dee@customer.example", text: "Fair price" });
    expect(answerOf(fromOwner)).toEqual({ status: 200, toast: SPEC_THANKS });
    expect(answerOf(fromStranger)).toEqual(answerOf(fromOwner));

    // The link went to that inbox; confirmed, the review waits for moderation, marked.
    expect((await pressConfirm(await newestLink("sam.owner+1@gmail.com"))).data).toMatchObject({ ok: true });
    expect((await pressConfirm(await newestLink("dee@customer.example"))).data).toMatchObject({ ok: true });
    const queue = await listPendingReviews(t.db);
    const marks = Object.fromEntries(queue.reviews.map((r) => [r.reviewer_name, r.from_owner]));
    expect(marks).toEqual({ Sam: "owner-account", Dee: null });

    // The CSV export carries the same mark in its last column.
    const csv = exportPendingReviews(t.db);
    expect(csv.columns.at(-1)).toBe("From the business's owner");
    const rows: string[][] = [];
    for await (const batch of csv.batches) rows.push(...batch);
    expect(rows.map((r) => [r[3], r.at(-1)])).toEqual([
      ["Sam", "Owner's account email"],
      ["Dee", ""],
    ]);
  });

  it("a review written with the listing's address before the form refused it is marked, and its link adds nothing", async () => {
    // Written before this rule: a pending review of the business's own address (the queue marks it) ...
    await t.db
      .insertInto("reviews")
      .values({
        provider_id: REG,
        reviewer_name: "Old Office",
        reviewer_email: LISTING_EMAIL,
        reviewer_mailbox: LISTING_EMAIL,
        rating: 5,
        review_text: "Written by the office",
        confirmed_at: new Date(),
      })
      .execute();
    const queue = await listPendingReviews(t.db);
    expect(queue.reviews.find((r) => r.reviewer_name === "Old Office")?.from_owner).toBe("business-email");
    // ... and one still waiting for its link, which now cannot confirm it.
    const token = newToken();
    await t.db
      .insertInto("unconfirmed_reviews")
      .values({
        provider_id: REG,
        reviewer_name: "Office Again",
        reviewer_email: "office+2@tidy-tips.example",
        rating: 5,
        review_text: "Another one from the office",
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    for (const answer of [await openLink(token), await pressConfirm(token)]) {
      expect(statusOf(answer)).toBe(410);
      expect(answer.data).toEqual({ ok: false, problem: "business-email" });
    }
    expect(CONFIRM_PROBLEMS["business-email"].title).toBe("A business can't review itself");
    expect(
      await t.db.selectFrom("reviews").select("id").where("reviewer_name", "=", "Office Again").execute(),
    ).toEqual([]);
  });
});

describe("a used review link says what became of its review (decision 0261)", () => {
  /** A customer's review, sent and confirmed from the e-mail; its link. */
  async function confirmedReview(email: string, text: string) {
    await sendReview({ name: "Customer", email, text });
    const token = await newestLink(email);
    expect((await pressConfirm(token)).data).toMatchObject({ ok: true });
    const { id } = await t.db
      .selectFrom("reviews")
      .select("id")
      .where("reviewer_email", "=", email)
      .where("rejected_at", "is", null)
      .executeTakeFirstOrThrow();
    return { token, id };
  }

  /** What the link's page says, opened (GET) and pressed again (POST): both the same. */
  async function linkSays(token: string) {
    const opened = await openLink(token);
    const pressed = await pressConfirm(token);
    expect(pressed.data).toEqual(opened.data);
    expect(statusOf(pressed)).toBe(statusOf(opened));
    return { status: statusOf(opened), data: opened.data };
  }

  const promisesDisplay = (problem: keyof typeof CONFIRM_PROBLEMS) =>
    /display|will be shown|after a quick verification/i.test(CONFIRM_PROBLEMS[problem].text);

  it("waiting for moderation: the spec's promise; published: it is published", async () => {
    const { token, id } = await confirmedReview("erin@customer.example", "Tidy and quick");
    expect(await linkSays(token)).toEqual({ status: 200, data: { ok: false, problem: "confirmed" } });
    expect(CONFIRM_PROBLEMS.confirmed.text).toContain("we'll display your review after a quick verification");

    expect(await moderateReview(t.db, { id, decision: "publish", adminId })).toBe(true);
    expect(await linkSays(token)).toEqual({ status: 200, data: { ok: false, problem: "published" } });
    expect(CONFIRM_PROBLEMS.published).toEqual({
      title: "Your review is published",
      text: "This link has been used to confirm the review already, and the review has since been checked and published on the business's profile. There is nothing more to do.",
    });
  });

  it("rejected or deleted: only that the link was used, never a promise that it will be shown", async () => {
    const rejected = await confirmedReview("fred@customer.example", "Phone me on 07700 900123");
    expect(await moderateReview(t.db, { id: rejected.id, decision: "reject", adminId })).toBe(true);
    expect(await linkSays(rejected.token)).toEqual({ status: 200, data: { ok: false, problem: "used" } });

    const deleted = await confirmedReview("gina@customer.example", "Gone later");
    await t.db.deleteFrom("reviews").where("id", "=", deleted.id).execute();
    expect(await linkSays(deleted.token)).toEqual({ status: 200, data: { ok: false, problem: "used" } });

    expect(CONFIRM_PROBLEMS.used).toEqual({
      title: "This link has already been used",
      text: "This confirmation link has already been used, and it cannot be used again.",
    });
    expect(promisesDisplay("used")).toBe(false);
    expect(promisesDisplay("confirmed")).toBe(true);
  });
});

/** A form answer's status and toast. */
function answerOf(answer: Answer) {
  const data = answer.data as { toast?: unknown };
  return { status: statusOf(answer), toast: data.toast };
}
