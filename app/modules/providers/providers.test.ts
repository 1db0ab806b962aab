/**
 * The admin's provider page (issue 20) on a real database: the detail (counts, owner, history),
 * plan and trial date edits audited, approving and declining an upgrade request, suspending and
 * reinstating with a required reason e-mailed to the owner, and changing the owner (the new owner
 * invited, the old one loses the company area and their sessions at once).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getCompanyListing } from "../company/company-listing.server";
import { getProvider } from "../directory/get-provider.server";
import { closeUpgradeRequest, setListingPlan } from "../plans/set-listing-plan.server";
import { requestUpgrade } from "../plans/upgrade-requests.server";
import { createSessionRow, resolveSession } from "~/platform/session.server";
import { approveUpgradeRequest } from "./approve-upgrade.server";
import { changeProviderOwner, OWNER_TEXT } from "./change-owner.server";
import { getProviderDetail } from "./get-provider-detail.server";
import { REASON_TEXT } from "./reason";
import { reinstateProvider } from "./reinstate-provider.server";
import { suspendProvider } from "./suspend-provider.server";

const CONFIG = { publicUrl: "https://directory.example", CONTACT_EMAIL: "team@directory.example" };
const NOW = new Date("2026-11-24T10:00:00Z");
let t: TestDatabase;
let admin: { id: string; email: string };

async function provider(key: string, reg: string) {
  const owner = await insertUser(t.db, { email: `${key}@providers.example` });
  await insertRegisterEntry(t.db, {
    registration_number: reg,
    business_name: `${key.toUpperCase()} WASTE LTD`,
    expiry_date: "2030-01-01",
    is_claimed: true,
  });
  const listing = await insertClaimedListing(t.db, {
    registration_number: reg,
    user_id: owner.id,
    company_name: `${key} Waste`,
    website: `https://${key}.example`,
    subscription_start_date: new Date("2026-01-01T00:00:00Z"),
  });
  return { owner, listing };
}

const actionsOf = async (listingId: string) =>
  (
    await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", listingId)
      .orderBy("id")
      .execute()
  ).map((r) => r.action);

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await insertAdmin(t.db, { email: "provider-admin@providers.example" });
});
afterAll(() => t.destroy());

describe("the provider's detail", () => {
  it("shows the listing, its owner, its counts and its history, newest first", async () => {
    const { owner, listing } = await provider("detail", "CBDU610001");
    await t.db
      .insertInto("quote_requests")
      .values([
        { provider_id: "CBDU610001", name: "A", email: "a@x.example", message: "Skip please" },
        { provider_id: "CBDU610001", name: "B", email: "b@x.example", message: "Skip please" },
      ])
      .execute();
    await suspendProvider(t.db, CONFIG, {
      listingId: listing.id,
      adminId: admin.id,
      reason: "Checks",
      now: NOW,
    });
    const d = await getProviderDetail(t.db, listing.id);
    expect(d).toMatchObject({
      listing: {
        registrationNumber: "CBDU610001",
        companyName: "detail Waste",
        registerExpiry: "2030-01-01",
      },
      owner: { email: owner.email, state: "active" },
      activity: { quoteRequests: 2, wasteNotes: 0 },
    });
    expect(d!.listing.suspendedAt).not.toBeNull();
    expect(d!.history[0]).toMatchObject({
      action: "listing.suspended",
      actorEmail: admin.email,
      details: { reason: "Checks" },
    });
    expect(await getProviderDetail(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getProviderDetail(t.db, "not-a-uuid")).toBeNull();
  });
});

describe("plan and trial dates", () => {
  it("an edit of the trial's end is audited with the values before and after", async () => {
    const { listing } = await provider("trial", "CBDU610002");
    const r = await setListingPlan(t.db, CONFIG, {
      listingId: listing.id,
      plan: "premium",
      period: "monthly",
      freeTrial: true,
      startDate: new Date("2026-11-01T00:00:00Z"),
      endDate: new Date("2026-12-31T23:59:59Z"),
      adminId: admin.id,
      now: NOW,
    });
    expect(r).toMatchObject({ status: "done" });
    const d = await getProviderDetail(t.db, listing.id);
    expect(d!.listing).toMatchObject({ freeTrial: true, plan: "premium" });
    expect(d!.history[0]).toMatchObject({
      action: "listing.plan_changed",
      actorEmail: admin.email,
      details: {
        before: { plan: "standard", freeTrial: false, end: null },
        after: { plan: "premium", freeTrial: true, end: "2026-12-31T23:59:59.000Z" },
      },
    });
  });

  it("approves an upgrade request (Premium for the period asked, from today) or declines one", async () => {
    const { owner, listing } = await provider("upgrade", "CBDU610003");
    const asked = await requestUpgrade(t.db, CONFIG, { userId: owner.id, period: "yearly", now: NOW });
    if (asked.status !== "created") throw new Error(asked.status);
    // Another listing's request id, or a made-up one, changes nothing.
    expect(
      await approveUpgradeRequest(t.db, CONFIG, {
        listingId: listing.id,
        requestId: "00000000-0000-4000-8000-000000000000",
        adminId: admin.id,
        now: NOW,
      }),
    ).toEqual({ status: "not-found" });
    const r = await approveUpgradeRequest(t.db, CONFIG, {
      listingId: listing.id,
      requestId: asked.request.id,
      adminId: admin.id,
      now: NOW,
    });
    expect(r).toMatchObject({ status: "done", endDate: new Date("2027-11-24T23:59:59Z") });
    const d = await getProviderDetail(t.db, listing.id);
    expect(d!.listing).toMatchObject({
      plan: "premium",
      period: "yearly",
      freeTrial: false,
      upgradeRequest: null,
    });
    expect((await mailsTo(t.db, owner.email)).map((m) => m.template)).toContain("plan_changed");

    const { owner: other, listing: declined } = await provider("decline", "CBDU610004");
    const second = await requestUpgrade(t.db, CONFIG, { userId: other.id, period: "monthly", now: NOW });
    if (second.status !== "created") throw new Error(second.status);
    expect(
      await closeUpgradeRequest(t.db, { requestId: second.request.id, adminId: admin.id }),
    ).toMatchObject({
      status: "done",
    });
    expect((await getProviderDetail(t.db, declined.id))!.listing).toMatchObject({
      plan: "standard",
      upgradeRequest: null,
    });
    expect(await actionsOf(declined.id)).toEqual(["plan_upgrade.requested", "plan_upgrade.closed"]);
  });
});

describe("suspending and reinstating", () => {
  it("needs a reason: without one nothing changes and nothing is sent", async () => {
    const { owner, listing } = await provider("noreason", "CBDU610005");
    for (const reason of ["", "   "]) {
      expect(
        await suspendProvider(t.db, CONFIG, { listingId: listing.id, adminId: admin.id, reason }),
      ).toEqual({
        status: "invalid",
        error: REASON_TEXT.suspend,
      });
    }
    expect(
      await suspendProvider(t.db, CONFIG, {
        listingId: listing.id,
        adminId: admin.id,
        reason: "x".repeat(1001),
      }),
    ).toMatchObject({ status: "invalid" });
    expect(
      await reinstateProvider(t.db, CONFIG, { listingId: listing.id, adminId: admin.id, reason: "" }),
    ).toEqual({
      status: "invalid",
      error: REASON_TEXT.reinstate,
    });
    expect((await getProviderDetail(t.db, listing.id))!.listing.suspendedAt).toBeNull();
    expect(await mailsTo(t.db, owner.email)).toEqual([]);
    expect(await actionsOf(listing.id)).toEqual([]);
  });

  it("suspends with the reason, e-mails the owner, then reinstates (again with a reason)", async () => {
    const { owner, listing } = await provider("suspend", "CBDU610006");
    const input = { listingId: listing.id, adminId: admin.id, now: NOW };
    expect(await suspendProvider(t.db, CONFIG, { ...input, reason: "  Licence under review  " })).toEqual({
      status: "done",
      registrationNumber: "CBDU610006",
      emailed: true,
    });
    expect(await suspendProvider(t.db, CONFIG, { ...input, reason: "Again" })).toEqual({
      status: "unchanged",
    });
    expect(await getProvider(t.db, "CBDU610006")).toMatchObject({ is_claimed: false, website: null });
    const [suspended] = await mailsTo(t.db, owner.email);
    expect(suspended).toMatchObject({
      template: "provider_suspended",
      subject: "Your listing for suspend Waste is suspended",
    });
    expect(suspended!.text).toContain("Licence under review");

    expect(await reinstateProvider(t.db, CONFIG, { ...input, reason: "Licence checked" })).toMatchObject({
      status: "done",
    });
    expect(await getProvider(t.db, "CBDU610006")).toMatchObject({ is_claimed: true });
    const mails = await mailsTo(t.db, owner.email);
    expect(mails.map((m) => m.template)).toEqual(["provider_suspended", "provider_reinstated"]);
    expect(mails[1]!.text).toContain("Licence checked");
    const history = (await getProviderDetail(t.db, listing.id))!.history;
    expect(history.map((h) => [h.action, h.details.reason])).toEqual([
      ["listing.reinstated", "Licence checked"],
      ["listing.suspended", "Licence under review"],
    ]);
    expect(
      await suspendProvider(t.db, CONFIG, {
        ...input,
        listingId: "00000000-0000-4000-8000-000000000000",
        reason: "x",
      }),
    ).toEqual({ status: "not-found" });
  });
});

describe("changing the owner", () => {
  it("invites a new address, gives it the listing at once and ends the old owner's access and sessions", async () => {
    const { owner, listing } = await provider("oldowner", "CBDU610007");
    const session = await createSessionRow(t.db, { userId: owner.id, mfaVerified: true, now: NOW });
    expect(await getCompanyListing(t.db, owner.id)).toMatchObject({ registrationNumber: "CBDU610007" });

    const r = await changeProviderOwner(t.db, CONFIG, {
      listingId: listing.id,
      email: "  New.Owner@Providers.Example ",
      adminId: admin.id,
      now: NOW,
    });
    expect(r).toEqual({
      status: "done",
      registrationNumber: "CBDU610007",
      email: "new.owner@providers.example",
      sent: "invitation",
    });
    // The old owner: no company listing, no live session, told by e-mail.
    expect(await getCompanyListing(t.db, owner.id)).toBeNull();
    expect(await resolveSession(t.db, session.token, NOW)).toBeNull();
    expect((await mailsTo(t.db, owner.email)).map((m) => m.template)).toEqual(["provider_owner_removed"]);
    // The new owner: a pending account that owns the listing, with a set-password link.
    const d = await getProviderDetail(t.db, listing.id);
    expect(d!.owner).toMatchObject({ email: "new.owner@providers.example", state: "pending" });
    expect(await getCompanyListing(t.db, d!.owner!.id)).toMatchObject({ registrationNumber: "CBDU610007" });
    const [invite] = await mailsTo(t.db, "new.owner@providers.example");
    expect(invite).toMatchObject({
      template: "provider_owner_invitation",
      subject: "You now manage oldowner Waste",
    });
    expect(invite!.text).toContain("https://directory.example/auth/invite?token=");
    expect(d!.history[0]).toMatchObject({
      action: "listing.owner_changed",
      details: { from: owner.email, to: "new.owner@providers.example", sent: "invitation", sessionsEnded: 1 },
    });
  });

  it("tells an account already in use to sign in, and refuses a bad address, the same owner or another listing's owner", async () => {
    const { owner, listing } = await provider("keep", "CBDU610008");
    const { owner: busy } = await provider("busy", "CBDU610009");
    const free = await insertUser(t.db, { email: "free@providers.example" });
    const input = { listingId: listing.id, adminId: admin.id, now: NOW };
    expect(await changeProviderOwner(t.db, CONFIG, { ...input, email: "not an address" })).toEqual({
      status: "invalid",
      error: OWNER_TEXT.email,
    });
    expect(await changeProviderOwner(t.db, CONFIG, { ...input, email: owner.email.toUpperCase() })).toEqual({
      status: "invalid",
      error: OWNER_TEXT.same,
    });
    expect(await changeProviderOwner(t.db, CONFIG, { ...input, email: busy.email })).toEqual({
      status: "invalid",
      error: OWNER_TEXT.other({
        registrationNumber: "CBDU610009",
        businessName: "busy Waste",
        verified: true,
      }),
    });
    expect((await getProviderDetail(t.db, listing.id))!.owner!.email).toBe(owner.email);

    expect(await changeProviderOwner(t.db, CONFIG, { ...input, email: free.email })).toMatchObject({
      status: "done",
      sent: "notice",
    });
    expect((await mailsTo(t.db, free.email)).map((m) => m.template)).toEqual(["provider_owner_notice"]);
    expect(await getCompanyListing(t.db, free.id)).toMatchObject({ registrationNumber: "CBDU610008" });
    expect(await getCompanyListing(t.db, owner.id)).toBeNull();
  });

  it("keeps an administrator who was the owner signed in (their console is not the company's)", async () => {
    const boss = await insertAdmin(t.db, { email: "boss@providers.example" });
    const { listing } = await provider("adminowned", "CBDU610010");
    await t.db
      .updateTable("claimed_listings")
      .set({ user_id: boss.id })
      .where("id", "=", listing.id)
      .execute();
    const session = await createSessionRow(t.db, { userId: boss.id, mfaVerified: true, now: NOW });
    await changeProviderOwner(t.db, CONFIG, {
      listingId: listing.id,
      email: "after-boss@providers.example",
      adminId: admin.id,
      now: NOW,
    });
    expect(await resolveSession(t.db, session.token, NOW)).not.toBeNull();
    expect(await getCompanyListing(t.db, boss.id)).toBeNull();
  });
});
