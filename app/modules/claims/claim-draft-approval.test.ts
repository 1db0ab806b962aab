/**
 * Decision 0268, on a real database: a claim's approval publishes the owner's draft the admin was
 * shown, never another. The review (`getClaim`) shows the draft approval would publish (only the
 * fields it changes, a logo by its address) with its version; the approval compares that version
 * with the draft it finds under the listing's lock. A draft saved after the page was loaded (a
 * second tab, the claimant editing at that moment) is refused with nothing changed, and so is one
 * saved after a page that showed none; the same values saved again are the same draft.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#tests/support/test-database";
import { saveListingDetails } from "../company/update-listing.server";
import { getProvider } from "../directory/get-provider.server";
import { approveClaim } from "./approve-claim.server";
import { draftVersion } from "./claim-draft.server";
import { getClaim } from "./list-claims.server";
import { submitClaim } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";

let t: TestDatabase;
let adminId: string;
let sequence = 0;
// In the future, so that trial and subscription end dates are still ahead of the database clock.
const NOW = new Date("2030-03-10T12:00:00Z");
const LOGO = "/company-logo/cbdu726800-logo-1-0123456789abcdef.png";

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db)).id;
});
afterAll(() => t.destroy());

/** A pending claim made through the wizard's function: an account and its unverified listing. */
async function pendingClaim() {
  const n = ++sequence;
  const number = `CBDU7268${String(n).padStart(2, "0")}`;
  const email = `drafter-${n}@claim-draft.example`;
  await insertRegisterEntry(t.db, {
    registration_number: number,
    business_name: `DRAFT ${n} SKIPS LTD`,
    expiry_date: "2033-01-01",
  });
  const r = await submitClaim(
    t.db,
    TEST_CONFIG,
    claimSubmission(number, email, {
      about: "What the claim says.",
      services: ["Skip Hire"],
      contactPhone: "0113 496 0000",
    }),
    { ip: `10.26.8.${n}` },
  );
  if (r.status !== "submitted") throw new Error(r.status);
  return { number, email, claimId: r.claimId, userId: r.userId };
}

/** What the claimant saves on /company while the claim waits. */
const edits = (email: string, about: string) => ({
  businessName: `DRAFT SKIPS LTD`,
  about,
  phone: "0113 496 0999",
  email,
  services: ["Skip Hire", "Asbestos Removal"],
});

const approve = (claimId: string, draftSeen?: string) =>
  approveClaim(t.db, TEST_CONFIG, {
    claimId,
    adminId,
    plan: "standard",
    period: "monthly",
    freeTrial: true,
    now: NOW,
    ...(draftSeen === undefined ? {} : { draftSeen }),
  });

/** What an approval would change: the claim, the listing, the register row, mail and audit rows. */
async function traces(claimId: string, number: string) {
  const claim = await t.db
    .selectFrom("claim_requests")
    .select(["status", "reviewed_by"])
    .where("id", "=", claimId)
    .executeTakeFirstOrThrow();
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select(["verified", "about", "phone", "draft"])
    .where("registration_number", "=", number)
    .executeTakeFirstOrThrow();
  const entry = await t.db
    .selectFrom("directory_entries")
    .select("is_claimed")
    .where("registration_number", "=", number)
    .executeTakeFirstOrThrow();
  const audit = await t.db
    .selectFrom("audit_log")
    .select("action")
    .where("entity_id", "=", claimId)
    .execute();
  const mails = await t.db.selectFrom("email_outbox").select("id").execute();
  return {
    claim,
    verified: listing.verified,
    published: { about: listing.about, phone: listing.phone },
    draft: listing.draft,
    claimed: entry.is_claimed,
    audit: audit.map((a) => a.action).sort(),
    mails: mails.length,
  };
}

describe("the claim's review", () => {
  it("shows the draft approval would publish: only the fields it changes, the logo, its version", async () => {
    const c = await pendingClaim();
    expect((await getClaim(t.db, c.claimId))!.draft).toBeNull();
    expect(await saveListingDetails(t.db, c.userId, edits(c.email, "Written while pending."), NOW)).toBe(
      "draft",
    );
    // A logo waiting in the draft too (as the logo upload leaves it).
    const row = await t.db
      .selectFrom("claimed_listings")
      .select("draft")
      .where("registration_number", "=", c.number)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("claimed_listings")
      .set({ draft: JSON.stringify({ ...(row.draft as object), logoUrl: LOGO }) })
      .where("registration_number", "=", c.number)
      .execute();

    const draft = (await getClaim(t.db, c.claimId))!.draft;
    expect(draft).toEqual({
      version: expect.stringMatching(/^[0-9a-f]{32}$/),
      savedAt: NOW.toISOString(),
      changes: [
        {
          field: "businessName",
          label: "Business name",
          claim: `DRAFT ${sequence} SKIPS LTD`,
          draft: "DRAFT SKIPS LTD",
        },
        { field: "about", label: "About", claim: "What the claim says.", draft: "Written while pending." },
        { field: "phone", label: "Phone", claim: "0113 496 0000", draft: "0113 496 0999" },
        // The e-mail is the claim's own: not a change, not shown.
        {
          field: "services",
          label: "Services",
          claim: "Skip Hire",
          draft: "Skip Hire, Asbestos Removal",
        },
        { field: "logo", label: "Logo", claim: null, draft: LOGO },
      ],
    });
    // An approved claim has no draft waiting.
    expect(await approve(c.claimId, draft!.version)).toMatchObject({ status: "approved" });
    expect((await getClaim(t.db, c.claimId))!.draft).toBeNull();
  });

  it("does not show the draft of a listing another account holds: approval drops it (decision 0256)", async () => {
    const number = "CBDU726890";
    await insertRegisterEntry(t.db, { registration_number: number, expiry_date: "2033-01-01" });
    const holder = await insertUser(t.db, { email: "holder@claim-draft.example" });
    await insertClaimedListing(t.db, {
      registration_number: number,
      user_id: holder.id,
      verified: false,
      draft: JSON.stringify({ about: "The holder's words" }),
    });
    // A claim of the business by someone else (its own account; the wizard's takeover is not used).
    const claimant = await insertUser(t.db, { email: "claimant@claim-draft.example" });
    const claim = await t.db
      .insertInto("claim_requests")
      .values({
        registration_number: number,
        user_id: claimant.id,
        contact_name: "Cleo Claimant",
        contact_email: claimant.email,
        contact_phone: "0113 496 0001",
        created_at: NOW,
        updated_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await getClaim(t.db, claim.id))!.draft).toBeNull();
    expect(await approve(claim.id, "")).toMatchObject({ status: "approved" });
    expect(await getProvider(t.db, number)).toMatchObject({ about: null });
  });
});

describe("approving a claim with a draft", () => {
  it("publishes the draft the admin was shown, and records its version", async () => {
    const c = await pendingClaim();
    await saveListingDetails(t.db, c.userId, edits(c.email, "Shown to the admin."), NOW);
    const shown = (await getClaim(t.db, c.claimId))!.draft!.version;
    // The same values saved again (a later savedAt) are the same draft.
    await saveListingDetails(t.db, c.userId, edits(c.email, "Shown to the admin."), new Date());
    expect((await getClaim(t.db, c.claimId))!.draft!.version).toBe(shown);

    expect(await approve(c.claimId, shown)).toMatchObject({ status: "approved" });
    expect(await getProvider(t.db, c.number)).toMatchObject({
      is_claimed: true,
      about: "Shown to the admin.",
      services: ["Skip Hire", "Asbestos Removal"],
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", c.claimId)
      .where("action", "=", "claim.approved")
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ draftPublished: true, draftVersion: shown });
  });

  it("refuses a draft changed after the page was loaded, changing nothing; the new one can then be approved", async () => {
    const c = await pendingClaim();
    await saveListingDetails(t.db, c.userId, edits(c.email, "What the admin read."), NOW);
    const shown = (await getClaim(t.db, c.claimId))!.draft!.version;
    // The claimant edits again in another tab before the admin clicks Approve.
    await saveListingDetails(t.db, c.userId, edits(c.email, "Something else entirely."), NOW);
    const before = await traces(c.claimId, c.number);

    expect(await approve(c.claimId, shown)).toEqual({ status: "draft-changed" });
    expect(await traces(c.claimId, c.number)).toEqual(before);
    expect(before).toMatchObject({
      claim: { status: "pending", reviewed_by: null },
      verified: false,
      published: { about: "What the claim says.", phone: "0113 496 0000" },
      claimed: false,
      audit: ["claim.submitted"],
    });

    // Looked at again: the review shows the new draft, whose version approves it.
    const now = (await getClaim(t.db, c.claimId))!.draft!;
    expect(now.version).not.toBe(shown);
    expect(now.changes.find((x) => x.field === "about")?.draft).toBe("Something else entirely.");
    expect(await approve(c.claimId, now.version)).toMatchObject({ status: "approved" });
    expect(await getProvider(t.db, c.number)).toMatchObject({ about: "Something else entirely." });
  });

  it("refuses a draft saved after a page that showed none, and an approval that says nothing of it", async () => {
    const c = await pendingClaim();
    expect((await getClaim(t.db, c.claimId))!.draft).toBeNull();
    await saveListingDetails(t.db, c.userId, edits(c.email, "Saved after the page loaded."), NOW);
    const before = await traces(c.claimId, c.number);
    expect(await approve(c.claimId, "")).toEqual({ status: "draft-changed" });
    expect(await approve(c.claimId)).toEqual({ status: "draft-changed" });
    expect(await traces(c.claimId, c.number)).toEqual(before);
  });

  it("refuses a version of a draft that is gone, and a made-up one", async () => {
    const c = await pendingClaim();
    expect(await approve(c.claimId, draftVersion({ about: "Never saved" }))).toEqual({
      status: "draft-changed",
    });
    expect(await approve(c.claimId, "anything")).toEqual({ status: "draft-changed" });
    expect(await approve(c.claimId, "")).toMatchObject({ status: "approved" });
  });

  // The claimant's save holds the listing's lock when the approval comes: the approval waits for
  // it and then decides on the draft as saved. PostgreSQL only: PGlite is one connection, so no
  // other transaction can hold the lock (the test is defined on PostgreSQL alone).
  if (testDatabaseKind() === "postgres")
    it("a save committed while the approval waits for the listing's lock: refused, nothing changed", async () => {
      const c = await pendingClaim();
      await saveListingDetails(t.db, c.userId, edits(c.email, "What the admin read."), NOW);
      const shown = (await getClaim(t.db, c.claimId))!.draft!.version;
      const before = await traces(c.claimId, c.number);
      const holder = await t.pool.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT id FROM claimed_listings WHERE registration_number = $1 FOR UPDATE", [
          c.number,
        ]);
        const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        const approval = approve(c.claimId, shown);
        await expect
          .poll(async () => {
            const r = await t.pool.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
              [rows[0]!.pid],
            );
            return r.rows[0]!.n;
          })
          .toBe(1);
        await holder.query(
          `UPDATE claimed_listings SET draft = jsonb_set(draft, '{about}', '"Changed at that moment."')
           WHERE registration_number = $1`,
          [c.number],
        );
        await holder.query("COMMIT");
        expect(await approval).toEqual({ status: "draft-changed" });
      } finally {
        holder.release();
      }
      expect(await traces(c.claimId, c.number)).toEqual({
        ...before,
        draft: { ...(before.draft as object), about: "Changed at that moment." },
      });
    });
});
