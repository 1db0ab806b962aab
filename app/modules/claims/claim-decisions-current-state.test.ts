/**
 * Decision 0263, on a real database: a claim is decided on what is true when the admin clicks.
 * - Approval reads the registration's state with the locked register row: one that expired or
 *   left the register since the claim was made is refused (`not-in-force`), with nothing changed
 *   and nothing sent; the review shows the state before the admin decides. Add Provider may still
 *   list an expired registration (decision 0506).
 * - Notes are saved on a pending claim only: a decided claim's notes (its decision's record) are
 *   not rewritten, by a stale page or by a save racing the decision.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAdmin,
  insertClaimRequest,
  insertRegisterEntry,
  nextRegistrationNumber,
} from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { addProvider } from "./add-provider.server";
import { approveClaim } from "./approve-claim.server";
import { CLAIM_TEXT } from "./constants";
import { getClaim } from "./list-claims.server";
import { rejectClaim } from "./reject-claim.server";
import { saveClaimNotes } from "./save-claim-notes.server";

let t: TestDatabase;
let adminId: string;
const NOW = new Date("2030-06-15T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db)).id;
});
afterAll(() => t.destroy());

const approve = (claimId: string, now = NOW) =>
  approveClaim(t.db, TEST_CONFIG, {
    claimId,
    adminId,
    plan: "standard",
    period: "monthly",
    freeTrial: true,
    now,
  });

/** A pending claim for a register row as `entry` says. */
async function claimFor(entry: Parameters<typeof insertRegisterEntry>[1] = {}) {
  const number = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: number, ...entry });
  const claim = await insertClaimRequest(t.db, { registration_number: number, admin_notes: "Called them" });
  return { number, claim };
}

/** What an approval would change: the claim, any listing, the register row, mail and audit rows. */
async function traces(claimId: string, number: string, email: string) {
  const claim = await t.db
    .selectFrom("claim_requests")
    .select(["status", "reviewed_by", "admin_notes"])
    .where("id", "=", claimId)
    .executeTakeFirstOrThrow();
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select("verified")
    .where("registration_number", "=", number)
    .executeTakeFirst();
  const entry = await t.db
    .selectFrom("directory_entries")
    .select("is_claimed")
    .where("registration_number", "=", number)
    .executeTakeFirstOrThrow();
  const mails = await t.db.selectFrom("email_outbox").select("id").where("to_address", "=", email).execute();
  const audit = await t.db
    .selectFrom("audit_log")
    .select("action")
    .where("entity_id", "=", claimId)
    .execute();
  return {
    claim,
    listing: listing ?? null,
    claimed: entry.is_claimed,
    mails: mails.length,
    audit: audit.map((a) => a.action),
  };
}

const untouched = {
  claim: { status: "pending", reviewed_by: null, admin_notes: "Called them" },
  listing: null,
  claimed: false,
  mails: 0,
  audit: [],
};

describe("approving a claim whose registration is no longer in force", () => {
  it("refuses a registration removed from the register since the claim, changing nothing", async () => {
    const { number, claim } = await claimFor();
    // The register sync removed it after the claim was made.
    await t.db
      .updateTable("directory_entries")
      .set({ on_register: false, removed_at: new Date("2030-06-01T03:00:00Z") })
      .where("registration_number", "=", number)
      .execute();
    const review = await getClaim(t.db, claim.id, NOW);
    expect(review!.registration).toEqual({ state: { state: "removed", since: "2030-06-01" }, tier: "UPPER" });

    const r = await approve(claim.id);
    expect(r).toEqual({
      status: "not-in-force",
      registrationNumber: number,
      registration: { state: "removed", since: "2030-06-01" },
    });
    if (r.status !== "not-in-force") throw new Error(r.status);
    expect(CLAIM_TEXT.notInForce(r.registrationNumber, r.registration)).toBe(
      `The registration ${number} is no longer on the public register (removed on 1 June 2030). Only a claim whose registration is in force can be approved: reject this claim.`,
    );
    expect(await traces(claim.id, number, claim.contact_email)).toEqual(untouched);
    // Rejecting it still works.
    expect(await rejectClaim(t.db, TEST_CONFIG, { claimId: claim.id, adminId })).toMatchObject({
      status: "rejected",
    });
  });

  it("refuses one that expired since the claim (expiring today counts), until the register shows the renewal", async () => {
    const { number, claim } = await claimFor({ expiry_date: "2030-06-15" });
    const r = await approve(claim.id);
    expect(r).toMatchObject({
      status: "not-in-force",
      registration: { state: "expired", since: "2030-06-15" },
    });
    if (r.status !== "not-in-force") throw new Error(r.status);
    expect(CLAIM_TEXT.notInForce(r.registrationNumber, r.registration)).toBe(
      `The registration ${number} expired on 15 June 2030. Only a claim whose registration is in force can be approved: reject this claim, or approve it once the public register shows the renewal.`,
    );
    expect(await traces(claim.id, number, claim.contact_email)).toEqual(untouched);
    expect((await getClaim(t.db, claim.id, NOW))!.registration!.state).toEqual({
      state: "expired",
      since: "2030-06-15",
    });

    // Renewed on the register: the same claim is approved.
    await t.db
      .updateTable("directory_entries")
      .set({ expiry_date: "2033-06-15" })
      .where("registration_number", "=", number)
      .execute();
    expect((await getClaim(t.db, claim.id, NOW))!.registration!.state).toMatchObject({ state: "valid" });
    expect(await approve(claim.id)).toMatchObject({ status: "approved" });
  });

  it("approves a lower-tier registration (it does not expire)", async () => {
    const { claim } = await claimFor({ registration_tier: "LOWER", expiry_date: null });
    expect((await getClaim(t.db, claim.id, NOW))!.registration).toEqual({
      state: { state: "no-expiry" },
      tier: "LOWER",
    });
    expect(await approve(claim.id)).toMatchObject({ status: "approved" });
  });

  it("Add Provider may still list an expired registration, not a removed one", async () => {
    const expired = nextRegistrationNumber();
    const removed = nextRegistrationNumber();
    await insertRegisterEntry(t.db, { registration_number: expired, expiry_date: "2030-01-01" });
    await insertRegisterEntry(t.db, {
      registration_number: removed,
      on_register: false,
      removed_at: new Date("2030-05-01T00:00:00Z"),
    });
    const add = (registrationNumber: string, contactEmail: string) =>
      addProvider(t.db, TEST_CONFIG, {
        registrationNumber,
        contactName: "Pat Owner",
        contactEmail,
        contactPhone: "0113 496 0000",
        plan: "standard",
        period: "monthly",
        freeTrial: false,
        adminId,
        now: NOW,
      });
    expect(await add(expired, "expired-owner@claims.example")).toMatchObject({
      status: "added",
      approval: { status: "approved" },
    });
    expect(await add(removed, "removed-owner@claims.example")).toEqual({ status: "not-found" });
  });
});

describe("a claim's notes", () => {
  it("are saved while the claim is pending, and not rewritten once it is decided", async () => {
    const { number, claim } = await claimFor();
    expect(
      await saveClaimNotes(t.db, { claimId: claim.id, adminId, notes: " Licence checked ", now: NOW }),
    ).toEqual({ status: "saved" });
    expect(await approve(claim.id)).toMatchObject({ status: "approved" });
    // A page opened before the approval.
    expect(
      await saveClaimNotes(t.db, { claimId: claim.id, adminId, notes: "Rewritten later", now: NOW }),
    ).toEqual({
      status: "decided",
      claimStatus: "approved",
    });
    const after = await traces(claim.id, number, claim.contact_email);
    expect(after.claim).toMatchObject({ status: "approved", admin_notes: "Licence checked" });
    expect(after.audit.sort()).toEqual(["claim.approved", "claim.notes_saved"]);

    const rejected = await claimFor();
    await rejectClaim(t.db, TEST_CONFIG, {
      claimId: rejected.claim.id,
      adminId,
      adminNotes: "Not on Companies House",
    });
    expect(
      await saveClaimNotes(t.db, { claimId: rejected.claim.id, adminId, notes: "Something else", now: NOW }),
    ).toEqual({ status: "decided", claimStatus: "rejected" });
    expect((await getClaim(t.db, rejected.claim.id, NOW))!.adminNotes).toBe("Not on Companies House");

    expect(
      await saveClaimNotes(t.db, {
        claimId: "00000000-0000-4000-8000-000000000000",
        adminId,
        notes: "x",
      }),
    ).toEqual({ status: "not-found" });
  });

  it("a notes save racing the approval: saved before it, or refused after it, never rewritten after", async () => {
    const { claim } = await claimFor();
    const [saved, approved] = await Promise.all([
      saveClaimNotes(t.db, { claimId: claim.id, adminId, notes: "Racing note", now: NOW }),
      approveClaim(t.db, TEST_CONFIG, {
        claimId: claim.id,
        adminId,
        plan: "standard",
        period: "monthly",
        freeTrial: true,
        adminNotes: "Approved after a call",
        now: NOW,
      }),
    ]);
    expect(approved).toMatchObject({ status: "approved" });
    const notes = (await getClaim(t.db, claim.id, NOW))!.adminNotes;
    // The approval's notes are the decision's record either way.
    expect(notes).toBe("Approved after a call");
    expect(["saved", "decided"]).toContain(saved.status);
  });
});
