import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimRequest, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { mailsTo } from "#tests/support/outbox";
import { countRows, findRowId } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { saveListingDetails } from "../company/update-listing.server";
import { getProvider } from "../directory/get-provider.server";
import { addProvider } from "./add-provider.server";
import { approveClaim } from "./approve-claim.server";
import { findBusinessesByName, findClaimTarget } from "./find-claim-target.server";
import { countClaims, getClaim, listClaims } from "./list-claims.server";
import { listClaimedListings } from "./list-listings.server";
import { rejectClaim } from "./reject-claim.server";
import { submitClaim, type ClaimSubmission } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";
import { reinstateProvider } from "../providers/reinstate-provider.server";
import { suspendProvider } from "../providers/suspend-provider.server";

let t: TestDatabase;
let adminId: string;
// In the future, so that trial and subscription end dates are still ahead of the database clock.
const NOW = new Date("2030-01-10T12:00:00Z");

const business = (n: string, name: string) =>
  insertRegisterEntry(t.db, {
    registration_number: n,
    business_name: name,
    town: "Leeds",
    postcode: "LS1 1AA",
    expiry_date: "2031-01-01",
  });

/** A Premium yearly claim with a website, an about text and untidy services and areas. */
function submission(n: string, email: string, extra: Partial<ClaimSubmission> = {}): ClaimSubmission {
  return claimSubmission(n, email, {
    website: "greenbins.example.co.uk",
    about: "Family firm since 1990.",
    services: ["Skip Hire", " Garden Waste ", "skip hire", ""],
    areas: "Leeds, Bradford, , leeds",
    plan: "premium",
    period: "yearly",
    ...extra,
  });
}

const approveInput = (claimId: string) => ({
  claimId,
  adminId,
  plan: "premium" as const,
  period: "yearly" as const,
  freeTrial: true,
  now: NOW,
});

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db, { email: "claims-admin@example.test" })).id;
  await business("CBDU500001", "GREEN BINS LTD");
  await business("CBDU500002", "RED SKIPS LTD");
  await business("CBDU500003", "BLUE VANS LTD");
  await business("CBDU500004", "GREY HAULAGE LTD");
  await business("CBDU500005", "GREEN VALLEY RECYCLING");
});
afterAll(() => t.destroy());

describe("claim target and finder", () => {
  it("finds a business by number (spaces and case ignored) and says whether it can be claimed", async () => {
    expect(await findClaimTarget(t.db, "  ")).toEqual({ status: "missing" });
    expect(await findClaimTarget(t.db, "CBDU999999")).toEqual({ status: "not-found" });
    expect(await findClaimTarget(t.db, "cbdu 500001")).toMatchObject({
      status: "claimable",
      business: { registrationNumber: "CBDU500001", businessName: "GREEN BINS LTD" },
    });
  });

  it("finds businesses by the words of their name", async () => {
    const matches = await findBusinessesByName(t.db, "green");
    expect(matches.map((m) => m.registrationNumber).sort()).toEqual(["CBDU500001", "CBDU500005"]);
    expect(await findBusinessesByName(t.db, "green valley")).toHaveLength(1);
    expect(await findBusinessesByName(t.db, "100%")).toEqual([]);
  });
});

describe("submitting a claim", () => {
  it("creates the account, a pending claim and an unverified listing together, and refuses a second claim", async () => {
    const r = await submitClaim(t.db, TEST_CONFIG, submission("cbdu500001", "Owner@GreenBins.example"), {
      ip: "10.1.0.1",
      now: NOW,
    });
    expect(r).toMatchObject({
      status: "submitted",
      email: "owner@greenbins.example",
      needsConfirmation: true,
      newAccount: true,
    });
    if (r.status !== "submitted") throw new Error();
    const claim = await getClaim(t.db, r.claimId);
    expect(claim).toMatchObject({
      status: "pending",
      registrationNumber: "CBDU500001",
      businessName: "GREEN BINS LTD",
      website: "https://greenbins.example.co.uk",
      services: ["Skip Hire", "Garden Waste"],
      areasCovered: ["Leeds", "Bradford"],
      plan: "premium",
      period: "yearly",
    });
    expect(claim?.history.map((h) => [h.action, h.actorEmail])).toEqual([
      ["claim.submitted", "owner@greenbins.example"],
    ]);
    const listing = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU500001")
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ verified: false, user_id: r.userId });
    expect((await mailsTo(t.db, "owner@greenbins.example")).map((m) => m.template)).toEqual([
      "confirm_email",
    ]);
    // Unverified: the public profile still shows the register's data only.
    expect(await getProvider(t.db, "CBDU500001")).toMatchObject({
      is_claimed: false,
      phone: null,
      website: null,
    });

    expect(await findClaimTarget(t.db, "CBDU500001")).toMatchObject({ status: "pending" });
    const second = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500001", "other@example.test"), {
      ip: "10.1.0.2",
    });
    expect(second).toEqual({ status: "pending" });
    expect(await findRowId(t.db, "users", "email", "other@example.test")).toBeUndefined();
  });

  it("refuses an unknown number, changing nothing", async () => {
    expect(
      await submitClaim(t.db, TEST_CONFIG, submission("CBDU000000", "x@example.test"), { ip: "10.1.0.3" }),
    ).toEqual({ status: "not-found" });
    expect(await findRowId(t.db, "users", "email", "x@example.test")).toBeUndefined();
  });

  it("lets a signed-in user claim with their own account (no new account)", async () => {
    const user = await insertUser(t.db, { email: "signed-in@example.test" });
    const r = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU500004", "ignored@example.test", { password: undefined }),
      { account: user },
    );
    expect(r).toMatchObject({
      status: "submitted",
      userId: user.id,
      email: "signed-in@example.test",
      newAccount: false,
      needsConfirmation: false,
    });
  });
});

describe("approving", () => {
  it("links the account, sends one e-mail, publishes the listing with trial dates; approving again changes nothing", async () => {
    const [claim] = await listClaims(t.db, { status: "pending", search: "greenbins" });
    expect(claim?.registrationNumber).toBe("CBDU500001");
    // The owner followed the confirmation link in the e-mail.
    await t.db
      .updateTable("users")
      .set({ email_confirmed_at: new Date() })
      .where("email", "=", "owner@greenbins.example")
      .execute();
    const first = await approveClaim(t.db, TEST_CONFIG, {
      ...approveInput(claim!.id),
      adminNotes: "Checked companies house",
    });
    expect(first).toMatchObject({
      status: "approved",
      accountLinked: true,
      warnings: [],
      businessName: "GREEN BINS LTD",
    });
    const again = await approveClaim(t.db, TEST_CONFIG, approveInput(claim!.id));
    expect(again).toMatchObject({ status: "already-approved" });

    const listings = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU500001")
      .execute();
    expect(listings).toHaveLength(1);
    expect(listings[0]).toMatchObject({
      verified: true,
      subscription_plan: "premium",
      subscription_period: "yearly",
      is_on_free_trial: true,
      website: "https://greenbins.example.co.uk",
    });
    expect(new Date(listings[0]!.subscription_start_date!).toISOString()).toBe("2030-01-10T12:00:00.000Z");
    expect(new Date(listings[0]!.subscription_end_date!).toISOString()).toBe("2030-04-10T12:00:00.000Z");
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", "owner@greenbins.example").execute(),
    ).toHaveLength(1);
    expect(first.status === "approved" && first.userId).toBe(listings[0]!.user_id);
    expect(listings[0]!.user_id).toBeTruthy();
    // The account had a password: the approval notice (sign-in link), once.
    expect((await mailsTo(t.db, "owner@greenbins.example")).map((m) => m.template)).toEqual([
      "confirm_email",
      "claim_approved",
    ]);
    const entry = await t.db
      .selectFrom("directory_entries")
      .select("is_claimed")
      .where("registration_number", "=", "CBDU500001")
      .executeTakeFirstOrThrow();
    expect(entry.is_claimed).toBe(true);
    const detail = await getClaim(t.db, claim!.id);
    expect(detail).toMatchObject({
      status: "approved",
      adminNotes: "Checked companies house",
      reviewedBy: "claims-admin@example.test",
    });
    expect(detail?.history.map((h) => [h.action, h.actorEmail])).toEqual([
      ["claim.submitted", "owner@greenbins.example"],
      ["claim.approved", "claims-admin@example.test"],
    ]);
    expect(await getProvider(t.db, "CBDU500001")).toMatchObject({
      is_claimed: true,
      is_premium: true,
      website: "https://greenbins.example.co.uk",
      services: ["Skip Hire", "Garden Waste"],
    });
    expect(await findClaimTarget(t.db, "CBDU500001")).toMatchObject({ status: "claimed" });
    expect(
      await submitClaim(t.db, TEST_CONFIG, submission("CBDU500001", "late@example.test"), { ip: "10.1.0.9" }),
    ).toEqual({ status: "claimed" });
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: claim!.id, adminId })).toEqual({
      status: "approved",
    });
  });

  it("publishes what the owner saved as a draft while the claim was pending", async () => {
    const r = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500005", "drafter@example.test"), {
      ip: "10.1.0.6",
    });
    if (r.status !== "submitted") throw new Error(r.status);
    const saved = await saveListingDetails(t.db, r.userId, {
      businessName: "Green Valley (edited)",
      about: "Edited while pending.",
      phone: "0113 000 0000",
      email: "drafter@example.test",
      services: ["Metal Waste"],
    });
    expect(saved).toBe("draft");
    expect(await getProvider(t.db, "CBDU500005")).toMatchObject({ is_claimed: false, about: null });
    // The admin approves the draft the review showed them (decision 0268).
    const shown = (await getClaim(t.db, r.claimId))!.draft!.version;
    expect(
      await approveClaim(t.db, TEST_CONFIG, { ...approveInput(r.claimId), draftSeen: shown }),
    ).toMatchObject({
      status: "approved",
    });
    expect(await getProvider(t.db, "CBDU500005")).toMatchObject({
      is_claimed: true,
      business_name: "Green Valley (edited)",
      about: "Edited while pending.",
      services: ["Metal Waste"],
      website: "https://greenbins.example.co.uk",
    });
    const listing = await t.db
      .selectFrom("claimed_listings")
      .select("draft")
      .where("registration_number", "=", "CBDU500005")
      .executeTakeFirstOrThrow();
    expect(listing.draft).toBeNull();
  });

  it("two approvals at once: one approves, the other finds it approved", async () => {
    const r = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500003", "race@example.test"), {
      ip: "10.1.0.4",
    });
    if (r.status !== "submitted") throw new Error(r.status);
    const results = await Promise.all([
      approveClaim(t.db, TEST_CONFIG, approveInput(r.claimId)),
      approveClaim(t.db, TEST_CONFIG, approveInput(r.claimId)),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual(["already-approved", "approved"]);
    // One e-mail for the approval (a set-password link: the address was never confirmed).
    expect(
      (await mailsTo(t.db, "race@example.test")).filter((m) => m.template !== "confirm_email"),
    ).toHaveLength(1);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("id")
      .where("entity_id", "=", r.claimId)
      .where("action", "=", "claim.approved")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("an account the claim signed up whose address was never confirmed gets a set-password link, not the sign-in notice", async () => {
    // Anyone can type an address into a claim, with a password of their own: until the mailbox's
    // owner confirms it, the approval gives the mailbox, not that password, the account.
    await business("CBDU500017", "AMBER BINS LTD");
    const r = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500017", "victim@example.test"), {
      ip: "10.1.0.7",
    });
    if (r.status !== "submitted") throw new Error(r.status);
    const approved = await approveClaim(t.db, TEST_CONFIG, approveInput(r.claimId));
    expect(approved).toMatchObject({ status: "approved", accountLinked: true });
    expect((await mailsTo(t.db, "victim@example.test")).map((m) => m.template)).toEqual([
      "confirm_email",
      "invite",
    ]);
  });

  it("a contact with no account gets an invitation to set a password", async () => {
    await business("CBDU500006", "NO ACCOUNT LTD");
    const claim = await insertClaimRequest(t.db, {
      registration_number: "CBDU500006",
      contact_name: "Legacy",
      contact_email: "legacy@example.test",
      contact_phone: "01234 567890",
    });
    const r = await approveClaim(t.db, TEST_CONFIG, {
      ...approveInput(claim.id),
      plan: "standard",
      period: "monthly",
      freeTrial: false,
    });
    expect(r).toMatchObject({ status: "approved", accountLinked: true, warnings: [] });
    const mails = await mailsTo(t.db, "legacy@example.test");
    expect(mails.map((m) => m.template)).toEqual(["invite"]);
    expect(mails[0]!.text).toContain("/auth/invite?token=");
    const listing = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU500006")
      .executeTakeFirstOrThrow();
    // No trial: one monthly period.
    expect(new Date(listing.subscription_end_date!).toISOString()).toBe("2030-02-10T12:00:00.000Z");
    expect(listing.is_on_free_trial).toBe(false);
  });

  it("partial success: a failing account step is rolled back alone, the listing is still published and the warnings say so", async () => {
    await business("CBDU500007", "BROKEN CONTACT LTD");
    // An address the users table refuses: creating the account fails inside the approval.
    const claim = await insertClaimRequest(t.db, {
      registration_number: "CBDU500007",
      contact_name: "Broken",
      contact_email: "not-an-address",
      contact_phone: "01234 567890",
      website: "https://broken.example",
    });
    const r = await approveClaim(t.db, TEST_CONFIG, approveInput(claim.id));
    expect(r).toMatchObject({
      status: "approved",
      accountLinked: false,
      userId: null,
      warnings: [
        "There was a problem creating user account, but we'll continue with the directory update.",
        "User account creation failed, but directory data will still be updated.",
      ],
    });
    expect(await findRowId(t.db, "users", "email", "not-an-address")).toBeUndefined();
    expect(
      await t.db.selectFrom("email_outbox").select("id").where("to_address", "=", "not-an-address").execute(),
    ).toEqual([]);
    expect(await getProvider(t.db, "CBDU500007")).toMatchObject({
      is_claimed: true,
      website: "https://broken.example",
    });
    expect((await getClaim(t.db, claim.id))?.status).toBe("approved");
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ accountLinked: false });
  });

  it("a failure after the account step rolls everything back: no account, no e-mail, claim still pending", async () => {
    await business("CBDU500008", "ROLLBACK LTD");
    const claim = await insertClaimRequest(t.db, {
      registration_number: "CBDU500008",
      contact_name: "Roll",
      contact_email: "rollback@example.test",
      contact_phone: "01234 567890",
    });
    // The reviewing admin id does not exist: the claim update's foreign key fails at the end.
    await expect(
      approveClaim(t.db, TEST_CONFIG, {
        ...approveInput(claim.id),
        adminId: "00000000-0000-4000-8000-000000000000",
      }),
    ).rejects.toThrow();
    expect(await findRowId(t.db, "users", "email", "rollback@example.test")).toBeUndefined();
    expect(await mailsTo(t.db, "rollback@example.test")).toEqual([]);
    expect(await findRowId(t.db, "claimed_listings", "registration_number", "CBDU500008")).toBeUndefined();
    expect((await getClaim(t.db, claim.id))?.status).toBe("pending");
  });

  it("refuses end dates before the start", async () => {
    const [claim] = await listClaims(t.db, { status: "pending", search: "CBDU500008" });
    expect(
      await approveClaim(t.db, TEST_CONFIG, {
        ...approveInput(claim!.id),
        startDate: new Date("2030-05-01"),
        endDate: new Date("2030-04-01"),
      }),
    ).toEqual({ status: "invalid-dates" });
  });
});

describe("adding a provider (admin)", () => {
  const input = (n: string, email: string) => ({
    registrationNumber: n,
    contactName: "Sam Phoned",
    contactEmail: email,
    contactPhone: "0113 496 0001",
    plan: "premium" as const,
    period: "monthly" as const,
    freeTrial: true,
    adminNotes: "Asked by phone",
    adminId,
    now: NOW,
  });

  it("lists the business as verified for its owner at once: claim recorded as the admin's, invitation sent, audit trail", async () => {
    await business("CBDU500020", "PHONED IN LTD");
    const r = await addProvider(t.db, TEST_CONFIG, input(" cbdu500020 ", "Phoned@Example.test"));
    expect(r).toMatchObject({
      status: "added",
      approval: { status: "approved", accountLinked: true, warnings: [], businessName: "PHONED IN LTD" },
    });
    const listing = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU500020")
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({
      verified: true,
      subscription_plan: "premium",
      is_on_free_trial: true,
      email: "phoned@example.test",
      phone: "0113 496 0001",
    });
    expect(new Date(listing.subscription_end_date!).toISOString()).toBe("2030-04-10T12:00:00.000Z");
    const entry = await t.db
      .selectFrom("directory_entries")
      .select("is_claimed")
      .where("registration_number", "=", "CBDU500020")
      .executeTakeFirstOrThrow();
    expect(entry.is_claimed).toBe(true);
    const claim = await t.db
      .selectFrom("claim_requests")
      .selectAll()
      .where("registration_number", "=", "CBDU500020")
      .executeTakeFirstOrThrow();
    expect(claim).toMatchObject({
      status: "approved",
      admin_notes: "Asked by phone",
      reviewed_by: adminId,
      contact_name: "Sam Phoned",
    });
    expect((await mailsTo(t.db, "phoned@example.test")).map((m) => m.template)).toEqual(["invite"]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("entity_id", "=", claim.id)
      .orderBy("created_at")
      .execute();
    expect(audit).toEqual([
      { action: "claim.submitted", actor_user_id: adminId },
      { action: "claim.approved", actor_user_id: adminId },
    ]);
    expect(await getProvider(t.db, "CBDU500020")).toMatchObject({
      is_claimed: true,
      is_premium: true,
      phone: "0113 496 0001",
    });
  });

  it("refuses an empty or unknown number, a claimed business and one with a pending claim, changing nothing", async () => {
    await business("CBDU500021", "WAITING CLAIM LTD");
    const pending = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500021", "waiting@example.test"), {
      now: NOW,
    });
    expect(pending.status).toBe("submitted");
    const before = await countRows(t.db, "claim_requests");
    expect(await addProvider(t.db, TEST_CONFIG, input(" ", "a@example.test"))).toEqual({ status: "missing" });
    expect(await addProvider(t.db, TEST_CONFIG, input("CBDU999999", "a@example.test"))).toEqual({
      status: "not-found",
    });
    expect(await addProvider(t.db, TEST_CONFIG, input("CBDU500020", "a@example.test"))).toEqual({
      status: "claimed",
    });
    expect(await addProvider(t.db, TEST_CONFIG, input("CBDU500021", "a@example.test"))).toEqual({
      status: "pending",
    });
    expect(await countRows(t.db, "claim_requests")).toBe(before);
    expect(await mailsTo(t.db, "a@example.test")).toEqual([]);
    // Leave the later tests' claim and listing counts as they expect them.
    await t.db.deleteFrom("claimed_listings").where("registration_number", "=", "CBDU500021").execute();
    await t.db.deleteFrom("claim_requests").where("registration_number", "=", "CBDU500021").execute();
  });
});

describe("rejecting", () => {
  it("records the notes, removes the unverified listing, e-mails the claimant once", async () => {
    const r = await submitClaim(t.db, TEST_CONFIG, submission("CBDU500002", "reject-me@example.test"), {
      ip: "10.1.0.5",
    });
    if (r.status !== "submitted") throw new Error(r.status);
    const first = await rejectClaim(t.db, TEST_CONFIG, {
      claimId: r.claimId,
      adminId,
      adminNotes: "Not on Companies House",
    });
    expect(first).toMatchObject({ status: "rejected", email: "reject-me@example.test" });
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: r.claimId, adminId })).toEqual({
      status: "already-rejected",
    });
    expect(await approveClaim(t.db, TEST_CONFIG, approveInput(r.claimId))).toEqual({ status: "rejected" });
    const mails = (await mailsTo(t.db, "reject-me@example.test")).filter(
      (m) => m.template === "claim_rejected",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Not on Companies House");
    expect(await getClaim(t.db, r.claimId)).toMatchObject({
      status: "rejected",
      adminNotes: "Not on Companies House",
    });
    expect(await findRowId(t.db, "claimed_listings", "registration_number", "CBDU500002")).toBeUndefined();
    // The business can be claimed again.
    expect(await findClaimTarget(t.db, "CBDU500002")).toMatchObject({ status: "claimable" });
  });

  it("lists by status with a search over number, business, contact name and e-mail", async () => {
    expect(
      (await listClaims(t.db, { status: "rejected", search: "red skips" })).map((c) => c.registrationNumber),
    ).toEqual(["CBDU500002"]);
    expect(await listClaims(t.db, { status: "rejected", search: "reject-me@" })).toHaveLength(1);
    expect(await listClaims(t.db, { status: "rejected", search: "cbdu 500 002" })).toHaveLength(1);
    expect(await listClaims(t.db, { status: "pending", search: "red skips" })).toEqual([]);
    const counts = await countClaims(t.db);
    expect(counts.rejected).toBe(1);
    expect(counts.pending).toBeGreaterThanOrEqual(1);
  });
});

describe("suspending", () => {
  it("hides the claimed data from the public while suspended, and brings it back on reinstatement", async () => {
    const [listing] = await listClaimedListings(t.db, { search: "green bins" });
    expect(listing).toMatchObject({
      registrationNumber: "CBDU500001",
      verified: true,
      plan: "premium",
      freeTrial: true,
    });
    expect(
      await suspendProvider(t.db, TEST_CONFIG, { listingId: listing!.id, adminId, reason: "Checks" }),
    ).toMatchObject({ status: "done" });
    expect(
      await suspendProvider(t.db, TEST_CONFIG, { listingId: listing!.id, adminId, reason: "Checks" }),
    ).toEqual({
      status: "unchanged",
    });
    expect(await getProvider(t.db, "CBDU500001")).toMatchObject({
      is_claimed: false,
      is_premium: false,
      website: null,
      business_name: "GREEN BINS LTD",
    });
    expect(
      (await listClaimedListings(t.db, { status: "suspended" })).map((l) => l.registrationNumber),
    ).toEqual(["CBDU500001"]);
    expect(
      await reinstateProvider(t.db, TEST_CONFIG, { listingId: listing!.id, adminId, reason: "Checked" }),
    ).toMatchObject({ status: "done" });
    expect(await getProvider(t.db, "CBDU500001")).toMatchObject({
      is_claimed: true,
      website: "https://greenbins.example.co.uk",
    });
    const actions = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("entity_id", "=", listing!.id)
      .orderBy("id")
      .execute();
    expect(actions).toEqual([
      { action: "listing.suspended", actor_user_id: adminId },
      { action: "listing.reinstated", actor_user_id: adminId },
    ]);
  });

  it("filters by plan and status", async () => {
    expect((await listClaimedListings(t.db, { plan: "standard" })).map((l) => l.registrationNumber)).toEqual([
      "CBDU500006",
    ]);
    expect(
      (await listClaimedListings(t.db, { status: "unverified" })).map((l) => l.registrationNumber),
    ).toEqual(["CBDU500004"]);
  });
});

describe("one listing per account", () => {
  it("refuses a signed-in account a second listing: one with a claim pending (or a listing) cannot claim another", async () => {
    const user = await insertUser(t.db, { email: "collector@example.test" });
    await business("CBDU500018", "FIRST SKIPS LTD");
    await business("CBDU500019", "SECOND SKIPS LTD");
    const first = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU500018", "ignored@example.test", { password: undefined }),
      { account: user },
    );
    expect(first.status).toBe("submitted");
    const second = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU500019", "ignored@example.test", { password: undefined }),
      { account: user },
    );
    expect(second).toEqual({ status: "other-listing", registrationNumber: "CBDU500018" });
    // Nothing of the second claim was stored: the business can still be claimed by its owner.
    expect(
      await t.db
        .selectFrom("claim_requests")
        .select("id")
        .where("registration_number", "=", "CBDU500019")
        .execute(),
    ).toEqual([]);
    expect(await findRowId(t.db, "claimed_listings", "registration_number", "CBDU500019")).toBeUndefined();
    // The same business again is still "pending" (its own claim), not "other".
    expect(
      (
        await submitClaim(
          t.db,
          TEST_CONFIG,
          submission("CBDU500018", "ignored@example.test", { password: undefined }),
          { account: user },
        )
      ).status,
    ).toBe("pending");
  });
});
