/**
 * Decision 0250, through the routes themselves: a review counts only once its writer confirms it
 * from the e-mail. Someone who types a customer's address first cannot take the customer's place;
 * opening the e-mailed link changes nothing (mail scanners open links), its button confirms; a
 * used, expired or unknown link is refused with a page that says why.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { listPendingReviews } from "~/modules/reviews/moderate-review.server";
import { CONFIRM_PROBLEMS } from "~/modules/reviews/review-confirmation";
import type { Config } from "~/platform/env.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/enquiries/review-confirm";
import { action as reviewAction } from "~/routes/enquiries/reviews";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "review-confirmation-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "review-confirmation-secret",
  isProduction: false,
} as Config;
const REG = "CBDU700020";
let ip = 0;

function context() {
  return routeContext({
    config,
    db: t.db,
    log,
    clientIp: `10.98.0.${++ip}`,
  });
}

type Answer = { data: unknown; init: ResponseInit | null };
const statusOf = (a: Answer) => a.init?.status ?? 200;
const headersOf = (a: Answer) => new Headers(a.init?.headers);

const sendReview = (fields: { name: string; email: string; text: string; rating?: string }) =>
  reviewAction({
    request: new Request(`http://localhost:9999/enquiries/reviews/${REG}`, {
      method: "POST",
      body: new URLSearchParams({ rating: "5", ...fields }),
    }),
    params: { registrationNumber: REG },
    context: context(),
  } as never) as Promise<Answer>;

/** GET of the link, as a mail scanner or the person's browser opens it. */
const openLink = (token: string) => {
  const url = new URL(`http://localhost:9999/enquiries/reviews/confirm?token=${encodeURIComponent(token)}`);
  return confirmLoader({
    request: new Request(url),
    params: {},
    context: context(),
    url,
  } as never) as Promise<Answer>;
};

/** The page's button. */
const pressConfirm = (token: string) =>
  confirmAction({
    request: new Request("http://localhost:9999/enquiries/reviews/confirm", {
      method: "POST",
      body: new URLSearchParams({ token }),
    }),
    params: {},
    context: context(),
  } as never) as Promise<Answer>;

/** The links e-mailed to `email`, oldest first, read from the e-mails' text. */
async function linksTo(email: string): Promise<string[]> {
  const mails = await t.db
    .selectFrom("email_outbox")
    .select("text")
    .where("to_address", "=", email)
    .where("template", "=", "review_confirmation")
    .orderBy("created_at")
    .execute();
  return mails.map((m) => /\/enquiries\/reviews\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]!);
}

/** What the database holds about reviews: compared before and after a GET. */
async function snapshot() {
  const [reviews, waiting] = await Promise.all([
    t.db.selectFrom("reviews").selectAll().orderBy("id").execute(),
    t.db.selectFrom("unconfirmed_reviews").selectAll().orderBy("id").execute(),
  ]);
  return { reviews, waiting };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, REG);
});
afterAll(() => t.destroy());

describe("the review confirmation link", () => {
  it("a squatter's review does not block the customer, whose page and e-mail tell the truth", async () => {
    const customer = "customer@example.test";
    // The business knows its customer's address and writes first.
    const squat = await sendReview({
      name: "Happy Customer",
      email: customer,
      text: "Five stars, best ever",
    });
    // Later, the customer's honest review.
    const own = await sendReview({
      name: "Real Customer",
      email: customer,
      text: "Never turned up",
      rating: "1",
    });
    for (const answer of [squat, own]) {
      expect(statusOf(answer)).toBe(200);
      expect(answer.data).toMatchObject({
        status: "sent",
        toast: {
          title: "Review submitted",
          description: "Thank you for your feedback! We'll display your review after a quick verification.",
        },
      });
    }
    // Each got its own link; neither is told "already reviewed"; neither is in the queue yet.
    const [squattersLink, customersLink] = await linksTo(customer);
    expect(squattersLink).toBeDefined();
    expect(customersLink).toBeDefined();
    const already = await t.db
      .selectFrom("email_outbox")
      .select("id")
      .where("to_address", "=", customer)
      .where("template", "=", "review_already_submitted")
      .execute();
    expect(already).toEqual([]);
    expect((await listPendingReviews(t.db)).total).toBe(0);

    // The customer opens their link: their own review is on the page; they confirm it.
    const page = await openLink(customersLink!);
    expect(page.data).toMatchObject({
      ok: true,
      review: { reviewerName: "Real Customer", text: "Never turned up" },
    });
    const done = await pressConfirm(customersLink!);
    expect(statusOf(done)).toBe(200);
    expect(done.data).toEqual({ ok: true, registrationNumber: REG, businessName: `Business ${REG}` });
    expect(headersOf(done).getSetCookie()[0]).toMatch(/^__reviews=/);
    const queue = await listPendingReviews(t.db);
    expect(queue.reviews.map((r) => [r.reviewer_name, r.review_text])).toEqual([
      ["Real Customer", "Never turned up"],
    ]);
    // The squatter's link now says the address has a review, and adds nothing.
    const squatted = await pressConfirm(squattersLink!);
    expect(statusOf(squatted)).toBe(410);
    expect(squatted.data).toEqual({ ok: false, problem: "already" });
    expect((await listPendingReviews(t.db)).total).toBe(1);
  });

  it("opening the link changes nothing, however often; it is not cached, indexed or passed on", async () => {
    await sendReview({ name: "Scanned", email: "scanned@example.test", text: "Opened by a scanner first" });
    const [token] = await linksTo("scanned@example.test");
    const before = await snapshot();
    for (let i = 0; i < 3; i++) {
      const opened = await openLink(token!);
      expect(statusOf(opened)).toBe(200);
      expect(opened.data).toMatchObject({ ok: true, token, review: { text: "Opened by a scanner first" } });
      expect(headersOf(opened).get("Cache-Control")).toBe("no-store");
      expect(headersOf(opened).get("Referrer-Policy")).toBe("no-referrer");
      expect(headersOf(opened).get("X-Robots-Tag")).toBe("noindex");
      expect(headersOf(opened).getSetCookie()).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await listPendingReviews(t.db)).reviews.map((r) => r.reviewer_name)).not.toContain("Scanned");
  });

  it("confirming twice is refused with a clear message; the review is added once", async () => {
    const [token] = await linksTo("scanned@example.test");
    expect((await pressConfirm(token!)).data).toMatchObject({ ok: true });
    const second = await pressConfirm(token!);
    expect(statusOf(second)).toBe(200);
    expect(second.data).toEqual({ ok: false, problem: "confirmed" });
    expect(headersOf(second).getSetCookie()).toEqual([]);
    const reopened = await openLink(token!);
    expect(statusOf(reopened)).toBe(200);
    expect(reopened.data).toEqual({ ok: false, problem: "confirmed" });
    expect(CONFIRM_PROBLEMS.confirmed).toEqual({
      title: "This review is already confirmed",
      text: "This link has been used to confirm the review already. There is nothing more to do: we'll display your review after a quick verification.",
    });
    const rows = await t.db
      .selectFrom("reviews")
      .select("id")
      .where("reviewer_email", "=", "scanned@example.test")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("an expired link is refused with a clear message and adds nothing", async () => {
    await sendReview({ name: "Late", email: "late@example.test", text: "Confirmed too late" });
    const [token] = await linksTo("late@example.test");
    await t.db
      .updateTable("unconfirmed_reviews")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("reviewer_email", "=", "late@example.test")
      .execute();
    for (const answer of [await openLink(token!), await pressConfirm(token!)]) {
      expect(statusOf(answer)).toBe(410);
      expect(answer.data).toEqual({ ok: false, problem: "expired" });
    }
    expect(CONFIRM_PROBLEMS.expired).toEqual({
      title: "This confirmation link has expired",
      text: "Confirmation links work for 7 days, and this review was not confirmed in time, so it will not be shown. Please write your review again.",
    });
    expect(
      await t.db
        .selectFrom("reviews")
        .select("id")
        .where("reviewer_email", "=", "late@example.test")
        .execute(),
    ).toEqual([]);
  });

  it("an unknown or malformed link is not valid (404)", async () => {
    for (const token of ["", "nonsense", "A".repeat(43)]) {
      const opened = await openLink(token);
      expect(statusOf(opened)).toBe(404);
      expect(opened.data).toEqual({ ok: false, problem: "invalid" });
      expect((await pressConfirm(token)).data).toEqual({ ok: false, problem: "invalid" });
    }
  });
});
