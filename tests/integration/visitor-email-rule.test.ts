/**
 * Decision 0259, through the routes: the lead, quote, review and contact forms refuse an e-mail
 * "address" that a mail library reads as a list, a display name or a comment (`1,victim@x.test`
 * was delivered to victim@x.test alone while counting as another mailbox) with the field's own
 * message, and store, send and count nothing; an ordinary address with a +tag still goes through.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { dateChoices } from "~/modules/leads/constants";
import { log, tempStorage } from "~/modules/leads/test-support/enquiry-fixtures";
import { REVIEW_MESSAGES } from "~/modules/reviews/review-schema";
import type { Config } from "~/platform/env.server";
import { action as leadAction } from "~/routes/enquiries/lead";
import { action as quoteAction } from "~/routes/enquiries/quote";
import { action as reviewAction } from "~/routes/enquiries/reviews";
import { action as contactAction } from "~/routes/public/pages/contact";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const INVALID = "Please enter a valid email address";
const SMUGGLED = [
  "1,victim@x.test",
  "a;victim@x.test",
  "foo<victim@x.test>",
  "victim@x.test(x)",
  "victim@x.test,www.evil.example/prize",
];
const REG = "CBDU725901";
let t: TestDatabase;
const disk = tempStorage();
const config = {
  dataDir: path.join(os.tmpdir(), "visitor-email-rule-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "visitor-email-rule-secret",
  CONTACT_EMAIL: "support@example.test",
  isProduction: false,
} as Config;
let ip = 0;

function context() {
  return routeContext({
    config,
    db: t.db,
    storage: disk.storage,
    log,
    clientIp: `10.59.0.${++ip}`,
  });
}

function post(url: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://localhost:9999${url}`, { method: "POST", body });
}

/** The status and reply of an action's `data(...)` answer. */
function reply(answer: unknown) {
  const r = answer as { data: EnquiryReply; init: ResponseInit | null };
  return { status: r.init?.status ?? 200, body: r.data };
}

const FORMS = {
  lead: (email: string) =>
    leadAction({
      request: post("/enquiries/lead", {
        description: "Old sofa and two chairs",
        preferredDate: dateChoices(new Date())[2]!,
        name: "Ann Visitor",
        email,
        postcode: "M1 1AE",
      }),
      context: context(),
    } as never),
  quote: (email: string) =>
    quoteAction({
      request: post(`/enquiries/quote/${REG}`, { name: "Bob Visitor", email, message: "Two fridges" }),
      params: { registrationNumber: REG },
      context: context(),
    } as never),
  review: (email: string) =>
    reviewAction({
      request: post(`/enquiries/reviews/${REG}`, { name: "Rita", email, rating: "5", text: "Fair price" }),
      params: { registrationNumber: REG },
      context: context(),
    } as never),
  contact: (email: string) =>
    contactAction({
      request: post("/contact", { name: "Cal", email, subject: "Hello", message: "A question" }),
      context: context(),
    } as never),
};
const MESSAGE: Record<keyof typeof FORMS, string> = {
  lead: INVALID,
  quote: INVALID,
  review: REVIEW_MESSAGES.invalidEmail.description,
  contact: INVALID,
};

async function stored() {
  return {
    leads: await countRows(t.db, "general_leads"),
    quotes: await countRows(t.db, "quote_requests"),
    unconfirmed: await countRows(t.db, "unconfirmed_reviews"),
    reviews: await countRows(t.db, "reviews"),
    messages: await countRows(t.db, "contact_messages"),
    outbox: await countRows(t.db, "email_outbox"),
    limits: await countRows(t.db, "rate_limits"),
  };
}
const mailsTo = async (to: string) =>
  (await t.db.selectFrom("email_outbox").select("to_address").execute()).filter((r) =>
    r.to_address.includes(to),
  );

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, REG, { email: "owner@example.test" });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

describe("a visitor's e-mail address is one address", () => {
  for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[]) {
    it(`the ${form} form refuses an address list, a display name or a comment with the field's message, and stores, sends and counts nothing`, async () => {
      const before = await stored();
      for (const email of SMUGGLED) {
        const answer = reply(await FORMS[form](email));
        expect(answer.status, email).toBe(400);
        expect(answer.body.status).toBe("error");
        expect(answer.body.result?.error?.email, email).toEqual([MESSAGE[form]]);
        if (form === "review") expect(answer.body.toast?.title).toBe(REVIEW_MESSAGES.invalidEmail.title);
      }
      expect(await stored()).toEqual(before);
      expect(await mailsTo("victim")).toEqual([]);
    });
  }

  it("an ordinary address with a +tag still goes through each form", async () => {
    for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[]) {
      const answer = reply(await FORMS[form](`ann+${form}@example.co.uk`));
      expect(answer.body.result?.error ?? null, form).toBeNull();
      expect(answer.body.status, `${form} ${JSON.stringify(answer.body)}`).toBe("sent");
    }
    const after = await stored();
    expect(after).toMatchObject({ leads: 1, quotes: 1, unconfirmed: 1, messages: 1 });
    // The lead's and the quote's copies, and the review's confirmation link, each to the address.
    expect((await mailsTo("ann+")).map((r) => r.to_address).sort()).toEqual([
      "ann+lead@example.co.uk",
      "ann+quote@example.co.uk",
      "ann+review@example.co.uk",
    ]);
  });
});
