import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEmailNotifications, saveListingDetails } from "~/modules/company/update-listing.server";
import { removeLogo } from "~/modules/company/logo.server";
import { markMessageRead } from "~/modules/contact/list-messages.server";
import { deleteLead } from "~/modules/leads/delete-lead.server";
import { deleteQuoteRequest } from "~/modules/quotes/delete-quote.server";
import { clearStuckSyncsAsAdmin } from "~/modules/register-sync/admin-sync-actions.server";
import { moderateReview } from "~/modules/reviews/moderate-review.server";
import { createWasteNote } from "~/modules/waste-notes/create-note.server";
import { validInput } from "~/modules/waste-notes/test-support/valid-form";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { auditActionLabel, auditSubjectHref } from "./audit-actions";
import { AUDIT_FILTER_MESSAGES, parseAuditFilters } from "./audit-filters";
import { DAY_RANGE_MESSAGES } from "./day-range";
import { listAuditLog } from "./list-audit-log.server";
import { recordAudit } from "./record-audit.server";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
const log = createLogger("silent");
let admin: { id: string; email: string };
let other: { id: string; email: string };

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-"));
  storage = new LocalDiskStorage(dir);
  admin = await insertAdmin(t.db, { email: "audit-admin@example.test" });
  other = await insertAdmin(t.db, { email: "second-admin@example.test" });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The newest entries of one action (the trail a change just wrote). */
async function entriesOf(action: string) {
  return (await listAuditLog(t.db, { action: action as never })).rows;
}

describe("the audit log's list", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // 30 entries an hour apart on 2026-03-01..02 (UK time is GMT in March before the 29th).
    for (let i = 0; i < 30; i++) {
      await recordAudit(t.db, {
        actorUserId: i % 3 === 0 ? other.id : admin.id,
        action: i % 2 === 0 ? "claim.approved" : "listing.suspended",
        entity: i % 2 === 0 ? "claim_request" : "claimed_listing",
        entityId: `subject-${i}`,
        details: { registrationNumber: `CBDU9000${String(i).padStart(2, "0")}` },
        at: new Date(Date.UTC(2026, 2, 1, 0, 0) + i * 3_600_000),
      });
    }
    const rows = await t.db
      .selectFrom("audit_log")
      .select("id")
      .where("entity_id", "like", "subject-%")
      .execute();
    ids.push(...rows.map((r) => String(r.id)));
  });

  it("pages newest first with keyset cursors over the bigserial id, forwards and back", async () => {
    const filters = { from: "2026-03-01", to: "2026-03-02" };
    const range = parseAuditFilters(new URLSearchParams(filters));
    if (!range.ok) throw new Error("range refused");
    const first = await listAuditLog(t.db, range.filters, { limit: 12 }, range.bounds);
    expect(first.rows.map((r) => r.entityId)).toEqual(
      Array.from({ length: 12 }, (_, i) => `subject-${29 - i}`),
    );
    expect(first.prev).toBeNull();
    expect(first.next).toMatch(/^2026-03-01T18:00:00\.000Z_\d+$/);
    const second = await listAuditLog(t.db, range.filters, { limit: 12, after: first.next }, range.bounds);
    expect(second.rows.map((r) => r.entityId)).toEqual(
      Array.from({ length: 12 }, (_, i) => `subject-${17 - i}`),
    );
    const third = await listAuditLog(t.db, range.filters, { limit: 12, after: second.next }, range.bounds);
    expect(third.rows).toHaveLength(6);
    expect(third.next).toBeNull();
    const back = await listAuditLog(t.db, range.filters, { limit: 12, before: third.prev }, range.bounds);
    expect(back.rows.map((r) => r.entityId)).toEqual(second.rows.map((r) => r.entityId));
    // A cursor of another list (a uuid) is ignored: the first page.
    const odd = await listAuditLog(
      t.db,
      range.filters,
      { limit: 12, after: "2026-03-02T00:00:00.000Z_0d7c4d6e-8d1e-4c1a-9c41-0a4c1c2b9f00" },
      range.bounds,
    );
    expect(odd.rows[0]?.entityId).toBe("subject-29");
    expect(ids).toHaveLength(30);
  });

  it("filters by actor e-mail (whole or part), action, subject and UK days; shows the actor's e-mail", async () => {
    const byOther = await listAuditLog(t.db, { actor: "SECOND-admin@" }, { limit: 100 });
    expect(byOther.rows).toHaveLength(10);
    expect(new Set(byOther.rows.map((r) => r.actorEmail))).toEqual(new Set([other.email]));
    const approvals = await listAuditLog(
      t.db,
      { action: "claim.approved", actor: admin.email },
      { limit: 100 },
    );
    expect(approvals.rows.map((r) => r.entityId).sort()).toEqual(
      [
        "subject-10",
        "subject-14",
        "subject-16",
        "subject-2",
        "subject-20",
        "subject-22",
        "subject-26",
        "subject-28",
        "subject-4",
        "subject-8",
      ].sort(),
    );
    const one = await listAuditLog(t.db, { entity: "claimed_listing", subject: "subject-7" });
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toMatchObject({
      action: "listing.suspended",
      actorEmail: admin.email,
      registrationNumber: "CBDU900007",
    });
    expect((await listAuditLog(t.db, { entity: "claim_request", subject: "subject-7" })).rows).toHaveLength(
      0,
    );
    // 2026-03-02 only (UK day): entries 24..29.
    const day = parseAuditFilters(new URLSearchParams({ from: "2026-03-02", to: "2026-03-02" }));
    if (!day.ok) throw new Error("day refused");
    const onDay = await listAuditLog(t.db, day.filters, { limit: 100 }, day.bounds);
    expect(onDay.rows.map((r) => r.entityId)).toEqual([29, 28, 27, 26, 25, 24].map((i) => `subject-${i}`));
    expect((await listAuditLog(t.db, { actor: "nobody@example.test" })).rows).toEqual([]);
  });

  it("refuses filters it cannot use, each with its message, and reads UK summer days", () => {
    const bad = parseAuditFilters(
      new URLSearchParams({ action: "claim.exploded", entity: "users", from: "2026-02-30", to: "yesterday" }),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual({
      action: AUDIT_FILTER_MESSAGES.action,
      entity: AUDIT_FILTER_MESSAGES.entity,
      from: DAY_RANGE_MESSAGES.from,
      to: DAY_RANGE_MESSAGES.to,
    });
    const order = parseAuditFilters(new URLSearchParams({ from: "2026-03-05", to: "2026-03-01" }));
    expect(order.ok ? null : order.errors).toEqual({ to: DAY_RANGE_MESSAGES.order });
    expect(parseAuditFilters(new URLSearchParams({ subject: "x".repeat(101) })).ok).toBe(false);
    const summer = parseAuditFilters(new URLSearchParams({ from: "2026-07-01", to: "2026-07-01" }));
    if (!summer.ok) throw new Error("summer refused");
    expect(summer.bounds.start?.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(summer.bounds.end?.toISOString()).toBe("2026-07-01T23:00:00.000Z");
  });

  it("labels actions and links subjects where a page exists", () => {
    expect(auditActionLabel("claim.approved")).toBe("Claim approved");
    expect(auditActionLabel("waste_note.voided")).toBe("Waste note voided");
    expect(auditActionLabel("something_new.happened")).toBe("Something new happened");
    expect(auditSubjectHref("claim_request", "abc", null)).toBe("/admin/claim-requests?claim=abc");
    expect(auditSubjectHref("waste_note", "n1", "CBDU1")).toBe("/waste-note/n1");
    expect(auditSubjectHref("claimed_listing", "l1", "CBDU123456")).toBe("/admin/providers/l1");
    expect(auditSubjectHref("review", "r1", "CBDU123456")).toBe("/provider/CBDU123456");
    expect(auditSubjectHref("general_lead", "x", null)).toBeNull();
  });
});

describe("actions that are now audited write one entry with the change", () => {
  const REG = "CBDU771001";
  let owner: { id: string; email: string };
  beforeAll(async () => {
    await insertRegisterEntry(t.db, { registration_number: REG, business_name: "Audit Skips Ltd" });
    owner = await insertUser(t.db, { email: "audit-owner@example.test" });
    await insertClaimedListing(t.db, { registration_number: REG, user_id: owner.id, verified: true });
  });

  it("review moderation (publish and reject), not a second click", async () => {
    const [a, b] = await t.db
      .insertInto("reviews")
      .values([
        {
          provider_id: REG,
          reviewer_name: "Ann",
          reviewer_email: "ann@example.test",
          rating: 4,
          review_text: "Good",
        },
        {
          provider_id: REG,
          reviewer_name: "Bob",
          reviewer_email: "bob@example.test",
          rating: 1,
          review_text: "Bad",
        },
      ])
      .returning("id")
      .execute();
    expect(await moderateReview(t.db, { id: a!.id, decision: "publish", adminId: admin.id })).toBe(true);
    expect(await moderateReview(t.db, { id: b!.id, decision: "reject", adminId: admin.id })).toBe(true);
    expect(await moderateReview(t.db, { id: b!.id, decision: "publish", adminId: admin.id })).toBe(false);
    const published = await listAuditLog(t.db, { entity: "review", subject: a!.id });
    expect(published.rows).toMatchObject([
      {
        action: "review.published",
        actorEmail: admin.email,
        registrationNumber: REG,
        details: { rating: 4 },
      },
    ]);
    expect(
      (await listAuditLog(t.db, { entity: "review", subject: b!.id })).rows.map((r) => r.action),
    ).toEqual(["review.rejected"]);
  });

  it("deleting a lead and a quote request (nothing when there was nothing to delete)", async () => {
    const lead = await t.db
      .insertInto("general_leads")
      .values({ name: "Lee", email: "lee@example.test", postcode: "M1 1AE", description: "Sofa" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const quote = await t.db
      .insertInto("quote_requests")
      .values({ provider_id: REG, name: "Quin", email: "quin@example.test", message: "A skip" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const deps = { db: t.db, storage, log };
    expect(await deleteLead(deps, lead.id, admin.id)).toBe(true);
    expect(await deleteLead(deps, lead.id, admin.id)).toBe(false);
    expect(await deleteQuoteRequest(deps, quote.id, other.id)).toBe(true);
    const leadTrail = await listAuditLog(t.db, { entity: "general_lead", subject: lead.id });
    expect(leadTrail.rows).toMatchObject([
      { action: "lead.deleted", actorEmail: admin.email, details: { email: "lee@example.test" } },
    ]);
    expect(
      (await listAuditLog(t.db, { actor: other.email, action: "quote_request.deleted" })).rows,
    ).toMatchObject([{ entityId: quote.id, details: { email: "quin@example.test" } }]);
  });

  it("marking a contact message read", async () => {
    const m = await t.db
      .insertInto("contact_messages")
      .values({ name: "Cat", email: "cat@example.test", subject: "Hello", message: "Hi" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await markMessageRead(t.db, m.id, admin.id)).toBe(true);
    expect(await markMessageRead(t.db, m.id, admin.id)).toBe(false);
    expect((await listAuditLog(t.db, { subject: m.id })).rows.map((r) => r.action)).toEqual([
      "contact_message.read",
    ]);
  });

  it("the owner's listing edits: details, e-mail notifications and logo", async () => {
    const details = {
      businessName: "Audit Skips",
      about: "",
      phone: "0113 496 0000",
      email: "a@b.example",
      services: [],
    };
    expect(await saveListingDetails(t.db, owner.id, details)).toBe("published");
    expect(await setEmailNotifications(t.db, owner.id, false)).toBe(true);
    expect((await removeLogo({ db: t.db, storage }, owner.id)).status).toBe("published");
    const trail = await listAuditLog(t.db, { actor: owner.email, entity: "claimed_listing" });
    expect(trail.rows.map((r) => [r.action, r.registrationNumber])).toEqual([
      ["listing.logo_removed", REG],
      ["listing.notifications_changed", REG],
      ["listing.edited", REG],
    ]);
    expect(trail.rows[2]!.details).toMatchObject({ saved: "published" });
    // No listing: nothing changed, nothing recorded.
    const stranger = await insertUser(t.db);
    expect(await saveListingDetails(t.db, stranger.id, details)).toBe("no_listing");
    expect((await listAuditLog(t.db, { actor: stranger.email })).rows).toEqual([]);
  });

  it("a company's waste note (the public generator's are not audited)", async () => {
    const data = await validInput();
    const created = await createWasteNote({ db: t.db, storage }, data, {
      owner: { userId: owner.id, registrationNumber: REG },
    });
    if (!created.ok) throw new Error(`note refused: ${created.reason}`);
    expect((await listAuditLog(t.db, { entity: "waste_note", subject: created.id })).rows).toMatchObject([
      { action: "waste_note.created", actorEmail: owner.email, registrationNumber: REG },
    ]);
    const before = (await entriesOf("waste_note.created")).length;
    const anonymous = await createWasteNote({ db: t.db, storage }, { ...data, carrierLicense: REG });
    expect(anonymous.ok).toBe(true);
    expect(await entriesOf("waste_note.created")).toHaveLength(before);
  });

  it("'Clear Stuck Syncs' records its entry in the clear's transaction", async () => {
    await t.db
      .insertInto("sync_log")
      .values({ status: "running", source: "x.csv", trigger: "manual" })
      .execute();
    const toast = await clearStuckSyncsAsAdmin(
      { db: t.db, storage, log, configuredSource: undefined, staleAfterMinutes: 30 },
      admin,
    );
    expect(toast.title).toBe("Stuck syncs cleared");
    expect(await entriesOf("register_sync.cleared")).toMatchObject([
      { actorEmail: admin.email, details: { cleared: 1 } },
    ]);
  });
});
