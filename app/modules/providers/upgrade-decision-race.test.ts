/**
 * Decision 0263, on a real database: approving an upgrade request decides on the request as it is
 * inside the plan change's transaction. Two tabs approving at once give one plan change, one
 * e-mail and one audit row; a decline that lands between an approval's first look and its change
 * leaves the plan alone; the provider page's Decline closes only its own listing's request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/support/test-database";
import { closeUpgradeRequest } from "../plans/set-listing-plan.server";
import { requestUpgrade } from "../plans/upgrade-requests.server";
import { approveUpgradeRequest } from "./approve-upgrade.server";

const CONFIG = { publicUrl: "https://directory.example", CONTACT_EMAIL: "team@directory.example" };
const NOW = new Date("2030-04-01T10:00:00Z");
let t: TestDatabase;
let admins: { id: string }[];
let sequence = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  admins = [await insertAdmin(t.db), await insertAdmin(t.db)];
});
afterAll(() => t.destroy());

/** An approved standard listing whose owner asked for Premium (yearly). */
async function askedForPremium() {
  const n = ++sequence;
  const owner = await insertUser(t.db, { email: `race-owner-${n}@upgrade.example` });
  const number = `CBDU7700${String(n).padStart(2, "0")}`;
  await insertRegisterEntry(t.db, { registration_number: number, is_claimed: true });
  const listing = await insertClaimedListing(t.db, {
    registration_number: number,
    user_id: owner.id,
    company_name: `Race ${n} Skips`,
  });
  const asked = await requestUpgrade(t.db, CONFIG, { userId: owner.id, period: "yearly", now: NOW });
  if (asked.status !== "created") throw new Error(asked.status);
  return { owner, listing, requestId: asked.request.id };
}

const approve = (listingId: string, requestId: string, admin = 0) =>
  approveUpgradeRequest(t.db, CONFIG, { listingId, requestId, adminId: admins[admin]!.id, now: NOW });
const decline = (requestId: string, listingId?: string, admin = 1) =>
  closeUpgradeRequest(t.db, { requestId, listingId, adminId: admins[admin]!.id, now: NOW });

/** What an approval leaves: the plan, the request's outcome, the audit rows and the owner's e-mails. */
async function traces(listingId: string, requestId: string, ownerEmail: string) {
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select("subscription_plan")
    .where("id", "=", listingId)
    .executeTakeFirstOrThrow();
  const request = await t.db
    .selectFrom("plan_upgrade_requests")
    .select(["status", "outcome"])
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
  const audit = await t.db
    .selectFrom("audit_log")
    .select("action")
    .where("entity_id", "=", listingId)
    .orderBy("id")
    .execute();
  const mails = await mailsTo(t.db, ownerEmail);
  return {
    plan: listing.subscription_plan,
    request,
    audit: audit.map((a) => a.action),
    planMails: mails.filter((m) => m.template === "plan_changed").length,
  };
}

describe("approving an upgrade request", () => {
  it("two tabs approving at once: Premium once, one e-mail, one audit row; the other is told it is no longer open", async () => {
    const { owner, listing, requestId } = await askedForPremium();
    const answers = await Promise.all([approve(listing.id, requestId, 0), approve(listing.id, requestId, 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual(["done", "not-found"]);
    expect(await traces(listing.id, requestId, owner.email)).toEqual({
      plan: "premium",
      request: { status: "closed", outcome: "plan_changed" },
      audit: ["plan_upgrade.requested", "listing.plan_changed"],
      planMails: 1,
    });
  });

  it("after a decline (a stale tab), approving changes nothing", async () => {
    const { owner, listing, requestId } = await askedForPremium();
    expect(await decline(requestId, listing.id)).toMatchObject({ status: "done" });
    expect(await approve(listing.id, requestId)).toEqual({ status: "not-found" });
    expect(await traces(listing.id, requestId, owner.email)).toEqual({
      plan: "standard",
      request: { status: "closed", outcome: "dismissed" },
      audit: ["plan_upgrade.requested", "plan_upgrade.closed"],
      planMails: 0,
    });
  });

  it("an approval and a decline at once: one of them decides, and the plan agrees with it", async () => {
    const { owner, listing, requestId } = await askedForPremium();
    const [approved, declined] = await Promise.all([
      approve(listing.id, requestId),
      decline(requestId, listing.id),
    ]);
    const after = await traces(listing.id, requestId, owner.email);
    if (approved.status === "done") {
      expect(declined).toEqual({ status: "unchanged" });
      expect(after).toEqual({
        plan: "premium",
        request: { status: "closed", outcome: "plan_changed" },
        audit: ["plan_upgrade.requested", "listing.plan_changed"],
        planMails: 1,
      });
    } else {
      expect(approved).toEqual({ status: "not-found" });
      expect(declined).toMatchObject({ status: "done" });
      expect(after).toEqual({
        plan: "standard",
        request: { status: "closed", outcome: "dismissed" },
        audit: ["plan_upgrade.requested", "plan_upgrade.closed"],
        planMails: 0,
      });
    }
  });

  // The decline lands after the approval's first look and before its change: held there by
  // another transaction's lock on the listing. PostgreSQL only: PGlite is one connection, so no
  // other transaction can hold the lock (the test is defined on PostgreSQL alone).
  if (testDatabaseKind() === "postgres")
    it("a decline between the approval's first look and its change: the plan stays, nothing is sent", async () => {
      const { owner, listing, requestId } = await askedForPremium();
      const pool = t.pool;
      const holder = await pool.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT id FROM claimed_listings WHERE id = $1 FOR UPDATE", [listing.id]);
        const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        const approval = approve(listing.id, requestId);
        // Wait until the approval is blocked on the listing's lock (past its first look).
        await expect
          .poll(async () => {
            const r = await pool.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
              [rows[0]!.pid],
            );
            return r.rows[0]!.n;
          })
          .toBe(1);
        expect(await decline(requestId, listing.id)).toMatchObject({ status: "done" });
        await holder.query("COMMIT");
        expect(await approval).toEqual({ status: "not-found" });
      } finally {
        holder.release();
      }
      expect(await traces(listing.id, requestId, owner.email)).toEqual({
        plan: "standard",
        request: { status: "closed", outcome: "dismissed" },
        audit: ["plan_upgrade.requested", "plan_upgrade.closed"],
        planMails: 0,
      });
    });
});

describe("declining from a provider's page", () => {
  it("closes only that listing's request: another listing's id is not found and stays open", async () => {
    const mine = await askedForPremium();
    const theirs = await askedForPremium();
    expect(await decline(theirs.requestId, mine.listing.id)).toEqual({ status: "not-found" });
    expect(await traces(theirs.listing.id, theirs.requestId, theirs.owner.email)).toMatchObject({
      request: { status: "open", outcome: null },
      audit: ["plan_upgrade.requested"],
    });
    // Its own listing's page closes it.
    expect(await decline(theirs.requestId, theirs.listing.id)).toMatchObject({ status: "done" });
    // And the approval of a request on another listing's page is not found either.
    expect(await approve(theirs.listing.id, mine.requestId)).toEqual({ status: "not-found" });
    expect((await traces(mine.listing.id, mine.requestId, mine.owner.email)).request.status).toBe("open");
  });
});
