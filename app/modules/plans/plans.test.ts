/**
 * Plans (issue 14, item 11) on a real database: a carrier's upgrade request (one open per listing,
 * only for an approved, not suspended, not yet Premium listing, the team e-mailed, audited), the
 * admin's plan change (closes the request, audited with before and after, the owner e-mailed,
 * Premium lifts the note limit), closing a request without a change, the form's checks, and the
 * company dashboard's account facts (registration state, account status, plan, notes used).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertClaimedListing,
  insertRegisterEntry,
  insertUser,
  type EntryOverrides,
  type ListingOverrides,
} from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { listClaimedListings } from "../claims/list-listings.server";
import { getAccountOverview } from "../company/account-overview.server";
import { getCompanyListing } from "../company/company-listing.server";
import { getNoteEligibility } from "../waste-notes/note-eligibility.server";
import { effectivePlan, summarisePlan } from "./plan-state";
import { closeUpgradeRequest, parsePlanForm, setListingPlan } from "./set-listing-plan.server";
import { getOpenUpgradeRequest, requestUpgrade } from "./upgrade-requests.server";

const CONFIG = { CONTACT_EMAIL: "team@directory.example", publicUrl: "https://directory.example" };
const NOW = new Date("2026-11-23T10:00:00Z");
let t: TestDatabase;
let adminId: string;
const users: Record<string, { id: string; email: string }> = {};
const listingIds: Record<string, string> = {};

async function listing(key: string, reg: string, extra: ListingOverrides = {}, entry: EntryOverrides = {}) {
  users[key] = await insertUser(t.db, { email: `${key}@plans.example` });
  await insertRegisterEntry(t.db, {
    registration_number: reg,
    business_name: `${key.toUpperCase()} CARRIERS LTD`,
    expiry_date: "2027-03-05",
    ...entry,
  });
  const row = await insertClaimedListing(t.db, {
    registration_number: reg,
    user_id: users[key].id,
    ...extra,
  });
  listingIds[key] = row.id;
}

const audit = (action: string) =>
  t.db
    .selectFrom("audit_log")
    .select(["actor_user_id", "entity_id", "details"])
    .where("action", "=", action)
    .execute();

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertUser(t.db, { email: "admin@plans.example" })).id;
  await listing("standard", "CBDU150001", {
    is_on_free_trial: true,
    subscription_start_date: new Date("2026-09-01T00:00:00Z"),
    subscription_end_date: new Date("2026-12-01T23:59:59Z"),
  });
  await listing("pending", "CBDU150002", { verified: false });
  await listing("suspended", "CBDU150003", { suspended_at: NOW });
  await listing("premium", "CBDU150004", {
    subscription_plan: "premium",
    subscription_period: "yearly",
    subscription_end_date: new Date("2027-06-30T23:59:59Z"),
  });
  await listing("lapsed", "CBDU150005", {
    subscription_plan: "premium",
    subscription_end_date: new Date("2026-10-31T23:59:59Z"),
  });
  await listing("expiring", "CBDU150006", {}, { expiry_date: "2026-12-05" });
  await listing("expired", "CBDU150007", {}, { expiry_date: "2026-10-01" });
  await listing(
    "removed",
    "CBDU150008",
    {},
    { on_register: false, removed_at: new Date("2026-09-14T02:00:00Z") },
  );
  await listing("lower", "CBDU150009", {}, { registration_tier: "LOWER", expiry_date: null });
});
afterAll(() => t.destroy());

describe("the plan that applies", () => {
  it("is Premium while its end date is empty or ahead; a lapsed Premium is Standard", () => {
    expect(effectivePlan({ subscription_plan: "premium", subscription_end_date: null }, NOW)).toBe("premium");
    expect(
      effectivePlan(
        { subscription_plan: "premium", subscription_end_date: new Date("2026-11-22T00:00:00Z") },
        NOW,
      ),
    ).toBe("standard");
    expect(effectivePlan({ subscription_plan: "standard", subscription_end_date: null }, NOW)).toBe(
      "standard",
    );
    expect(
      summarisePlan(
        {
          subscription_plan: "standard",
          subscription_period: "monthly",
          subscription_start_date: null,
          subscription_end_date: new Date("2026-12-01T23:59:59Z"),
          is_on_free_trial: true,
        },
        NOW,
      ),
    ).toMatchObject({
      plan: "standard",
      effective: "standard",
      freeTrial: true,
      ended: false,
      endDate: "2026-12-01T23:59:59.000Z",
    });
  });
});

describe("an upgrade request", () => {
  it("is recorded once per listing, e-mailed to the team and audited; a second ask finds the open one", async () => {
    const r = await requestUpgrade(t.db, CONFIG, {
      userId: users.standard.id,
      period: "yearly",
      message: "  We write 40 notes a month.  ",
      now: NOW,
    });
    expect(r).toMatchObject({
      status: "created",
      request: { listingId: listingIds.standard, period: "yearly", message: "We write 40 notes a month." },
    });
    const again = await requestUpgrade(t.db, CONFIG, {
      userId: users.standard.id,
      period: "monthly",
      now: NOW,
    });
    expect(again).toMatchObject({ status: "already_open", request: { period: "yearly" } });
    expect(await getOpenUpgradeRequest(t.db, listingIds.standard)).toMatchObject({ period: "yearly" });
    const mail = await mailsTo(t.db, CONFIG.CONTACT_EMAIL);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      template: "plan_upgrade_requested",
      subject: "Upgrade request: STANDARD CARRIERS LTD (CBDU150001) asks for Premium",
    });
    expect(mail[0].text).toContain("standard@plans.example");
    expect(mail[0].text).toContain("We write 40 notes a month.");
    expect(mail[0].text).toContain("https://directory.example/admin/providers#upgrade-requests");
    expect(await audit("plan_upgrade.requested")).toEqual([
      {
        actor_user_id: users.standard.id,
        entity_id: listingIds.standard,
        details: expect.objectContaining({ registrationNumber: "CBDU150001", period: "yearly" }),
      },
    ]);
    // The database keeps one open request per listing, whatever the code does.
    await expect(
      t.db
        .insertInto("plan_upgrade_requests")
        .values({ listing_id: listingIds.standard, period: "monthly" })
        .execute(),
    ).rejects.toThrow();
  });

  it("is refused for a pending claim, a suspended listing, a Premium one and a user without a listing; a lapsed Premium may ask", async () => {
    expect(
      await requestUpgrade(t.db, CONFIG, { userId: users.pending.id, period: "monthly", now: NOW }),
    ).toEqual({ status: "pending" });
    expect(
      await requestUpgrade(t.db, CONFIG, { userId: users.suspended.id, period: "monthly", now: NOW }),
    ).toEqual({ status: "suspended" });
    expect(
      await requestUpgrade(t.db, CONFIG, { userId: users.premium.id, period: "monthly", now: NOW }),
    ).toEqual({ status: "already_premium" });
    expect(await requestUpgrade(t.db, CONFIG, { userId: adminId, period: "monthly", now: NOW })).toEqual({
      status: "no_listing",
    });
    expect(
      (
        await requestUpgrade(t.db, CONFIG, {
          userId: users.lapsed.id,
          period: "monthly",
          now: new Date(NOW.getTime() + 60_000),
        })
      ).status,
    ).toBe("created");
    const open = await t.db
      .selectFrom("plan_upgrade_requests")
      .select("listing_id")
      .where("status", "=", "open")
      .execute();
    expect(open.map((o) => o.listing_id).sort()).toEqual([listingIds.standard, listingIds.lapsed].sort());
  });

  it("is listed for the admin with the listing (and only those with one, oldest first)", async () => {
    const rows = await listClaimedListings(t.db, { upgradeRequested: true });
    expect(rows.map((r) => r.registrationNumber)).toEqual(["CBDU150001", "CBDU150005"]);
    expect(rows[0].upgradeRequest).toMatchObject({ period: "yearly", message: "We write 40 notes a month." });
    const all = await listClaimedListings(t.db);
    expect(all.find((r) => r.registrationNumber === "CBDU150004")?.upgradeRequest).toBeNull();
    expect(await listClaimedListings(t.db, { id: listingIds.premium })).toHaveLength(1);
    expect(await listClaimedListings(t.db, { id: "not-a-uuid" })).toEqual([]);
  });
});

describe("the admin's plan change", () => {
  it("checks the form: a real start date, an end on or after it, an end for a free trial", () => {
    const base = {
      listingId: listingIds.standard,
      plan: "premium",
      period: "yearly",
      startDate: "2026-11-23",
      endDate: "2027-11-23",
    };
    expect(parsePlanForm(form(base))).toMatchObject({
      ok: true,
      data: { plan: "premium", freeTrial: false, endDate: new Date("2027-11-23T23:59:59Z") },
    });
    expect(parsePlanForm(form({ ...base, endDate: "" }))).toMatchObject({
      ok: true,
      data: { endDate: null },
    });
    expect(parsePlanForm(form({ ...base, endDate: "", freeTrial: "on" }))).toEqual({
      ok: false,
      errors: { endDate: "A free trial needs an end date" },
    });
    expect(parsePlanForm(form({ ...base, endDate: "2026-11-01" }))).toEqual({
      ok: false,
      errors: { endDate: "The end date must be on or after the start date" },
    });
    expect(parsePlanForm(form({ ...base, startDate: "2026-02-30", plan: "gold" }))).toMatchObject({
      ok: false,
      errors: { startDate: "Enter the start date", plan: "Choose a plan" },
    });
  });

  it("sets plan, period and dates, closes the open request, audits before and after, e-mails the owner, and lifts the note limit", async () => {
    // The standard listing has used its 20 notes this month.
    await sql`INSERT INTO waste_notes (registration_number, collection_date_time, waste_type, description, ewc_code, weight, origin_address,
      carrier_company, carrier_address, carrier_license, vehicle_reg, waste_hierarchy_confirmed, created_at)
      SELECT 'CBDU150001', ${NOW}, 'Commercial', 'Load', '17 09 04', 1, 'Yard', 'Standard Carriers', 'Depot', 'CBDU150001', 'AB12 CDE', true, ${NOW}
      FROM generate_series(1, 20)`.execute(t.db);
    expect((await getNoteEligibility(t.db, "CBDU150001", { now: NOW })).refusal?.reason).toBe("plan_limit");

    const parsed = parsePlanForm(
      form({
        listingId: listingIds.standard,
        plan: "premium",
        period: "yearly",
        startDate: "2026-11-23",
        endDate: "2027-11-23",
      }),
    );
    if (!parsed.ok) throw new Error("form refused");
    const r = await setListingPlan(t.db, CONFIG, { ...parsed.data, adminId, now: NOW });
    expect(r).toEqual({ status: "done", registrationNumber: "CBDU150001", closedRequest: true });
    const row = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("id", "=", listingIds.standard)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      subscription_plan: "premium",
      subscription_period: "yearly",
      is_on_free_trial: false,
      updated_at: expect.any(Date),
    });
    expect(row.subscription_end_date?.toISOString()).toBe("2027-11-23T23:59:59.000Z");
    expect(await getOpenUpgradeRequest(t.db, listingIds.standard)).toBeNull();
    const closed = await t.db
      .selectFrom("plan_upgrade_requests")
      .selectAll()
      .where("listing_id", "=", listingIds.standard)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: "closed", outcome: "plan_changed", closed_by: adminId });
    const [entry] = await audit("listing.plan_changed");
    expect(entry).toMatchObject({
      actor_user_id: adminId,
      entity_id: listingIds.standard,
      details: {
        registrationNumber: "CBDU150001",
        before: { plan: "standard", period: "monthly", freeTrial: true, end: "2026-12-01T23:59:59.000Z" },
        after: { plan: "premium", period: "yearly", freeTrial: false, end: "2027-11-23T23:59:59.000Z" },
        upgradeRequestId: closed.id,
      },
    });
    const mail = await mailsTo(t.db, "standard@plans.example");
    expect(mail.map((m) => m.subject)).toEqual(["Your plan for STANDARD CARRIERS LTD is now Premium"]);
    expect(mail[0].text).toContain("Premium (yearly) until 23 November 2027");
    // Premium: the 21st note of the month is allowed.
    expect(await getNoteEligibility(t.db, "CBDU150001", { now: NOW })).toMatchObject({
      refusal: null,
      usage: { plan: "premium", used: 20 },
    });
    expect(
      await setListingPlan(t.db, CONFIG, {
        ...parsed.data,
        listingId: "00000000-0000-4000-8000-000000000000",
        adminId,
      }),
    ).toEqual({ status: "not-found" });
  });

  it("can close a request without a change (audited); closing it again changes nothing", async () => {
    const open = await getOpenUpgradeRequest(t.db, listingIds.lapsed);
    if (!open) throw new Error("no open request");
    expect(await closeUpgradeRequest(t.db, { requestId: open.id, adminId, now: NOW })).toEqual({
      status: "done",
      registrationNumber: "CBDU150005",
    });
    expect(await closeUpgradeRequest(t.db, { requestId: open.id, adminId, now: NOW })).toEqual({
      status: "unchanged",
    });
    expect(await closeUpgradeRequest(t.db, { requestId: "nope", adminId })).toEqual({ status: "not-found" });
    expect(await getOpenUpgradeRequest(t.db, listingIds.lapsed)).toBeNull();
    expect(await audit("plan_upgrade.closed")).toHaveLength(1);
    const lapsed = await t.db
      .selectFrom("claimed_listings")
      .select("subscription_plan")
      .where("id", "=", listingIds.lapsed)
      .executeTakeFirstOrThrow();
    expect(lapsed.subscription_plan).toBe("premium");
    // A new request may follow.
    expect(
      (await requestUpgrade(t.db, CONFIG, { userId: users.lapsed.id, period: "yearly", now: NOW })).status,
    ).toBe("created");
  });
});

describe("the company dashboard's account facts (items 5, 7, 11)", () => {
  async function overview(key: string) {
    const l = await getCompanyListing(t.db, users[key].id);
    if (!l) throw new Error(`no listing for ${key}`);
    return getAccountOverview(t.db, l, NOW);
  }

  it("shows the registration's real state and an account status that is 'Active' only when notes may be written", async () => {
    expect(await overview("premium")).toMatchObject({
      registration: { label: "Valid until 5 March 2027", alert: null, tone: "green" },
      status: "Active",
      notes: null,
    });
    expect(await overview("expiring")).toMatchObject({
      registration: {
        label: "Expires in 12 days",
        detail: "Valid until 5 December 2026",
        alert: "expiring",
        tone: "amber",
      },
      status: "Active",
      notes: null,
    });
    expect(await overview("expired")).toMatchObject({
      registration: { label: "Expired since 1 October 2026", alert: "expired", tone: "red" },
      status: "Registration expired",
      notes: { reason: "expired" },
    });
    expect(await overview("removed")).toMatchObject({
      registration: {
        label: "Removed from the public register",
        detail: "Since 14 September 2026",
        alert: "removed",
      },
      status: "Registration not on the public register",
      notes: { reason: "removed" },
    });
    expect(await overview("lower")).toMatchObject({
      registration: { label: "Valid (lower tier: does not expire)", alert: null },
      status: "Active",
    });
    expect(await overview("pending")).toMatchObject({
      status: "Pending approval",
      notes: { reason: "pending" },
    });
    expect(await overview("suspended")).toMatchObject({
      status: "Suspended",
      notes: { reason: "suspended" },
    });
  });

  it("shows the plan, its period and dates, the notes used this month and an open request", async () => {
    expect(await overview("premium")).toMatchObject({
      plan: { plan: "premium", effective: "premium", period: "yearly", endDate: "2027-06-30T23:59:59.000Z" },
      usage: { label: "0 this month (unlimited)" },
      upgradeRequest: null,
    });
    expect(await overview("lapsed")).toMatchObject({
      plan: { plan: "premium", effective: "standard", ended: true },
      usage: { label: "0 of 20 this month" },
      upgradeRequest: { period: "yearly" },
    });
  });
});
