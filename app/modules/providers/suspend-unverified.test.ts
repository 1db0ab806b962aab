/**
 * Decision 0269, on a real database: only a verified listing is suspended. An unverified one (a
 * pending claim's listing) is refused under its lock, with nothing changed, audited or e-mailed;
 * its claim is still approved or rejected as before. A suspended listing, verified or not (one
 * suspended before this rule), can always be reinstated.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { approveClaim } from "../claims/approve-claim.server";
import { submitClaim } from "../claims/submit-claim.server";
import { claimSubmission } from "../claims/test-support/claim-submission";
import { reinstateProvider } from "./reinstate-provider.server";
import { SUSPENSION_TEXT, suspendProvider } from "./suspend-provider.server";

const NOW = new Date("2030-02-01T10:00:00Z");
let t: TestDatabase;
let adminId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db)).id;
});
afterAll(() => t.destroy());

const listingOf = (number: string) =>
  t.db
    .selectFrom("claimed_listings")
    .select(["id", "verified", "suspended_at"])
    .where("registration_number", "=", number)
    .executeTakeFirstOrThrow();

const auditOf = async (listingId: string) =>
  (await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", listingId).execute()).map(
    (a) => a.action,
  );

describe("suspending a listing that is not verified", () => {
  it("refuses a pending claim's listing, changing and sending nothing; the claim is still approved", async () => {
    const number = "CBDU726901";
    const email = "pending-owner@suspend-unverified.example";
    await insertRegisterEntry(t.db, { registration_number: number, expiry_date: "2033-01-01" });
    const claim = await submitClaim(t.db, TEST_CONFIG, claimSubmission(number, email), { ip: "10.26.9.1" });
    if (claim.status !== "submitted") throw new Error(claim.status);
    const listing = await listingOf(number);
    expect(listing).toMatchObject({ verified: false, suspended_at: null });
    const mailsBefore = (await mailsTo(t.db, email)).length;

    const r = await suspendProvider(t.db, TEST_CONFIG, {
      listingId: listing.id,
      adminId,
      reason: "Looks odd",
      now: NOW,
    });
    expect(r).toEqual({ status: "not-verified", registrationNumber: number });
    expect(SUSPENSION_TEXT.notVerified(number)).toBe(
      `Only a verified listing can be suspended. ${number} is not verified: its claimed details are not on the public site. To refuse its claim, reject it on Claim Requests. Nothing changed.`,
    );
    expect(await listingOf(number)).toMatchObject({ verified: false, suspended_at: null });
    expect(await auditOf(listing.id)).toEqual([]);
    expect(await mailsTo(t.db, email)).toHaveLength(mailsBefore);

    // The claim is decided as usual; once verified, the listing can be suspended.
    expect(
      await approveClaim(t.db, TEST_CONFIG, {
        claimId: claim.claimId,
        adminId,
        plan: "standard",
        period: "monthly",
        freeTrial: true,
        now: NOW,
      }),
    ).toMatchObject({ status: "approved" });
    expect(
      await suspendProvider(t.db, TEST_CONFIG, { listingId: listing.id, adminId, reason: "Now verified" }),
    ).toMatchObject({ status: "done", registrationNumber: number });
    expect((await listingOf(number)).suspended_at).not.toBeNull();
  });

  it("reinstates an unverified listing suspended before this rule (and suspending it again is a no-op)", async () => {
    const number = "CBDU726902";
    const owner = await insertUser(t.db, { email: "old-suspension@suspend-unverified.example" });
    await insertRegisterEntry(t.db, { registration_number: number });
    const listing = await insertClaimedListing(t.db, {
      registration_number: number,
      user_id: owner.id,
      verified: false,
      suspended_at: new Date("2030-01-01T00:00:00Z"),
    });
    expect(
      await suspendProvider(t.db, TEST_CONFIG, { listingId: listing.id, adminId, reason: "Again" }),
    ).toEqual({ status: "unchanged" });
    expect(
      await reinstateProvider(t.db, TEST_CONFIG, { listingId: listing.id, adminId, reason: "Cleared" }),
    ).toMatchObject({ status: "done", registrationNumber: number });
    expect(await listingOf(number)).toMatchObject({ verified: false, suspended_at: null });
    expect(await auditOf(listing.id)).toEqual(["listing.reinstated"]);
    // Not suspended any more, still unverified: it cannot be suspended again.
    expect(
      await suspendProvider(t.db, TEST_CONFIG, { listingId: listing.id, adminId, reason: "Once more" }),
    ).toEqual({ status: "not-verified", registrationNumber: number });
  });
});
