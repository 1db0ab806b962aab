/**
 * Decision 0254: an account manages one listing, also when a claim reaches it signed out. A claim
 * made signed out with the address of an account that has a listing is still accepted exactly as
 * any other (decision 0410), its address is told it cannot be approved for that account, the
 * admin's review says so up front, and the approval refuses it, changing nothing. The same rule
 * (otherListingOf) holds for a second pending claim, Add Provider, the owner change and a review
 * page opened before the account got its other listing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAdmin,
  insertClaimedListing,
  insertClaimRequest,
  insertRegisterEntry,
  insertUser,
} from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { countRows } from "#tests/support/rows";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getCompanyListing } from "../company/company-listing.server";
import { changeProviderOwner, OWNER_TEXT } from "../providers/change-owner.server";
import { addProvider } from "./add-provider.server";
import { approveClaim } from "./approve-claim.server";
import { CLAIM_TEXT } from "./constants";
import { getClaim } from "./list-claims.server";
import { rejectClaim } from "./reject-claim.server";
import { submitClaim } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";

let t: TestDatabase;
let adminId: string;
const NOW = new Date("2030-01-10T12:00:00Z");
let ip = 0;
/** Each sign-up from an address of its own, so the sign-up limit per network never answers. */
const nextIp = () => `10.54.0.${++ip}`;

const business = (n: string, name: string) =>
  insertRegisterEntry(t.db, { registration_number: n, business_name: name, expiry_date: "2031-01-01" });

/** An account with an approved listing of `n`, named `company`. */
async function owner(email: string, n: string, company: string) {
  const user = await insertUser(t.db, { email });
  await insertRegisterEntry(t.db, {
    registration_number: n,
    business_name: `${company.toUpperCase()} LTD`,
    expiry_date: "2031-01-01",
    is_claimed: true,
  });
  const listing = await insertClaimedListing(t.db, {
    registration_number: n,
    user_id: user.id,
    company_name: company,
  });
  return { user, listing };
}

const approve = (claimId: string) =>
  approveClaim(t.db, TEST_CONFIG, {
    claimId,
    adminId,
    plan: "standard",
    period: "monthly",
    freeTrial: true,
    now: NOW,
  });

/** What changes when a claim is approved: the claim, its listing, the register row, mail, audit. */
async function approvalTraces(claimId: string, n: string, email: string) {
  const claim = await t.db
    .selectFrom("claim_requests")
    .select(["status", "reviewed_by"])
    .where("id", "=", claimId)
    .executeTakeFirstOrThrow();
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select(["user_id", "verified"])
    .where("registration_number", "=", n)
    .executeTakeFirst();
  const entry = await t.db
    .selectFrom("directory_entries")
    .select("is_claimed")
    .where("registration_number", "=", n)
    .executeTakeFirstOrThrow();
  const approvals = await t.db
    .selectFrom("audit_log")
    .select("id")
    .where("entity_id", "=", claimId)
    .where("action", "=", "claim.approved")
    .execute();
  return {
    claim,
    listing: listing ?? null,
    claimed: entry.is_claimed,
    approvals: approvals.length,
    mails: (await mailsTo(t.db, email)).length,
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db, { email: "one-listing-admin@example.test" })).id;
});
afterAll(() => t.destroy());

describe("a claim made signed out for an account that already has a listing", () => {
  it("is answered as any other, its address is told, the review warns and the approval refuses it, changing nothing", async () => {
    const { user, listing } = await owner("busy-owner@example.test", "CBDU540001", "Busy Skips");
    await business("CBDU540002", "SECOND SITE LTD");
    await business("CBDU540003", "FRESH SITE LTD");

    const existing = await submitClaim(
      t.db,
      TEST_CONFIG,
      claimSubmission("CBDU540002", "Busy-Owner@Example.test"),
      { ip: nextIp(), now: NOW },
    );
    const fresh = await submitClaim(
      t.db,
      TEST_CONFIG,
      claimSubmission("CBDU540003", "nobody-yet@example.test"),
      { ip: nextIp(), now: NOW },
    );
    // The visitor's answer (status, "check your e-mail", the address shown) is the same (0410).
    const answer = (r: typeof existing) =>
      r.status === "submitted"
        ? {
            status: r.status,
            needsConfirmation: r.needsConfirmation,
            email: r.email.replace(/@.*/, ""),
          }
        : r;
    expect(answer(existing)).toEqual({ ...answer(fresh), email: "busy-owner" });
    if (existing.status !== "submitted") throw new Error(existing.status);
    expect(existing.userId).toBe(user.id);

    // The address's owner reads that this claim cannot be approved for their account, and what to do.
    const [mail, ...more] = await mailsTo(t.db, "busy-owner@example.test");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      template: "claim_existing_account",
      subject: "Your claim for SECOND SITE LTD",
    });
    expect(mail!.text).toContain(
      "You already have an account with us, and it already manages Busy Skips (CBDU540001).",
    );
    expect(mail!.text).toContain(
      "One account manages one listing, so we cannot approve this claim for your account.",
    );
    expect(mail!.text).toContain("Contact us: http://localhost:9999/contact");
    expect(mail!.text).not.toContain("Sign in to see your claim");

    // The admin's review says so before anyone clicks, in the words of the refusal.
    const other = { registrationNumber: "CBDU540001", businessName: "Busy Skips", verified: true };
    expect(await getClaim(t.db, existing.claimId)).toMatchObject({ status: "pending", otherListing: other });
    expect(CLAIM_TEXT.accountHasListing(other)).toBe(
      "This account already manages Busy Skips (CBDU540001). One account manages one listing: reject this claim or move the other listing first.",
    );
    if (fresh.status !== "submitted") throw new Error(fresh.status);
    expect(await getClaim(t.db, fresh.claimId)).toMatchObject({ otherListing: null });

    // Approving is refused, and nothing changes: no listing verified, no e-mail, no audit row.
    const before = await approvalTraces(existing.claimId, "CBDU540002", "busy-owner@example.test");
    expect(before).toMatchObject({
      claim: { status: "pending", reviewed_by: null },
      listing: { user_id: user.id, verified: false },
      claimed: false,
      approvals: 0,
    });
    expect(await approve(existing.claimId)).toEqual({ status: "other-listing", other });
    expect(await approvalTraces(existing.claimId, "CBDU540002", "busy-owner@example.test")).toEqual(before);
    expect(await getCompanyListing(t.db, user.id)).toMatchObject({ id: listing.id, verified: true });

    // Rejecting it (what the warning asks) leaves the account its one listing.
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: existing.claimId, adminId })).toMatchObject({
      status: "rejected",
    });
    expect(
      await t.db
        .selectFrom("claimed_listings")
        .select("registration_number")
        .where("user_id", "=", user.id)
        .execute(),
    ).toEqual([{ registration_number: "CBDU540001" }]);
    // The other claim's account had nothing else: it is approved as before.
    expect(await approve(fresh.claimId)).toMatchObject({ status: "approved" });
  });

  it("a second pending claim: first come, first served; the later one is refused while the first waits, and once it is approved", async () => {
    await business("CBDU540011", "FIRST PENDING LTD");
    await business("CBDU540012", "SECOND PENDING LTD");
    const first = await submitClaim(t.db, TEST_CONFIG, claimSubmission("CBDU540011", "twice@example.test"), {
      ip: nextIp(),
      now: NOW,
    });
    const later = new Date(NOW.getTime() + 60_000);
    const second = await submitClaim(t.db, TEST_CONFIG, claimSubmission("CBDU540012", "twice@example.test"), {
      ip: nextIp(),
      now: later,
    });
    if (first.status !== "submitted" || second.status !== "submitted") throw new Error("not submitted");
    expect(second.userId).toBe(first.userId);
    const told = await mailsTo(t.db, "twice@example.test");
    expect(told.map((m) => m.template)).toEqual(["confirm_email", "claim_existing_account"]);
    expect(told[1]!.text).toContain(
      "and it already has a claim for FIRST PENDING LTD (CBDU540011) waiting for review.",
    );

    const firstPending = {
      registrationNumber: "CBDU540011",
      businessName: "FIRST PENDING LTD",
      verified: false,
    };
    // The first claim is not held up by the one made after it (a claim in someone's name, say).
    expect(await getClaim(t.db, first.claimId)).toMatchObject({ otherListing: null });
    expect(await getClaim(t.db, second.claimId)).toMatchObject({ otherListing: firstPending });
    expect(CLAIM_TEXT.accountHasListing(firstPending)).toBe(
      "This account already has a pending claim for FIRST PENDING LTD (CBDU540011). One account manages one listing: reject one of the two claims first.",
    );
    // Two admins approving both at once: the first claim goes through, the later one is refused
    // (seeing the first still pending, or already approved, whichever took the address's lock first).
    const [a, b] = await Promise.all([approve(first.claimId), approve(second.claimId)]);
    expect(a).toMatchObject({ status: "approved", userId: first.userId });
    expect(b).toMatchObject({ status: "other-listing", other: { registrationNumber: "CBDU540011" } });
    expect(await approve(second.claimId)).toEqual({
      status: "other-listing",
      other: { ...firstPending, verified: true },
    });
    expect(await getCompanyListing(t.db, first.userId)).toMatchObject({
      registrationNumber: "CBDU540011",
      verified: true,
    });
    expect(
      await t.db
        .selectFrom("claimed_listings")
        .select("registration_number")
        .where("user_id", "=", first.userId)
        .where("verified", "=", true)
        .execute(),
    ).toEqual([{ registration_number: "CBDU540011" }]);
  });

  it("a review opened before the account got another listing (an owner change): the approval still refuses", async () => {
    await business("CBDU540021", "STALE PAGE LTD");
    const claimant = await submitClaim(
      t.db,
      TEST_CONFIG,
      claimSubmission("CBDU540021", "stale@example.test"),
      {
        ip: nextIp(),
        now: NOW,
      },
    );
    if (claimant.status !== "submitted") throw new Error(claimant.status);
    // What the admin's page showed when they opened it: no warning.
    expect(await getClaim(t.db, claimant.claimId)).toMatchObject({ otherListing: null });
    // Meanwhile the owner change refuses to give that account a listing: its claim is pending.
    const { listing } = await owner("handing-over@example.test", "CBDU540022", "Handed Over");
    const pending = { registrationNumber: "CBDU540021", businessName: "STALE PAGE LTD", verified: false };
    expect(
      await changeProviderOwner(t.db, TEST_CONFIG, {
        listingId: listing.id,
        email: "stale@example.test",
        adminId,
        now: NOW,
      }),
    ).toEqual({ status: "invalid", error: OWNER_TEXT.other(pending) });
    expect(OWNER_TEXT.other(pending)).toBe(
      "That account already has a pending claim for STALE PAGE LTD (CBDU540021); an account manages one listing",
    );
    // A listing given to the account another way (here, by hand) after the page was opened.
    await t.db
      .updateTable("claimed_listings")
      .set({ user_id: claimant.userId })
      .where("id", "=", listing.id)
      .execute();
    const other = { registrationNumber: "CBDU540022", businessName: "Handed Over", verified: true };
    expect(await approve(claimant.claimId)).toEqual({ status: "other-listing", other });
    expect(await approvalTraces(claimant.claimId, "CBDU540021", "stale@example.test")).toMatchObject({
      claim: { status: "pending" },
      listing: { verified: false },
      approvals: 0,
    });
  });
});

describe("admin paths that give a listing to an address", () => {
  it("Add Provider refuses an address whose account has a listing, recording nothing; an admin-made claim for it is refused at approval", async () => {
    const { user } = await owner("phoned-owner@example.test", "CBDU540031", "Phoned Owner");
    await business("CBDU540032", "PHONED SECOND LTD");
    const claims = await countRows(t.db, "claim_requests");
    const r = await addProvider(t.db, TEST_CONFIG, {
      registrationNumber: "CBDU540032",
      contactName: "Sam Phoned",
      contactEmail: " Phoned-Owner@example.test ",
      contactPhone: "0113 496 0001",
      plan: "standard",
      period: "monthly",
      freeTrial: true,
      adminId,
      now: NOW,
    });
    const other = { registrationNumber: "CBDU540031", businessName: "Phoned Owner", verified: true };
    expect(r).toEqual({ status: "other-listing", other });
    expect(CLAIM_TEXT.addressHasListing(other)).toBe(
      "That account already manages Phoned Owner (CBDU540031); an account manages one listing",
    );
    expect(await countRows(t.db, "claim_requests")).toBe(claims);
    expect(await mailsTo(t.db, user.email)).toEqual([]);

    // A claim recorded for that address without an account link (as Add Provider records them).
    const claim = await insertClaimRequest(t.db, {
      registration_number: "CBDU540032",
      contact_email: "phoned-owner@example.test",
    });
    expect(await getClaim(t.db, claim.id)).toMatchObject({ otherListing: other });
    expect(await approve(claim.id)).toEqual({ status: "other-listing", other });
    expect(await approvalTraces(claim.id, "CBDU540032", user.email)).toEqual({
      claim: { status: "pending", reviewed_by: null },
      listing: null,
      claimed: false,
      approvals: 0,
      mails: 0,
    });
  });

  it("two Add Providers at once for an address with no account yet: one goes through, the other is refused", async () => {
    await business("CBDU540051", "NEW ADDRESS ONE LTD");
    await business("CBDU540052", "NEW ADDRESS TWO LTD");
    const add = (registrationNumber: string) =>
      addProvider(t.db, TEST_CONFIG, {
        registrationNumber,
        contactName: "Nia New",
        contactEmail: "brand-new@example.test",
        contactPhone: "0113 496 0002",
        plan: "standard",
        period: "monthly",
        freeTrial: true,
        adminId,
        now: NOW,
      });
    const results = await Promise.all([add("CBDU540051"), add("CBDU540052")]);
    const verified = await t.db
      .selectFrom("claimed_listings as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select("c.registration_number")
      .where("u.email", "=", "brand-new@example.test")
      .where("c.verified", "=", true)
      .execute();
    expect(verified).toHaveLength(1);
    const approved = results.filter((r) => r.status === "added" && r.approval.status === "approved");
    expect(approved).toHaveLength(1);
  });

  it("an approval and an owner change giving one account two listings at once: one goes through, the other is refused", async () => {
    const account = await insertUser(t.db, { email: "wanted@example.test" });
    await business("CBDU540041", "RACE CLAIM LTD");
    const claim = await insertClaimRequest(t.db, {
      registration_number: "CBDU540041",
      contact_email: "wanted@example.test",
    });
    const { listing } = await owner("racing-owner@example.test", "CBDU540042", "Race Listing");
    const [approval, change] = await Promise.all([
      approve(claim.id),
      changeProviderOwner(t.db, TEST_CONFIG, {
        listingId: listing.id,
        email: "wanted@example.test",
        adminId,
        now: NOW,
      }),
    ]);
    // Whichever came second found the account's row locked, waited, and then saw the first's listing.
    const went = [approval.status === "approved", change.status === "done"];
    expect(went.filter(Boolean)).toHaveLength(1);
    if (approval.status === "approved")
      expect(change).toEqual({
        status: "invalid",
        error: OWNER_TEXT.other({
          registrationNumber: "CBDU540041",
          businessName: "RACE CLAIM LTD",
          verified: true,
        }),
      });
    else
      expect(approval).toEqual({
        status: "other-listing",
        other: { registrationNumber: "CBDU540042", businessName: "Race Listing", verified: true },
      });
    expect(
      await t.db
        .selectFrom("claimed_listings")
        .select("registration_number")
        .where("user_id", "=", account.id)
        .execute(),
    ).toHaveLength(1);
  });
});
