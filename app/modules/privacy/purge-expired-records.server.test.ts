import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { insertClaimRequest, insertRegisterEntry } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import type { TestDatabase } from "#tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { purgeExpiredRecords } from "./purge-expired-records.server";

let t: TestDatabase;
let dir: string;
useTestDatabaseAndFolder("purge-", (opened, folder) => {
  t = opened;
  dir = folder;
});

const NOW = new Date("2026-11-22T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

it("deletes what the privacy notice says has expired, and nothing else", async () => {
  const storage = new LocalDiskStorage(dir);
  await storage.put("leads/old.jpg", Buffer.from("old"));
  await storage.put("leads/new.jpg", Buffer.from("new"));
  await storage.put("quotes/old.png", Buffer.from("old"));
  const db = t.db;
  await insertRegisterEntry(db, { registration_number: "CBDU1" });
  const lead = (created_at: Date, image_key: string | null) => ({
    name: "A",
    email: "a@example.test",
    postcode: "LS1 1AA",
    description: "sofa",
    preferred_date: "2026-01-01",
    created_at,
    image_key,
  });
  await db
    .insertInto("general_leads")
    .values([lead(daysAgo(400), "leads/old.jpg"), lead(daysAgo(300), "leads/new.jpg")])
    .execute();
  const quote = (created_at: Date, image_key: string | null) => ({
    provider_id: "CBDU1",
    name: "B",
    email: "b@example.test",
    message: "hi",
    created_at,
    image_key,
  });
  await db
    .insertInto("quote_requests")
    .values([quote(daysAgo(366), "quotes/old.png"), quote(daysAgo(10), null)])
    .execute();
  const msg = (created_at: Date) => ({
    name: "C",
    email: "c@example.test",
    subject: "s",
    message: "m",
    created_at,
  });
  await db
    .insertInto("contact_messages")
    .values([msg(daysAgo(500)), msg(daysAgo(30))])
    .execute();
  await db
    .insertInto("carrier_reports")
    .values([
      { registration_number: "CBDU1", reason: "r", details: "d", created_at: daysAgo(370) },
      { registration_number: "CBDU1", reason: "r", details: "d", created_at: daysAgo(3) },
    ])
    .execute();
  const mail = (status: "queued" | "sent" | "failed", created_at: Date) => ({
    to_address: "x@example.test",
    subject: "s",
    html: "h",
    text: "t",
    template: "t",
    status,
    created_at,
  });
  await db
    .insertInto("email_outbox")
    .values([
      mail("sent", daysAgo(91)),
      mail("failed", daysAgo(100)),
      mail("queued", daysAgo(200)),
      mail("sent", daysAgo(5)),
    ])
    .execute();
  // Each decided claim with its licence document (decision 0506), gone with it (decision 0271).
  const claim = async (status: "pending" | "approved" | "rejected", updated_at: Date) => {
    const row = await insertClaimRequest(db, {
      registration_number: "CBDU1",
      contact_name: "D",
      contact_email: "d@example.test",
      contact_phone: "0113",
      status,
      updated_at,
      created_at: updated_at,
    });
    const key = `claim-documents/${row.id}/licence.pdf`;
    await storage.put(key, Buffer.from("%PDF-1.7 licence"));
    await db
      .updateTable("claim_requests")
      .set({ license_document_key: key, license_document_type: "application/pdf", license_document_size: 16 })
      .where("id", "=", row.id)
      .execute();
    return key;
  };
  const expiredDocument = await claim("rejected", daysAgo(7 * 365));
  const keptDocument = await claim("approved", daysAgo(5 * 365));
  await db
    .insertInto("audit_log")
    .values([
      { action: "claim.reject", entity: "claim", entity_id: "1", created_at: daysAgo(6 * 366) },
      { action: "claim.approve", entity: "claim", entity_id: "2", created_at: daysAgo(365) },
    ])
    .execute();
  // Reviews waiting for confirmation: gone 7 days after their link expired, confirmed or not.
  const unconfirmed = (token_hash: string, expires_at: Date, confirmed_at: Date | null = null) => ({
    provider_id: "CBDU1",
    reviewer_name: "E",
    reviewer_email: "e@example.test",
    rating: 4,
    review_text: "fine",
    token_hash,
    expires_at,
    confirmed_at,
  });
  await db
    .insertInto("unconfirmed_reviews")
    .values([
      unconfirmed("h1", daysAgo(8)),
      unconfirmed("h2", daysAgo(9), daysAgo(14)),
      unconfirmed("h3", daysAgo(6)),
      unconfirmed("h4", daysAgo(-5)),
    ])
    .execute();

  const counts = await purgeExpiredRecords(db, storage, NOW);
  expect(counts).toEqual({
    leads: 1,
    quoteRequests: 1,
    contactMessages: 1,
    carrierReports: 1,
    emails: 2,
    claimRequests: 1,
    auditEntries: 1,
    unconfirmedReviews: 2,
    photos: 2,
    documents: 1,
  });

  const left = async (
    table:
      | "general_leads"
      | "quote_requests"
      | "contact_messages"
      | "carrier_reports"
      | "email_outbox"
      | "claim_requests"
      | "audit_log"
      | "unconfirmed_reviews",
  ) => countRows(db, table);
  expect(await left("general_leads")).toBe(1);
  expect(await left("quote_requests")).toBe(1);
  expect(await left("contact_messages")).toBe(1);
  expect(await left("carrier_reports")).toBe(1);
  expect(await left("email_outbox")).toBe(2); // a queued message is never dropped, however old
  expect(await left("claim_requests")).toBe(1);
  expect(await left("audit_log")).toBe(1);
  expect(await left("unconfirmed_reviews")).toBe(2);
  expect(await storage.get("leads/old.jpg")).toBeNull();
  expect(await storage.get("quotes/old.png")).toBeNull();
  expect((await storage.get("leads/new.jpg"))?.body.toString()).toBe("new");
  expect(await storage.get(expiredDocument)).toBeNull();
  expect(fs.existsSync(path.join(dir, path.dirname(expiredDocument)))).toBe(false);
  expect((await storage.get(keptDocument))?.body.toString()).toBe("%PDF-1.7 licence");

  // Running it again the same day finds nothing more.
  expect(Object.values(await purgeExpiredRecords(db, storage, NOW)).every((n) => n === 0)).toBe(true);
});

it("reports a photo it cannot delete and still removes the record", async () => {
  await t.db
    .insertInto("general_leads")
    .values({
      name: "A",
      email: "a@example.test",
      postcode: "LS1 1AA",
      description: "x",
      preferred_date: "2026-01-01",
      created_at: daysAgo(800),
      image_key: "leads/gone.jpg",
    })
    .execute();
  const failures: string[] = [];
  const counts = await purgeExpiredRecords(
    t.db,
    {
      delete: async () => {
        throw new Error("bucket unavailable");
      },
      deletePrefix: async () => {
        throw new Error("bucket unavailable");
      },
    },
    NOW,
    (key) => failures.push(key),
  );
  expect(counts.leads).toBe(1);
  expect(counts.photos).toBe(0);
  expect(failures).toEqual(["leads/gone.jpg"]);
});

it("reports an expired claim's licence document it cannot delete and still removes the claim", async () => {
  await insertRegisterEntry(t.db, { registration_number: "CBDU2" });
  const claim = await insertClaimRequest(t.db, {
    registration_number: "CBDU2",
    status: "rejected",
    updated_at: daysAgo(7 * 366),
    license_document_key: "claim-documents/x/licence.pdf",
    license_document_type: "application/pdf",
    license_document_size: 10,
  });
  const failures: string[] = [];
  const counts = await purgeExpiredRecords(
    t.db,
    {
      delete: async () => undefined,
      deletePrefix: async () => {
        throw new Error("bucket unavailable");
      },
    },
    NOW,
    (key) => failures.push(key),
  );
  expect(counts).toMatchObject({ claimRequests: 1, documents: 0 });
  expect(failures).toEqual([`claim-documents/${claim.id}`]);
  const row = await t.db
    .selectFrom("claim_requests")
    .select("id")
    .where("id", "=", claim.id)
    .executeTakeFirst();
  expect(row).toBeUndefined();
});
