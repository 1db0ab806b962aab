import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertAdmin,
  insertClaimedListing,
  insertClaimRequest,
  insertRegisterEntries,
} from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { submitReport, reportSchema } from "../reports/submit-report.server";
import { listReports, setReportStatus } from "../reports/list-reports.server";
import { AdminEmailError, addAdminEmail, listAdminEmails, removeAdminEmail } from "./admin-emails.server";
import { countListings } from "./count-listings.server";
import { getDashboard } from "./get-dashboard.server";
import { describeSource, getAdminSettings, sendTestEmail } from "./settings.server";

let t: TestDatabase;
let adminId: string;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  await sql`TRUNCATE claim_requests, claimed_listings, general_leads, quote_requests, carrier_reports, audit_log, admin_emails, users, email_outbox, jobs CASCADE`.execute(
    t.db,
  );
  await t.db.deleteFrom("directory_entries").execute();
  // An account made by hand: no password, e-mail not confirmed.
  adminId = (await insertAdmin(t.db, { email: "adm-one@example.test", password: null, confirmed: false })).id;
});

async function entries(n: number, prefix = "CBDU8") {
  await insertRegisterEntries(
    t.db,
    Array.from({ length: n }, (_, i) => ({
      registration_number: `${prefix}${String(i).padStart(5, "0")}`,
      business_name: `Count ${i} Ltd`,
    })),
  );
}

describe("dashboard", () => {
  it("counts listings, verified claims, pending claims, leads and quotes, and lists the 5 most recent", async () => {
    await entries(8);
    await t.db
      .updateTable("directory_entries")
      .set({ on_register: false })
      .where("registration_number", "=", "CBDU800007")
      .execute();
    await insertClaimedListing(t.db, { registration_number: "CBDU800000", verified: true });
    await insertClaimedListing(t.db, { registration_number: "CBDU800001", verified: false });
    const claim = (i: number, status: "pending" | "approved") =>
      insertClaimRequest(t.db, {
        registration_number: `CBDU80000${i}`,
        contact_name: `Contact ${i}`,
        contact_email: `adm-c${i}@example.test`,
        contact_phone: "0113 000000",
        license_document_url: i === 6 ? "/files/licence.pdf" : null,
        status,
        created_at: new Date(Date.UTC(2030, 0, 1, i)),
      });
    for (const i of [1, 2, 3, 4, 5, 6]) await claim(i, "pending");
    await claim(0, "approved");
    await t.db
      .insertInto("general_leads")
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          name: `Lead ${i}`,
          email: "adm-l@example.test",
          postcode: "LS1",
          description: "Sofa",
          created_at: new Date(Date.UTC(2030, 0, 1, i)),
        })),
      )
      .execute();
    await t.db
      .insertInto("quote_requests")
      .values({
        provider_id: "CBDU800002",
        name: "Quoter",
        email: "adm-q@example.test",
        message: "How much?",
      })
      .execute();

    const d = await getDashboard(t.db);
    expect(d.counts).toEqual({
      totalListings: 7,
      totalListingsEstimated: false,
      claimedListings: 1,
      pendingClaims: 6,
      totalLeads: 7,
      quoteRequests: 1,
    });
    expect(d.pendingClaims.map((c) => c.contactName)).toEqual([
      "Contact 6",
      "Contact 5",
      "Contact 4",
      "Contact 3",
      "Contact 2",
    ]);
    expect(d.pendingClaims[0]).toMatchObject({
      registrationNumber: "CBDU800006",
      businessName: "Count 6 Ltd",
      contactPhone: "0113 000000",
      licenseDocumentUrl: "/files/licence.pdf",
    });
    expect(d.recentLeads.map((l) => l.name)).toEqual(["Lead 6", "Lead 5", "Lead 4", "Lead 3", "Lead 2"]);
    expect(d.recentQuotes).toEqual([
      expect.objectContaining({ providerId: "CBDU800002", status: "pending", name: "Quoter" }),
    ]);
  });

  it("uses the planner's estimate above the threshold (no full count at a million rows), exact below it", async () => {
    await entries(300);
    await t.db
      .updateTable("directory_entries")
      .set({ on_register: false })
      .where("registration_number", "in", ["CBDU800001", "CBDU800002"])
      .execute();
    await sql`ANALYZE directory_entries`.execute(t.db);
    expect(await countListings(t.db)).toEqual({ value: 298, estimated: false });
    // Rows added since the last ANALYZE are not seen by the estimate: proof that it does not count.
    await entries(20, "CBDU9");
    const estimated = await countListings(t.db, 100);
    expect(estimated).toEqual({ value: 298, estimated: true });
    expect(await countListings(t.db, 100_000)).toEqual({ value: 318, estimated: false });
  });
});

describe("admin e-mails", () => {
  it("adds lower-case, refuses removing yourself or the last admin, and audits changes", async () => {
    const me = { id: adminId, email: "Adm-One@Example.test" };
    const config = { publicUrl: "http://localhost:9999" };
    expect(await addAdminEmail(t.db, config, { email: "  ADM-Two@Example.TEST ", actor: me })).toMatchObject({
      status: "invited",
      email: "adm-two@example.test",
    });
    expect(await addAdminEmail(t.db, config, { email: "adm-two@example.test", actor: me })).toEqual({
      status: "exists",
      email: "adm-two@example.test",
    });
    // Both have a users row without a password: invited (adm-one's was made by hand, so no link yet).
    expect((await listAdminEmails(t.db)).map((a) => [a.email, a.state, a.hasAccount])).toEqual([
      ["adm-one@example.test", "invited", false],
      ["adm-two@example.test", "invited", false],
    ]);
    await expect(removeAdminEmail(t.db, "adm-one@example.test", me)).rejects.toThrow(
      "You cannot remove your own administrator access",
    );
    await removeAdminEmail(t.db, "ADM-TWO@example.test", me);
    expect((await listAdminEmails(t.db)).map((a) => a.email)).toEqual(["adm-one@example.test"]);
    await expect(
      removeAdminEmail(t.db, "adm-one@example.test", { id: adminId, email: "adm-other@example.test" }),
    ).rejects.toThrow("The last administrator cannot be removed");
    await expect(removeAdminEmail(t.db, "adm-nobody@example.test", me)).rejects.toBeInstanceOf(
      AdminEmailError,
    );
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "actor_user_id"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      // (admin-invitations.test.ts covers the e-mails sent and the invitation's life.)
      { action: "admin_email.added", entity_id: "adm-two@example.test", actor_user_id: adminId },
      { action: "admin_email.removed", entity_id: "adm-two@example.test", actor_user_id: adminId },
    ]);
  });
});

describe("settings", () => {
  it("shows the source without credentials, the transport and outbox state, and queues a test e-mail", async () => {
    expect(describeSource("https://user:secret@example.test/register.csv")).toEqual({
      value: "https://****:****@example.test/register.csv",
      kind: "url",
    });
    expect(describeSource("/srv/register.zip")).toEqual({ value: "/srv/register.zip", kind: "file" });
    expect(describeSource(undefined)).toEqual({ value: null, kind: null });
    const config = {
      REGISTER_SOURCE: "/srv/r.csv",
      SYNC_DAILY_AT: "04:15",
      SYNC_STALE_AFTER_MINUTES: 30,
      MAIL_FROM: "x <x@y.z>",
      dataDir: "/data",
      mailTransport: "outbox" as const,
    };
    const outbox = await getAdminSettings(t.db, config);
    expect(outbox).toMatchObject({
      registerSource: "/srv/r.csv",
      registerSourceKind: "file",
      dailyAt: "04:15",
      email: { transport: "outbox", target: "/data/outbox", queued: 0 },
    });
    await sendTestEmail(t.db, "adm-one@example.test", "http://localhost");
    const smtp = await getAdminSettings(t.db, {
      ...config,
      SMTP_URL: "smtp://me:pw@mail.example.test:2525",
      mailTransport: "smtp",
    });
    expect(smtp.email).toMatchObject({
      transport: "smtp",
      target: "smtp://mail.example.test:2525",
      queued: 1,
    });
    const jobs = await t.db.selectFrom("jobs").select("type").execute();
    expect(jobs).toEqual([{ type: "email.send" }]);
    const mail = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "template"])
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ to_address: "adm-one@example.test", template: "admin-test" });
  });
});

describe("carrier reports", () => {
  it("validates, stores for a known registration only, lists by status and resolves with an audit entry", async () => {
    await entries(1);
    expect(reportSchema.safeParse({ reason: "Other", details: "short" }).success).toBe(false);
    expect(reportSchema.safeParse({ reason: "Made up", details: "Long enough details here" }).success).toBe(
      false,
    );
    const input = reportSchema.parse({
      reason: "Fly-tipping or illegal dumping",
      details: "Dumped rubble in a lay-by.",
      email: "ADM-R@example.test",
    });
    expect(await submitReport(t.db, {}, "CBDU999999", input)).toBeNull();
    const id = await submitReport(t.db, {}, "CBDU800000", input);
    expect(id).toBeTruthy();
    const open = await listReports(t.db, "open");
    expect(open.counts).toEqual({ open: 1, resolved: 0 });
    expect(open.reports[0]).toMatchObject({
      businessName: "Count 0 Ltd",
      reason: "Fly-tipping or illegal dumping",
      reporterEmail: "adm-r@example.test",
    });
    expect(await setReportStatus(t.db, id!, "resolved", adminId)).toBe("done");
    expect(await setReportStatus(t.db, "nope", "resolved", adminId)).toBe("not-found");
    const resolved = await listReports(t.db, "resolved");
    expect(resolved.reports.map((r) => r.status)).toEqual(["resolved"]);
    expect((await listReports(t.db, "open")).reports).toEqual([]);
    expect(await t.db.selectFrom("audit_log").select("action").execute()).toEqual([
      { action: "carrier_report.resolved" },
    ]);
  });
});
