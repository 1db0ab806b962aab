/**
 * Decision 0276, through the routes themselves: a business does not ask itself for a quote, and
 * its own visits are not its statistics.
 * - The profile and the no-JavaScript quote page say `ownBusiness` to the business's signed-in owner
 *   (the account that manages the listing, or any account of its mailbox: decision 0267's rule),
 *   who reads a notice in place of the quote request form; no one else does.
 * - The server refuses the owner's quote request (a page opened before signing in, a second tab, a
 *   direct POST): 403, nothing stored, sent or counted against the form's limit.
 * - The owner's view of their own profile is not counted, on any listing of theirs, and neither is
 *   a click on its phone number (which leaves the address's hour to the customers); everyone
 *   else's still is, and a reader who is not signed in costs no statement more.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log, parsedInput } from "~/modules/leads/test-support/enquiry-fixtures";
import { createQuoteRequest } from "~/modules/quotes/create-quote.server";
import { OWN_QUOTE_NOTICE, OWN_QUOTE_REFUSAL, OWN_QUOTES_PATH } from "~/modules/quotes/own-business";
import { quoteSchema } from "~/modules/quotes/quote-schema";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import type { Storage } from "~/platform/storage/storage.server";
import { loader as profileLoader } from "~/routes/public/provider";
import { loader as callLoader } from "~/routes/public/provider-call";
import { action as quoteAction, loader as quotePageLoader } from "~/routes/enquiries/quote";
import { PAGE_CACHE_EVENT_HEADER, PAGE_CACHE_TTL_HEADER } from "~/web/page-cache";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import {
  insertClaimedListing,
  insertPremiumListing,
  insertRegisterEntry,
  insertUser,
} from "#tests/support/builders";
import { statementsSent } from "#tests/support/statements-sent";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "own-listing-quotes-and-views-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "own-listing-quotes-and-views-secret",
  isProduction: false,
  MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png",
  MAP_TILE_ATTRIBUTION: "Tiles",
} as Config;
const REG = "CBDU727601";
/** Another premium listing, managed by another account. */
const OTHER_REG = "CBDU727602";
/** A claimed listing on the standard plan (no forms), managed by the owner of REG's mailbox. */
const STANDARD_REG = "CBDU727603";
const LISTING_EMAIL = "office@quote-bins.example";
const OWNER_EMAIL = "sam.owner@gmail.com";
const PHONE = "01632 960123";
const cookies = { owner: "", sameInbox: "", customer: "", otherOwner: "", listingAddress: "", standard: "" };
/** Nothing may be stored: a storage that fails if it is asked. */
const noStorage = new Proxy({} as Storage, {
  get() {
    throw new Error("the storage was asked");
  },
});

type Event = [string, string];
let events: Event[] = [];
let ip = 0;
const nextIp = () => `10.97.0.${++ip}`;
const context = (clientIp = nextIp()) =>
  routeContext({
    config,
    db: t.db,
    log,
    storage: noStorage,
    events: { record: (reg: string, action: string) => void events.push([reg, action]) } as never,
    clientIp,
  });

type Answer = { data: unknown; init: ResponseInit | null };
const headersOf = (a: Answer) => new Headers(a.init?.headers);
const cookieHeader = (cookie?: string, more: Record<string, string> = {}) =>
  cookie ? { Cookie: cookie, ...more } : more;

const openProfile = (reg: string, cookie?: string, headers: Record<string, string> = {}) =>
  profileLoader({
    request: new Request(`http://localhost:9999/provider/${reg}`, { headers: cookieHeader(cookie, headers) }),
    params: { registrationNumber: reg },
    context: context(),
  } as never) as Promise<Answer>;

const openQuotePage = (reg: string, cookie?: string) =>
  quotePageLoader({
    request: new Request(`http://localhost:9999/enquiries/quote/${reg}`, { headers: cookieHeader(cookie) }),
    params: { registrationNumber: reg },
    context: context(),
  } as never) as Promise<{ ownBusiness: boolean; registrationNumber: string; acceptsRequests: boolean }>;

const QUOTE = { name: "Sam", email: "a.customer@example.test", message: "Two fridges and a sofa" };
const sendQuote = (cookie?: string, fields: Record<string, string> = QUOTE) =>
  quoteAction({
    request: new Request(`http://localhost:9999/enquiries/quote/${REG}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: cookieHeader(cookie),
    }),
    params: { registrationNumber: REG },
    context: context(),
  } as never) as Promise<Answer>;

const clickPhone = (reg: string, cookie?: string, clientIp?: string) =>
  callLoader({
    request: new Request(`http://localhost:9999/provider/${reg}/call`, { headers: cookieHeader(cookie) }),
    params: { registrationNumber: reg },
    context: context(clientIp),
  } as never) as Promise<Response>;

async function cookieFor(userId: string) {
  const { token } = await createSessionRow(t.db, { userId, mfaVerified: true });
  return (await serializeSessionCookie(config, token)).split(";")[0]!;
}

/** Everything a quote request could leave behind: its rows, e-mails, the form's counters. */
async function traces() {
  const [quotes, mails, limits] = await Promise.all([
    t.db.selectFrom("quote_requests").selectAll().orderBy("id").execute(),
    t.db.selectFrom("email_outbox").select(["to_address", "template"]).orderBy("id").execute(),
    t.db.selectFrom("rate_limits").selectAll().orderBy("key").execute(),
  ]);
  return { quotes, mails, limits };
}

/** The statements that read accounts or sessions, of those `run` sends. */
async function accountStatements(run: () => Promise<unknown>) {
  const sent = await statementsSent(t.pool, run);
  return sent.map((s) => s.text).filter((text) => /\b(users|sessions)\b/.test(text));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const ownerId = (await insertUser(t.db, { email: OWNER_EMAIL })).id;
  const otherOwnerId = (await insertUser(t.db, { email: "lee@other-bins.example" })).id;
  await insertPremiumListing(t.db, REG, { user_id: ownerId, email: LISTING_EMAIL, phone: PHONE });
  await insertPremiumListing(t.db, OTHER_REG, { user_id: otherOwnerId, phone: PHONE });
  const standardOwnerId = (await insertUser(t.db, { email: "jo@standard-bins.example" })).id;
  await insertRegisterEntry(t.db, { registration_number: STANDARD_REG, is_claimed: true });
  await insertClaimedListing(t.db, {
    registration_number: STANDARD_REG,
    user_id: standardOwnerId,
    email: "hello@standard-bins.example",
    phone: PHONE,
    subscription_plan: "standard",
  });
  cookies.owner = await cookieFor(ownerId);
  // Another account of the owner's inbox (Gmail ignores dots and +tags): the same person.
  cookies.sameInbox = await cookieFor((await insertUser(t.db, { email: "s.a.m.owner+two@gmail.com" })).id);
  cookies.customer = await cookieFor((await insertUser(t.db, { email: "cara@customer.example" })).id);
  cookies.otherOwner = await cookieFor(otherOwnerId);
  // An account of the listing's public address: not the owner account (decision 0267).
  cookies.listingAddress = await cookieFor((await insertUser(t.db, { email: LISTING_EMAIL })).id);
  cookies.standard = await cookieFor(standardOwnerId);
});
afterAll(() => t.destroy());

describe("the business's signed-in owner is not offered the quote request form (decision 0276)", () => {
  it("the profile and the no-JavaScript quote page say so for the owner and any account of the owner's mailbox, and for no one else", async () => {
    for (const cookie of [cookies.owner, cookies.sameInbox]) {
      expect((await openProfile(REG, cookie)).data).toMatchObject({ requested: REG, ownBusiness: true });
      expect(await openQuotePage(REG, cookie)).toMatchObject({
        registrationNumber: REG,
        acceptsRequests: true,
        ownBusiness: true,
      });
    }
    for (const cookie of [undefined, cookies.customer, cookies.otherOwner, cookies.listingAddress]) {
      expect((await openProfile(REG, cookie)).data).toMatchObject({ ownBusiness: false });
      expect(await openQuotePage(REG, cookie)).toMatchObject({ acceptsRequests: true, ownBusiness: false });
    }
    expect(await openQuotePage(OTHER_REG, cookies.otherOwner)).toMatchObject({ ownBusiness: true });
    expect(await openQuotePage(OTHER_REG, cookies.owner)).toMatchObject({ ownBusiness: false });
    expect(OWN_QUOTE_NOTICE.text("Quote Bins Ltd")).toBe(
      "You're signed in as the owner of Quote Bins Ltd, so the quote request form is not shown to you. Your customers still see it here, and their requests are listed on your dashboard.",
    );
    expect(OWN_QUOTES_PATH).toBe("/company/quotes");
  });

  it("refuses the owner's quote request (a stale page, a second tab, a direct POST): 403, nothing stored, sent or counted", async () => {
    const before = await traces();
    for (const [cookie, email] of [
      [cookies.owner, "a.customer@example.test"],
      [cookies.owner, OWNER_EMAIL],
      [cookies.sameInbox, LISTING_EMAIL],
    ] as const) {
      const answer = await sendQuote(cookie, { ...QUOTE, email });
      expect(answer.init?.status).toBe(403);
      expect(answer.data).toMatchObject({
        status: "error",
        toast: {
          title: "Quote request not sent",
          description: "You can't request a quote from your own business.",
        },
        formError: "Quote request not sent: You can't request a quote from your own business.",
      });
    }
    expect(await traces()).toEqual(before);
    // Without JavaScript the browser then gets the quote page again for the same person: the notice.
    expect(await openQuotePage(REG, cookies.owner)).toMatchObject({ ownBusiness: true });
    expect(OWN_QUOTE_REFUSAL.title).toBe("Quote request not sent");
  });

  it("takes everyone else's, signed in or not, as before", async () => {
    const stored = () => t.db.selectFrom("quote_requests").where("provider_id", "=", REG).execute();
    const before = (await stored()).length;
    for (const cookie of [undefined, cookies.customer, cookies.listingAddress]) {
      const answer = await sendQuote(cookie);
      expect(answer.init?.status ?? 200).toBe(200);
      expect(answer.data).toMatchObject({ status: "sent" });
    }
    expect(await stored()).toHaveLength(before + 3);
  });

  it("the module refuses by the signed-in address only, before anything else is looked at", async () => {
    const args = { registrationNumber: REG, photo: null, honeypot: null, ip: nextIp() };
    const input = parsedInput(quoteSchema, {
      name: "Sam",
      email: "someone@example.test",
      message: "A mattress",
    });
    const create = (signedInEmail?: string | null) =>
      createQuoteRequest({ db: t.db, storage: noStorage, log }, config, { ...args, input, signedInEmail });
    expect(await create("Sam.Owner+q@googlemail.com")).toEqual({ status: "own-business" });
    expect(await create("cara@customer.example")).toMatchObject({ status: "created" });
    expect(await create(null)).toMatchObject({ status: "created" });
    expect(await create()).toMatchObject({ status: "created" });
  });
});

describe("the owner's own visits are not counted (decision 0276)", () => {
  it("a profile view is counted for everyone but the business's signed-in owner", async () => {
    events = [];
    await openProfile(REG, cookies.owner);
    await openProfile(REG, cookies.sameInbox);
    expect(events).toEqual([]);
    for (const cookie of [undefined, cookies.customer, cookies.otherOwner, cookies.listingAddress]) {
      await openProfile(REG, cookie);
    }
    expect(events).toEqual(Array.from({ length: 4 }, () => [REG, "view"]));
    // A crawler still is not counted; the other owner's own profile is theirs.
    events = [];
    await openProfile(REG, undefined, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await openProfile(OTHER_REG, cookies.otherOwner);
    expect(events).toEqual([]);
  });

  it("on a listing without the forms too; the owner's page carries no view event for the page cache", async () => {
    events = [];
    const owner = await openProfile(STANDARD_REG, cookies.standard);
    expect(owner.data).toMatchObject({ requested: STANDARD_REG, ownBusiness: true });
    expect(events).toEqual([]);
    expect(headersOf(owner).has(PAGE_CACHE_EVENT_HEADER)).toBe(false);
    expect(headersOf(owner).has(PAGE_CACHE_TTL_HEADER)).toBe(false);
    const visitor = await openProfile(STANDARD_REG);
    expect(visitor.data).toMatchObject({ ownBusiness: false });
    expect(events).toEqual([[STANDARD_REG, "view"]]);
    expect(headersOf(visitor).get(PAGE_CACHE_EVENT_HEADER)).toBe(`view ${STANDARD_REG}`);
  });

  it("a click on the listing's phone number is not counted for the owner, and leaves the address's hour to customers", async () => {
    events = [];
    const office = nextIp();
    const owner = await clickPhone(REG, cookies.owner, office);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("tel:01632960123");
    expect((await clickPhone(STANDARD_REG, cookies.standard, nextIp())).headers.get("Location")).toBe(
      "tel:01632960123",
    );
    expect(events).toEqual([]);
    expect(
      await t.db
        .selectFrom("rate_limits")
        .select("key")
        .where("key", "like", `phone-click:%${office}`)
        .execute(),
    ).toEqual([]);
    // A customer at the same address within the hour is counted, once; another account too.
    await clickPhone(REG, undefined, office);
    await clickPhone(REG, undefined, office);
    await clickPhone(REG, cookies.customer, nextIp());
    expect(events).toEqual([
      [REG, "phone_click"],
      [REG, "phone_click"],
    ]);
  });

  it("a reader who is not signed in costs no statement about accounts", async () => {
    expect(await accountStatements(() => openProfile(REG))).toEqual([]);
    expect(await accountStatements(() => openProfile(STANDARD_REG))).toEqual([]);
    expect(await accountStatements(() => clickPhone(REG, undefined, nextIp()))).toEqual([]);
    // The signed-in owner's are asked (the session, then the listing's owner).
    expect((await accountStatements(() => openProfile(REG, cookies.owner))).length).toBeGreaterThan(0);
  });
});
