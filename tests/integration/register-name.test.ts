/**
 * Decision 0281, on PGlite and PostgreSQL: a verified owner renames the listing of a cheap lower
 * tier registration after a well-known carrier; every place that states the registration still
 * names its holder as the register does: the provider row (profile, licence check), the API's
 * provider and licence JSON, the link preview card, the profile's meta and JSON-LD. The rename is
 * published (the spec lets a verified listing's name override the register's) and audited.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { saveListingDetails } from "~/modules/company/update-listing.server";
import { getProvider } from "~/modules/directory/get-provider.server";
import { clearSearchCache } from "~/modules/directory/search-providers.server";
import { socialCardFor } from "~/modules/directory/social-cards.server";
import { searchPage } from "~/modules/directory/test-support/search";
import { createLogger } from "~/platform/logger.server";
import { profileMeta } from "~/web/profile-meta";
import { useApi } from "../../server/api";
import type { Env } from "../../server/http";

let t: TestDatabase;
const LOWER = "CBDL2810001";
const UPPER = "CBDU2810002";
const REGISTER_NAME = "SMALL YARD CLEARANCES";
const RENAMED = "Biffa Waste Services";
let ownerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntry(t.db, {
    registration_number: LOWER,
    business_name: REGISTER_NAME,
    registration_tier: "LOWER",
    town: "Renameford",
    postcode: "RF1 1AA",
  });
  // Same name in another letter case: not a trading name.
  await insertRegisterEntry(t.db, {
    registration_number: UPPER,
    business_name: "RECASED CARRIERS LTD",
    town: "Renameford",
    postcode: "RF1 1AB",
  });
  const owner = await insertUser(t.db);
  ownerId = owner.id;
  await insertClaimedListing(t.db, {
    registration_number: LOWER,
    user_id: owner.id,
    company_name: REGISTER_NAME,
  });
  await insertClaimedListing(t.db, {
    registration_number: UPPER,
    user_id: (await insertUser(t.db)).id,
    company_name: "Recased Carriers Ltd",
  });
  const outcome = await saveListingDetails(t.db, ownerId, {
    businessName: RENAMED,
    about: "Skips and clearances.",
    phone: null,
    email: null,
    services: [],
  });
  expect(outcome).toBe("published");
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

function api() {
  const app = new Hono<Env>();
  app.use(async (c, next) => {
    c.set("requestId", "test");
    await next();
  });
  useApi(app, t.db, createLogger("silent"));
  return app;
}

describe("a renamed listing keeps the register's name beside its own", () => {
  it("the provider row carries both: the name as displayed and the register's", async () => {
    const p = await getProvider(t.db, LOWER);
    expect(p).toMatchObject({ business_name: RENAMED, register_name: REGISTER_NAME, is_claimed: true });
    expect(await getProvider(t.db, UPPER)).toMatchObject({
      business_name: "Recased Carriers Ltd",
      register_name: "RECASED CARRIERS LTD",
    });
  });

  it("the licence check answers with the register's name", async () => {
    const result = await searchPage(t.db, `query=${LOWER}&type=registration`);
    expect(result.licence).toMatchObject({
      registration_number: LOWER,
      business_name: RENAMED,
      register_name: REGISTER_NAME,
    });
    // A search of the town lists it under both names too.
    const town = await searchPage(t.db, "query=Renameford&type=location&hideExpired=0");
    expect(town.providers.find((p) => p.registration_number === LOWER)).toMatchObject({
      business_name: RENAMED,
      register_name: REGISTER_NAME,
    });
  });

  it("the API's provider and licence JSON have register_name, the old fields unchanged", async () => {
    const res = await api().request(`/api/v1/providers?query=${LOWER}&type=registration`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.licence).toMatchObject({
      registration_number: LOWER,
      business_name: RENAMED,
      register_name: REGISTER_NAME,
      registration_tier: "LOWER",
    });
    expect(body.providers[0]).toMatchObject({ business_name: RENAMED, register_name: REGISTER_NAME });
    const town = await (await api().request("/api/v1/providers?query=Renameford&type=location")).json();
    for (const p of town.providers) expect(typeof p.register_name).toBe("string");
  });

  it("the link preview card, the meta description and the JSON-LD name the register's holder", async () => {
    const card = await socialCardFor(t.db, "provider", LOWER);
    expect(card).toMatchObject({ title: RENAMED });
    expect(card?.details[0]).toBe(`Trading name of ${REGISTER_NAME}`);
    const p = (await getProvider(t.db, LOWER))!;
    const meta = profileMeta(p, { publicUrl: "https://directory.example", reviews: null });
    expect(meta.description).toMatch(
      new RegExp(
        `^${RENAMED}, trading name of ${REGISTER_NAME} in Renameford: waste carrier registration ${LOWER}`,
      ),
    );
    expect(meta.jsonLd).toMatchObject({ name: RENAMED, legalName: REGISTER_NAME });
  });

  it("the rename is audited with the name it replaced", async () => {
    const rows = await t.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("action", "=", "listing.edited")
      .where("actor_user_id", "=", ownerId)
      .execute();
    expect(rows).toHaveLength(1);
    const details = typeof rows[0].details === "string" ? JSON.parse(rows[0].details) : rows[0].details;
    expect(details).toMatchObject({
      registrationNumber: LOWER,
      saved: "published",
      businessName: { from: REGISTER_NAME, to: RENAMED },
    });
  });
});
