/**
 * Decision 0267, through the routes themselves: where a visitor has the review form (the profile,
 * the no-JavaScript reviews page), the business's signed-in owner is told there is none for them,
 * because the server would refuse their review (decision 0261).
 * - The profile's loader says `ownBusiness` for the account that manages the listing and for any
 *   account of that account's mailbox; never for a visitor, another account, or an owner of another
 *   listing. The owner's view is never offered to the page cache; everyone else's still is.
 * - The no-JavaScript reviews page says the same.
 * - The other way round (a page opened before signing in, a second tab, a direct POST): the server's
 *   refusal covers it, nothing is stored or sent, and the page the browser gets back without
 *   JavaScript has the notice, not the form again.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { isOwnBusiness } from "~/modules/reviews/is-own-business.server";
import { isBusinessOwner, OWN_BUSINESS_NOTICE } from "~/modules/reviews/own-business";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { loader as profileLoader } from "~/routes/public/provider";
import { action as reviewAction, loader as reviewsPageLoader } from "~/routes/enquiries/reviews";
import { PAGE_CACHE_TTL_HEADER } from "~/web/page-cache";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "own-listing-review-notice-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "own-listing-review-notice-secret",
  isProduction: false,
  MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png",
  MAP_TILE_ATTRIBUTION: "Tiles",
} as Config;
const REG = "CBDU726701";
/** Another premium listing, managed by another account. */
const OTHER_REG = "CBDU726702";
const LISTING_EMAIL = "office@tidy-bins.example";
const OWNER_EMAIL = "pat.owner@gmail.com";
const cookies = { owner: "", sameInbox: "", customer: "", otherOwner: "", listingAddress: "" };
let ownerId = "";
let otherOwnerId = "";
let ip = 0;

const context = () =>
  routeContext({ config, db: t.db, log, events: { record() {} } as never, clientIp: `10.98.0.${++ip}` });

type Answer = { data: unknown; init: ResponseInit | null };
const headersOf = (a: Answer) => new Headers(a.init?.headers);

const openProfile = (reg: string, cookie?: string) =>
  profileLoader({
    request: new Request(`http://localhost:9999/provider/${reg}`, {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params: { registrationNumber: reg },
    context: context(),
  } as never) as Promise<Answer>;

const openReviewsPage = (reg: string, cookie?: string) =>
  reviewsPageLoader({
    request: new Request(`http://localhost:9999/enquiries/reviews/${reg}`, {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params: { registrationNumber: reg },
    context: context(),
  } as never) as Promise<{ ownBusiness: boolean; registrationNumber: string }>;

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

async function cookieFor(userId: string) {
  const { token } = await createSessionRow(t.db, { userId, mfaVerified: true });
  return (await serializeSessionCookie(config, token)).split(";")[0]!;
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

beforeAll(async () => {
  t = await createTestDatabase();
  ownerId = (await insertUser(t.db, { email: OWNER_EMAIL })).id;
  otherOwnerId = (await insertUser(t.db, { email: "lee@other-bins.example" })).id;
  await insertPremiumListing(t.db, REG, { user_id: ownerId, email: LISTING_EMAIL });
  await insertPremiumListing(t.db, OTHER_REG, { user_id: otherOwnerId });
  cookies.owner = await cookieFor(ownerId);
  // Another account of the owner's inbox (Gmail ignores dots and +tags): the same person.
  cookies.sameInbox = await cookieFor((await insertUser(t.db, { email: "p.a.t.owner+two@gmail.com" })).id);
  cookies.customer = await cookieFor((await insertUser(t.db, { email: "cara@customer.example" })).id);
  cookies.otherOwner = await cookieFor(otherOwnerId);
  // An account of the listing's public address: not the owner account (see decision 0267).
  cookies.listingAddress = await cookieFor((await insertUser(t.db, { email: LISTING_EMAIL })).id);
});
afterAll(() => t.destroy());

describe("the business's signed-in owner is not offered the review form (decision 0267)", () => {
  it("the profile says so for the owner and any account of the owner's mailbox, and for no one else", async () => {
    const owner = await openProfile(REG, cookies.owner);
    expect(owner.data).toMatchObject({ requested: REG, ownBusiness: true });
    expect((await openProfile(REG, cookies.sameInbox)).data).toMatchObject({ ownBusiness: true });

    for (const cookie of [undefined, cookies.customer, cookies.otherOwner, cookies.listingAddress]) {
      expect((await openProfile(REG, cookie)).data).toMatchObject({ requested: REG, ownBusiness: false });
    }
    // The other owner is the business on their own profile, not on this one.
    expect((await openProfile(OTHER_REG, cookies.otherOwner)).data).toMatchObject({ ownBusiness: true });
    expect((await openProfile(OTHER_REG, cookies.owner)).data).toMatchObject({ ownBusiness: false });
  });

  it("the owner's view is never offered to the page cache; a visitor's still is", async () => {
    const visitor = await openProfile(REG);
    expect(headersOf(visitor).get(PAGE_CACHE_TTL_HEADER)).toBe("60");
    const owner = await openProfile(REG, cookies.owner);
    expect(headersOf(owner).has(PAGE_CACHE_TTL_HEADER)).toBe(false);
    // Another signed-in person's page may be offered (the cache itself keeps no page of a request
    // with a cookie, decision 0207): only the owner's view differs from a visitor's.
    expect(headersOf(await openProfile(REG, cookies.customer)).get(PAGE_CACHE_TTL_HEADER)).toBe("60");
  });

  it("the no-JavaScript reviews page says the same", async () => {
    expect(await openReviewsPage(REG, cookies.owner)).toMatchObject({
      registrationNumber: REG,
      ownBusiness: true,
    });
    expect(await openReviewsPage(REG, cookies.sameInbox)).toMatchObject({ ownBusiness: true });
    for (const cookie of [undefined, cookies.customer, cookies.otherOwner, cookies.listingAddress]) {
      expect(await openReviewsPage(REG, cookie)).toMatchObject({ ownBusiness: false });
    }
  });

  it("follows the listing's owner: after an owner change the new owner is the business, the previous one is not", async () => {
    await t.db
      .updateTable("claimed_listings")
      .set({ user_id: otherOwnerId })
      .where("registration_number", "=", REG)
      .execute();
    try {
      expect((await openProfile(REG, cookies.owner)).data).toMatchObject({ ownBusiness: false });
      expect((await openProfile(REG, cookies.otherOwner)).data).toMatchObject({ ownBusiness: true });
    } finally {
      await t.db
        .updateTable("claimed_listings")
        .set({ user_id: ownerId })
        .where("registration_number", "=", REG)
        .execute();
    }
    expect((await openProfile(REG, cookies.owner)).data).toMatchObject({ ownBusiness: true });
  });

  it("asks the database nothing for a visitor who is not signed in", async () => {
    const noDatabase = new Proxy(
      {},
      {
        get() {
          throw new Error("the database was asked");
        },
      },
    );
    expect(await isOwnBusiness(noDatabase as never, REG, null)).toBe(false);
    // The rule is the server's refusal's own: the owner account's mailbox, not the listing's address.
    const business = { listingEmail: LISTING_EMAIL, ownerEmail: OWNER_EMAIL };
    expect(isBusinessOwner("Pat.Owner+x@googlemail.com", business)).toBe(true);
    expect(isBusinessOwner("pat.owner@example.test", business)).toBe(false);
    expect(isBusinessOwner(LISTING_EMAIL, business)).toBe(false);
    expect(isBusinessOwner(null, business)).toBe(false);
    expect(OWN_BUSINESS_NOTICE.text("Tidy Bins Ltd")).toBe(
      "You're signed in as the owner of Tidy Bins Ltd, so the review form is not shown to you. Your customers still see it here.",
    );
  });
});

describe("the other way round: a form opened before signing in, a second tab, a direct POST", () => {
  it("is refused by the server whatever is typed; nothing is stored or sent; the page then has the notice", async () => {
    const before = await traces();
    // A page opened before signing in (or in another tab), sent once the session exists; a direct
    // POST with the owner's cookie is the same request.
    for (const [cookie, email] of [
      [cookies.owner, "a.customer@example.test"],
      [cookies.owner, "p.a.t.owner@gmail.com"],
      [cookies.sameInbox, "someone.else@example.test"],
    ] as const) {
      const answer = await sendReview({ name: "Pat", email, text: "Great service, five stars" }, cookie);
      expect(answer.init?.status).toBe(403);
      expect(answer.data).toMatchObject({
        status: "error",
        toast: { title: "Review not accepted", description: "You can't review your own business." },
        formError: "You can't review your own business.",
      });
    }
    expect(await traces()).toEqual(before);
    // Without JavaScript the browser then gets the reviews page again, its loader run for the same
    // person: the notice, not the form (the refusal's words and the notice's agree).
    expect(await openReviewsPage(REG, cookies.owner)).toMatchObject({ ownBusiness: true });
    expect(OWN_BUSINESS_NOTICE.title).toBe("You can't review your own business");
  });

  it("a signed-out owner with a stale owner's page is a visitor again: the form, and the server answers as for anyone", async () => {
    // Signed out in another tab: the cookie is gone, so the profile has the form again ...
    expect((await openProfile(REG)).data).toMatchObject({ ownBusiness: false });
    // ... and a review from a personal address, signed out, is answered like anyone's (decision 0261:
    // the server cannot know who it is; the moderator reads every review).
    const answer = await sendReview({
      name: "Pat",
      email: "pat.personal@example.test",
      text: "Lovely people",
    });
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toMatchObject({ status: "sent" });
  });
});
