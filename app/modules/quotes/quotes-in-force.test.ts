/**
 * Decision 0260: a quote request goes only to a carrier whose registration is in force today.
 * An expired registration (still on the register) is refused with the profile banner's words,
 * storing and sending nothing; one expiring soon, or a lower tier one, is accepted; one taken off
 * the register (revoked, or not renewed and dropped by a full sync) is not found. Reviews of a
 * lapsed carrier stay possible. On both databases.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows, findRowId } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { formLimitKey } from "../leads/rate-limits";
import { file, log, parsedInput, PNG, tempStorage } from "../leads/test-support/enquiry-fixtures";
import { reviewSchema } from "../reviews/review-schema";
import { ANONYMOUS_REVIEWER } from "../reviews/reviewer.server";
import { submitReview } from "../reviews/submit-review.server";
import { peek } from "~/platform/rate-limit.server";
import { createQuoteRequest, getQuoteProvider } from "./create-quote.server";
import { quoteSchema } from "./quote-schema";
import { quotesClosedBy } from "./quote-registration";

/** Noon in London on 15 June 2026: "today" for these tests. */
const NOW = new Date("2026-06-15T11:00:00Z");
const REG = {
  expired: "CBDU726001", // expired yesterday
  expiresToday: "CBDU726002", // a registration expiring today is expired (spec section 4)
  expiringSoon: "CBDU726003", // 10 days left: "Expires in 10 days", still in force
  lower: "CBDL726004", // lower tier: never expires
  removed: "CBDU726005", // taken off the register
  longExpired: "CBDU726006", // expired in 2024, no e-mail either
} as const;

let t: TestDatabase;
const disk = tempStorage();

async function setRegistration(
  reg: string,
  set: { expiry_date?: string | null; registration_tier?: "UPPER" | "LOWER"; on_register?: boolean },
) {
  await t.db
    .updateTable("directory_entries")
    .set({ ...set, ...(set.on_register === false ? { removed_at: new Date("2026-06-01T00:00:00Z") } : {}) })
    .where("registration_number", "=", reg)
    .execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  for (const reg of Object.values(REG))
    await insertPremiumListing(t.db, reg, reg === REG.longExpired ? { email: null } : {});
  await setRegistration(REG.expired, { expiry_date: "2026-06-14" });
  await setRegistration(REG.expiresToday, { expiry_date: "2026-06-15" });
  await setRegistration(REG.expiringSoon, { expiry_date: "2026-06-25" });
  await setRegistration(REG.lower, { registration_tier: "LOWER", expiry_date: null });
  await setRegistration(REG.removed, { expiry_date: "2027-01-01", on_register: false });
  await setRegistration(REG.longExpired, { expiry_date: "2024-01-31" });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

let ip = 0;
const create = (reg: string, name: string, over: { photo?: File; now?: Date } = {}) =>
  createQuoteRequest(
    { db: t.db, storage: disk.storage, log },
    { publicUrl: "https://directory.example.org" },
    {
      registrationNumber: reg,
      input: parsedInput(quoteSchema, { name, email: "householder@example.test", message: "Old sofa" }),
      photo: over.photo ?? null,
      honeypot: null,
      ip: `10.26.0.${++ip}`,
      now: over.now ?? NOW,
    },
  );

/** What a refused request must leave untouched. */
async function stored() {
  return {
    quotes: await countRows(t.db, "quote_requests"),
    outbox: await countRows(t.db, "email_outbox"),
    files: fs.readdirSync(disk.dir, { recursive: true }).length,
  };
}

const EXPIRED_TEXT =
  "This carrier's registration has expired, so it can't take quote requests through the directory.";

describe("quote requests and the registration's state", () => {
  it("an expired registration still on the register is refused with the banner's words: nothing stored, e-mailed or counted", async () => {
    const before = await stored();
    const r = await create(REG.expired, "Ex Pired", { photo: file(PNG, "sofa.png", "image/png") });
    expect(r).toEqual({
      status: "not-in-force",
      closed: {
        title: "Expired Registration since 14 June 2026",
        description: EXPIRED_TEXT,
        short: "Registration expired: no quote requests",
      },
    });
    expect(await stored()).toEqual(before);
    expect(await findRowId(t.db, "quote_requests", "provider_id", REG.expired)).toBeUndefined();
    expect(await findRowId(t.db, "email_outbox", "subject", "%Ex Pired%", "like")).toBeUndefined();
    // Refused before the visitor's hourly allowance is touched.
    expect(await peek(t.db, formLimitKey("quote", `10.26.0.${ip}`))).toBe(0);
  });

  it("a registration expiring today is expired; one without an e-mail is told why too", async () => {
    const before = await stored();
    expect(await create(REG.expiresToday, "Last Day")).toMatchObject({
      status: "not-in-force",
      closed: { title: "Expired Registration since 15 June 2026", description: EXPIRED_TEXT },
    });
    expect(await create(REG.longExpired, "Long Gone")).toMatchObject({
      status: "not-in-force",
      closed: { title: "Expired Registration since 31 January 2024" },
    });
    expect(await stored()).toEqual(before);
  });

  it("a registration expiring soon takes requests until its expiry date, then not", async () => {
    const before = await stored();
    const r = await create(REG.expiringSoon, "Soon Sender");
    expect(r).toMatchObject({ status: "created", emailed: true, copy: "queued" });
    const after = await stored();
    expect(after.quotes).toBe(before.quotes + 1);
    expect(after.outbox).toBe(before.outbox + 2); // the business's e-mail and the visitor's copy
    expect(
      await findRowId(t.db, "email_outbox", "subject", "New Quote Request from Soon Sender"),
    ).toBeDefined();
    // The day before its expiry date it still does; on the day it does not.
    expect(
      await create(REG.expiringSoon, "Eve Sender", { now: new Date("2026-06-24T22:30:00Z") }),
    ).toMatchObject({
      status: "created",
    });
    expect(
      await create(REG.expiringSoon, "Day Sender", { now: new Date("2026-06-24T23:30:00Z") }),
    ).toMatchObject({
      status: "not-in-force",
    });
  });

  it("a lower tier registration (no expiry) takes requests", async () => {
    expect(await create(REG.lower, "Lower Sender")).toMatchObject({ status: "created" });
  });

  it("a registration taken off the register (revoked) is refused as not found, nothing stored", async () => {
    const before = await stored();
    expect(await create(REG.removed, "Revoked Sender")).toEqual({ status: "not-found" });
    expect(await stored()).toEqual(before);
  });

  it("the rule is registration.ts's: in force is valid (expiring soon too) or lower tier", () => {
    expect(quotesClosedBy({ expiry_date: "2026-06-16" }, NOW)).toBeNull();
    expect(quotesClosedBy({ expiry_date: "2026-06-15" }, NOW)?.title).toBe(
      "Expired Registration since 15 June 2026",
    );
    expect(quotesClosedBy({ expiry_date: "2020-01-01", registration_tier: "LOWER" }, NOW)).toBeNull();
    expect(
      quotesClosedBy({ expiry_date: "2030-01-01", on_register: false, removed_at: null }, NOW),
    ).toMatchObject({
      title: "No longer on the register",
    });
  });
});

describe("reviews of a lapsed carrier are unchanged", () => {
  it("the premium lookup the reviews share still finds an expired carrier, and a review is taken", async () => {
    expect((await getQuoteProvider(t.db, REG.expired))?.registration_number).toBe(REG.expired);
    const r = await submitReview(
      { db: t.db, log, config: { publicUrl: "http://localhost:9999", sessionSecret: "quotes-in-force" } },
      {
        registrationNumber: REG.expired,
        input: parsedInput(reviewSchema, {
          name: "Past Customer",
          email: "past@example.test",
          text: "Fly-tipped my sofa",
        }),
        honeypot: null,
        ip: "10.26.1.1",
        reviewer: ANONYMOUS_REVIEWER,
        now: NOW,
      },
    );
    expect(r).toEqual({ status: "created" });
  });
});
