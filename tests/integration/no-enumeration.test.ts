/**
 * Decision 0410, through the routes themselves: the claim wizard's submit, the review form's submit
 * and the live review check answer a stranger in exactly the same way whether or not the e-mail
 * typed has an account / has reviewed (same status, same headers apart from the e-mail itself,
 * same body).
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import type { Config } from "~/platform/env.server";
import { action as claimAction } from "~/routes/claims/claim";
import { loader as reviewCheck } from "~/routes/enquiries/review-check";
import { action as confirmAction } from "~/routes/enquiries/review-confirm";
import { action as reviewAction } from "~/routes/enquiries/reviews";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "no-enumeration-test"),
  publicUrl: "http://localhost:9999",
  EMAIL_CONFIRMATION: true,
  sessionSecret: "no-enumeration-secret",
  isProduction: false,
} as Config;
let ip = 0;

function context(clientIp = `10.99.0.${++ip}`) {
  return routeContext({
    config,
    db: t.db,
    log,
    clientIp,
  });
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const body = new URLSearchParams(fields);
  return new Request(`http://localhost:9999${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** What a visitor can observe of a response, with what they typed (e-mail, business) taken out. */
async function observed(response: unknown, ...typed: string[]) {
  const r = response as Response | { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
  const strip = (v: string) =>
    typed.reduce((acc, s) => acc.split(encodeURIComponent(s)).join("TYPED").split(s).join("TYPED"), v);
  if (r instanceof Response) {
    const headers = [...r.headers.entries()]
      .filter(([k]) => k !== "set-cookie")
      .map(([k, v]) => [k, strip(v)]);
    const cookies = r.headers.getSetCookie().map((c) => c.split("=")[0]);
    return { status: r.status, headers, cookies, body: strip(await r.text()) };
  }
  const init = r.init ?? {};
  const headers = new Headers(init.headers);
  const body = JSON.parse(strip(JSON.stringify(r.data)), (k, v) => (k === "version" ? "V" : v));
  return { status: init.status ?? 200, cookies: headers.getSetCookie().map((c) => c.split("=")[0]), body };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertUser(t.db, { email: "taken@example.test" });
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU700001", business_name: "FIRST CLAIM LTD", expiry_date: "2030-01-01" },
    { registration_number: "CBDU700002", business_name: "SECOND CLAIM LTD", expiry_date: "2030-01-01" },
  ]);
  await insertPremiumListing(t.db, "CBDU700010");
  await t.db
    .insertInto("reviews")
    .values({
      provider_id: "CBDU700010",
      reviewer_name: "Earlier",
      reviewer_email: "reviewed@example.test",
      review_text: "First",
    })
    .execute();
});
afterAll(() => t.destroy());

describe("the claim wizard's submit", () => {
  const claim = (number: string, email: string) =>
    claimAction({
      request: post(`/claim/${number}`, {
        intent: "submit",
        step: "3",
        contactName: "Sam Claimant",
        contactEmail: email,
        contactPhone: "01632 960000",
        password: "typed-pass-1",
        confirmPassword: "typed-pass-1",
        plan: "standard",
        period: "monthly",
      }),
      params: { registrationNumber: number },
      context: context(),
    } as never);

  it("answers the same for an e-mail with an account and a new one", async () => {
    const taken = await observed(
      await claim("CBDU700001", "taken@example.test"),
      "taken@example.test",
      "CBDU700001",
    );
    const fresh = await observed(
      await claim("CBDU700002", "fresh@example.test"),
      "fresh@example.test",
      "CBDU700002",
    );
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(302);
    expect(taken.headers).toContainEqual(["location", "/claim/TYPED/complete?email=TYPED"]);
    expect(taken.cookies).toEqual(["__toast"]);
  });
});

describe("the review form", () => {
  const review = (email: string, cookie?: string) =>
    reviewAction({
      request: post(
        "/enquiries/reviews/CBDU700010",
        { name: "Stranger", email, rating: "5", text: "Nice." },
        cookie,
      ),
      params: { registrationNumber: "CBDU700010" },
      context: context(),
    } as never);
  const check = async (email: string, cookie?: string) => {
    const request = new Request(
      `http://localhost:9999/enquiries/reviews/CBDU700010/check?email=${encodeURIComponent(email)}`,
      { headers: cookie ? { Cookie: cookie } : {} },
    );
    const response = (await reviewCheck({
      request,
      params: { registrationNumber: "CBDU700010" },
      context: context(),
      url: new URL(request.url),
    } as never)) as Response;
    return { status: response.status, body: await response.json() };
  };

  it("the live check tells a stranger nothing", async () => {
    expect(await check("reviewed@example.test")).toEqual({ status: 200, body: { reviewed: false } });
    expect(await check("not-reviewed@example.test")).toEqual({ status: 200, body: { reviewed: false } });
  });

  it("a submit answers the same for an e-mail that has reviewed and one that has not; only the browser that confirmed one from the e-mail is told", async () => {
    const dupResponse = (await review("reviewed@example.test")) as { init: ResponseInit };
    const dup = await observed(dupResponse, "reviewed@example.test");
    const freshResponse = (await review("not-reviewed@example.test")) as { init: ResponseInit };
    const fresh = await observed(freshResponse, "not-reviewed@example.test");
    expect(dup).toEqual(fresh);
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ status: "sent", toast: { title: "Review submitted" } });
    // No mark for sending: anyone can type an address (decision 0250).
    expect(dup.cookies).toEqual([]);
    expect(await check("not-reviewed@example.test")).toEqual({ status: 200, body: { reviewed: false } });

    // The owner of the address opens the e-mailed link and presses its button: that browser now holds
    // the mark, so it is told, and a second review is refused.
    const mail = await t.db
      .selectFrom("email_outbox")
      .select("text")
      .where("to_address", "=", "not-reviewed@example.test")
      .where("template", "=", "review_confirmation")
      .executeTakeFirstOrThrow();
    const token = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const confirmed = (await confirmAction({
      request: post("/enquiries/reviews/confirm", { token }),
      params: {},
      context: context(),
    } as never)) as { init: ResponseInit };
    const cookie = new Headers(confirmed.init.headers).getSetCookie()[0]!.split(";")[0]!;
    expect(cookie.startsWith("__reviews=")).toBe(true);
    expect(await check("not-reviewed@example.test", cookie)).toEqual({
      status: 200,
      body: { reviewed: true },
    });
    const again = await observed(
      await review("not-reviewed@example.test", cookie),
      "not-reviewed@example.test",
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: "error", toast: { title: "Already reviewed" } });
    // A forged or foreign cookie proves nothing.
    expect(await check("reviewed@example.test", "__reviews=forged")).toEqual({
      status: 200,
      body: { reviewed: false },
    });
    expect(await check("reviewed@example.test", cookie)).toEqual({ status: 200, body: { reviewed: false } });
  });
});
