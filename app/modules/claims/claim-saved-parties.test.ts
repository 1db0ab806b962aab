/**
 * Decision 0256, on a real database: saved sites and customers (decision 0710) belong to whoever
 * holds the registration's listing. A rejected claimant's are deleted with their unverified
 * listing, in the rejection's transaction, so the next claimant of the business finds none; an
 * unverified listing that passes to another account (a new claim over it, an approval for someone
 * else, an admin's owner change) loses its holder's rows and draft; an approved owner's rows stay,
 * through a rejection of someone else's claim and an admin's owner change alike. Migration 1066
 * deletes the rows left behind before: those of a registration without a claimed listing.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { migrationsDir } from "~/platform/db/migrate.server";
import { changeProviderOwner } from "../providers/change-owner.server";
import {
  createSavedParty,
  listSavedParties,
  updateSavedParty,
  type SavedPartyActor,
} from "../waste-notes/saved-parties.server";
import { addProvider } from "./add-provider.server";
import { approveClaim } from "./approve-claim.server";
import { rejectClaim } from "./reject-claim.server";
import { submitClaim } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";

let t: TestDatabase;
let adminId: string;

const SITE = {
  name: "Quarry Lane Transfer Station",
  authorisation: "EPR/AB1234CD",
  address: "Quarry Lane, Leeds",
  postcode: "LS9 8AA",
};
/** A customer a rejected claimant plants, with their own e-mail address. */
const PLANTED = {
  name: "Big Client Ltd",
  address: "1 High Street, Leeds",
  email: "rejected-claimant@planted.example",
  sicCode: "43320",
  originAddress: "Unit 4, Leeds",
};

/**
 * A claim (for a new business unless one is given), submitted by a new account signed in (the
 * sign-up's own limit is not what these tests are about); the claim and its claimant.
 */
async function claim(email: string, registrationNumber?: string) {
  const reg = registrationNumber ?? (await insertRegisterEntry(t.db)).registration_number;
  const account = await insertUser(t.db, { email });
  const r = await submitClaim(t.db, TEST_CONFIG, claimSubmission(reg, email), { account });
  if (r.status !== "submitted") throw new Error(r.status);
  return { claimId: r.claimId, actor: { userId: r.userId, registrationNumber: reg } };
}

/** One saved site and one saved customer of the company. */
async function saveBoth(actor: SavedPartyActor) {
  expect(await createSavedParty(t.db, "site", actor, SITE)).toMatchObject({ status: "saved" });
  const customer = await createSavedParty(t.db, "customer", actor, PLANTED);
  expect(customer).toMatchObject({ status: "saved" });
  return customer.status === "saved" ? customer.id : "";
}

async function savedCount(registrationNumber: string) {
  const [sites, customers] = await Promise.all([
    listSavedParties(t.db, "site", registrationNumber),
    listSavedParties(t.db, "customer", registrationNumber),
  ]);
  return { sites: sites.total, customers: customers.total };
}

const approve = (claimId: string) =>
  approveClaim(t.db, TEST_CONFIG, {
    claimId,
    adminId,
    plan: "standard",
    period: "monthly",
    freeTrial: true,
    // Ahead of the database clock, so that the trial's dates are too.
    now: new Date("2030-01-10T12:00:00Z"),
  });

const auditDetails = async (action: string, entityId: string) =>
  (
    await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", action)
      .where("entity_id", "=", entityId)
      .executeTakeFirstOrThrow()
  ).details;

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db, { email: "saved-parties-admin@example.test" })).id;
});
afterAll(async () => {
  await t?.destroy();
});

describe("a rejected claim", () => {
  it("takes the claimant's saved sites and customers with its listing; the next claimant sees none", async () => {
    const first = await claim("rejected-claimant@example.test");
    const reg = first.actor.registrationNumber;
    const customerId = await saveBoth(first.actor);
    expect(await savedCount(reg)).toEqual({ sites: 1, customers: 1 });

    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: first.claimId, adminId })).toMatchObject({
      status: "rejected",
    });
    expect(await savedCount(reg)).toEqual({ sites: 0, customers: 0 });
    expect(await auditDetails("claim.rejected", first.claimId)).toMatchObject({
      registrationNumber: reg,
      savedPartiesDeleted: { sites: 1, customers: 1 },
    });
    // The rejected claimant's page, loaded before, can no longer write under the registration.
    expect(await createSavedParty(t.db, "customer", first.actor, PLANTED)).toEqual({ status: "not_found" });
    expect(await updateSavedParty(t.db, "customer", first.actor, customerId, PLANTED)).toEqual({
      status: "not_found",
    });
    expect(await savedCount(reg)).toEqual({ sites: 0, customers: 0 });

    // The next claimant of the business starts with an empty address book, and keeps what they add.
    const second = await claim("next-claimant@example.test", reg);
    expect(await savedCount(reg)).toEqual({ sites: 0, customers: 0 });
    await saveBoth(second.actor);
    expect(await approve(second.claimId)).toMatchObject({ status: "approved" });
    expect(await savedCount(reg)).toEqual({ sites: 1, customers: 1 });
  });

  it("leaves an approved owner's rows alone, and another business's", async () => {
    const owner = await claim("approved-owner@example.test");
    await saveBoth(owner.actor);
    expect(await approve(owner.claimId)).toMatchObject({ status: "approved" });
    const other = await claim("other-claimant@example.test");
    await saveBoth(other.actor);

    // Rejecting a claim for the approved business that was never approved: nothing of the owner's goes.
    const stale = await t.db
      .insertInto("claim_requests")
      .values({
        registration_number: owner.actor.registrationNumber,
        user_id: (await insertUser(t.db)).id,
        contact_name: "Late Claimant",
        contact_email: "late-claimant@example.test",
        contact_phone: "0113 496 0001",
        status: "pending",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: stale.id, adminId })).toMatchObject({
      status: "rejected",
    });
    expect(await savedCount(owner.actor.registrationNumber)).toEqual({ sites: 1, customers: 1 });
    expect(await auditDetails("claim.rejected", stale.id)).not.toHaveProperty("savedPartiesDeleted");

    // An approved claim cannot be rejected: nothing changes either.
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: owner.claimId, adminId })).toEqual({
      status: "approved",
    });
    expect(await savedCount(owner.actor.registrationNumber)).toEqual({ sites: 1, customers: 1 });

    // Rejecting the other business's claim takes only that business's rows.
    await rejectClaim(t.db, TEST_CONFIG, { claimId: other.claimId, adminId });
    expect(await savedCount(other.actor.registrationNumber)).toEqual({ sites: 0, customers: 0 });
    expect(await savedCount(owner.actor.registrationNumber)).toEqual({ sites: 1, customers: 1 });
  });
});

describe("an owner change", () => {
  it("keeps an approved listing's rows: they are the business's records", async () => {
    const owner = await claim("handing-over@example.test");
    await saveBoth(owner.actor);
    expect(await approve(owner.claimId)).toMatchObject({ status: "approved" });
    const listing = await t.db
      .selectFrom("claimed_listings")
      .select("id")
      .where("registration_number", "=", owner.actor.registrationNumber)
      .executeTakeFirstOrThrow();
    expect(
      await changeProviderOwner(t.db, TEST_CONFIG, {
        listingId: listing.id,
        email: "new-manager@example.test",
        adminId,
      }),
    ).toMatchObject({ status: "done" });
    expect(await savedCount(owner.actor.registrationNumber)).toEqual({ sites: 1, customers: 1 });
  });

  it("deletes an unverified listing's rows and draft: they were its claimant's", async () => {
    const pending = await claim("pending-handed-away@example.test");
    await saveBoth(pending.actor);
    const listing = await t.db
      .updateTable("claimed_listings")
      .set({ draft: JSON.stringify({ businessName: "Claimant's Draft Name" }) })
      .where("registration_number", "=", pending.actor.registrationNumber)
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(
      await changeProviderOwner(t.db, TEST_CONFIG, {
        listingId: listing.id,
        email: "given-by-admin@example.test",
        adminId,
      }),
    ).toMatchObject({ status: "done" });
    expect(await savedCount(pending.actor.registrationNumber)).toEqual({ sites: 0, customers: 0 });
    const row = await t.db
      .selectFrom("claimed_listings")
      .select("draft")
      .where("id", "=", listing.id)
      .executeTakeFirstOrThrow();
    expect(row.draft).toBeNull();
    expect(await auditDetails("listing.owner_changed", listing.id)).toMatchObject({
      savedPartiesDeleted: { sites: 1, customers: 1 },
    });
  });
});

describe("an unverified listing left without a pending claim", () => {
  /** A listing whose claimant's account is gone (user_id set null), with their rows and draft. */
  async function orphan() {
    const entry = await insertRegisterEntry(t.db);
    const reg = entry.registration_number;
    const gone = await insertUser(t.db);
    await insertClaimedListing(t.db, {
      registration_number: reg,
      user_id: gone.id,
      verified: false,
      draft: JSON.stringify({ about: "The previous claimant's words" }),
    });
    await saveBoth({ userId: gone.id, registrationNumber: reg });
    await t.db.deleteFrom("users").where("id", "=", gone.id).execute();
    return reg;
  }

  it("passes to a new claimant without the previous holder's rows or draft", async () => {
    const reg = await orphan();
    const next = await claim("over-an-orphan@example.test", reg);
    expect(await savedCount(reg)).toEqual({ sites: 0, customers: 0 });
    const row = await t.db
      .selectFrom("claimed_listings")
      .select(["user_id", "draft"])
      .where("registration_number", "=", reg)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: next.actor.userId, draft: null });
  });

  it("is approved for an admin's Add Provider without the previous holder's rows or draft", async () => {
    const reg = await orphan();
    const added = await addProvider(t.db, TEST_CONFIG, {
      registrationNumber: reg,
      contactName: "Added By Admin",
      contactEmail: "added-by-admin@example.test",
      contactPhone: "0113 496 0002",
      plan: "standard",
      period: "monthly",
      freeTrial: true,
      adminId,
      now: new Date("2030-01-10T12:00:00Z"),
    });
    expect(added).toMatchObject({ status: "added", approval: { status: "approved" } });
    expect(await savedCount(reg)).toEqual({ sites: 0, customers: 0 });
    const row = await t.db
      .selectFrom("claimed_listings")
      .select(["verified", "about"])
      .where("registration_number", "=", reg)
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(true);
    expect(row.about).not.toBe("The previous claimant's words");
  });
});

describe("migration 1066", () => {
  it("deletes the rows of a registration without a claimed listing, and only those", async () => {
    const leftover = (await insertRegisterEntry(t.db)).registration_number;
    const held = await claim("still-holding@example.test");
    await saveBoth(held.actor);
    await t.db
      .insertInto("company_saved_sites")
      .values({ registration_number: leftover, name: SITE.name, address: SITE.address })
      .execute();
    await t.db
      .insertInto("company_saved_customers")
      .values({ registration_number: leftover, name: PLANTED.name, email: PLANTED.email })
      .execute();
    const file = fs.readdirSync(migrationsDir()).find((f) => f.startsWith("1066_"));
    expect(file).toBeDefined();
    await t.pool.query(fs.readFileSync(path.join(migrationsDir(), file!), "utf8"));
    expect(await savedCount(leftover)).toEqual({ sites: 0, customers: 0 });
    expect(await savedCount(held.actor.registrationNumber)).toEqual({ sites: 1, customers: 1 });
  });
});
