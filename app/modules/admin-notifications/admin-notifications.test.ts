import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAdmin, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { sendContactMessage } from "../contact/send-contact-message.server";
import { reportSchema, submitReport } from "../reports/submit-report.server";
import { getNotificationSettings, saveNotificationSettings } from "./notification-settings.server";
import { batchWindowEnd, notifyAdmins } from "./notify-admins.server";
import { digestSubject, sendAdminNotifications } from "./send-admin-notifications.server";

let t: TestDatabase;
const config = { publicUrl: "https://directory.example", ADMIN_NOTIFY_DELAY_SECONDS: 120 };
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  await sql`TRUNCATE admin_notifications, admin_emails, users, email_outbox, jobs, carrier_reports, contact_messages, rate_limits CASCADE`.execute(
    t.db,
  );
  await t.db.deleteFrom("directory_entries").execute();
});

const outbox = () =>
  t.db.selectFrom("email_outbox").select(["to_address", "subject", "text"]).orderBy("to_address").execute();
const notifyJobs = () =>
  t.db
    .selectFrom("jobs")
    .select(["unique_key", "run_at"])
    .where("type", "=", "admin.notify")
    .orderBy("run_at")
    .execute();

describe("admin notifications", () => {
  it("gathers the events of one window into one job, and starts another for the next window", async () => {
    const at = new Date("2026-11-24T10:00:10Z");
    await notifyAdmins(t.db, config, { kind: "claim", title: "A", path: "/admin/claim-requests" }, at);
    await notifyAdmins(
      t.db,
      config,
      { kind: "report", title: "B", path: "/admin/reports" },
      new Date("2026-11-24T10:01:50Z"),
    );
    await notifyAdmins(
      t.db,
      config,
      { kind: "message", title: "C", path: "/admin/messages" },
      new Date("2026-11-24T10:02:01Z"),
    );
    const jobs = await notifyJobs();
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([
      "2026-11-24T10:02:00.000Z",
      "2026-11-24T10:04:00.000Z",
    ]);
    expect(batchWindowEnd(at, 120).toISOString()).toBe("2026-11-24T10:02:00.000Z");
    expect(await t.db.selectFrom("admin_notifications").select("title").orderBy("id").execute()).toEqual([
      { title: "A" },
      { title: "B" },
      { title: "C" },
    ]);
  });

  it("e-mails each active admin once per batch with the kinds they chose, and empties the queue", async () => {
    const all = await insertAdmin(t.db, { email: "all@example.test" });
    const noClaims = await insertAdmin(t.db, { email: "no-claims@example.test" });
    await saveNotificationSettings(t.db, noClaims.email, { claims: false, reports: true, messages: false });
    const nothing = await insertAdmin(t.db, { email: "nothing@example.test" });
    await saveNotificationSettings(t.db, nothing.email, { claims: false, reports: false, messages: false });
    // Invited, never signed in: not yet an administrator who can act on it.
    await insertAdmin(t.db, { email: "invited@example.test", password: null, confirmed: false });
    await insertUser(t.db, { email: "carrier@example.test" }); // not an admin

    await notifyAdmins(t.db, config, {
      kind: "claim",
      title: "Acme Waste Ltd (CBDU100001), from Ada",
      path: "/admin/claim-requests?claim=c1",
    });
    await notifyAdmins(t.db, config, {
      kind: "claim",
      title: "Bravo Skips (CBDU100002), from Bob",
      path: "/admin/claim-requests?claim=c2",
    });
    await notifyAdmins(t.db, config, {
      kind: "report",
      title: "Acme Waste Ltd (CBDU100001): Other",
      path: "/admin/reports",
    });

    expect(await sendAdminNotifications(t.db, config)).toEqual({ events: 3, emails: 2 });
    const mails = await outbox();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      [all.email, "New in the admin area: 2 claim requests, 1 carrier report"],
      [noClaims.email, "New carrier report: Acme Waste Ltd (CBDU100001): Other"],
    ]);
    expect(mails[0].text).toContain(
      "Acme Waste Ltd (CBDU100001), from Ada: https://directory.example/admin/claim-requests?claim=c1",
    );
    expect(mails[0].text).toContain("https://directory.example/admin/settings");
    expect(mails[1].text).not.toContain("Bravo");
    expect(await t.db.selectFrom("admin_notifications").select("id").execute()).toEqual([]);
    // Nothing waiting: the next run sends nothing.
    expect(await sendAdminNotifications(t.db, config)).toEqual({ events: 0, emails: 0 });
    expect(await outbox()).toHaveLength(2);
  });

  it("keeps a title to one line without control characters", async () => {
    await notifyAdmins(t.db, config, {
      kind: "message",
      title: "Hello\r\nBcc: x@evil.example\u0000 there  " + "x".repeat(400),
      path: "/admin/messages",
    });
    const [row] = await t.db.selectFrom("admin_notifications").select("title").execute();
    expect(row.title.startsWith("Hello Bcc: x@evil.example there x")).toBe(true);
    expect(row.title).toHaveLength(300);
    expect(row.title).not.toMatch(/\p{Cc}/u);
  });

  it("names one event or counts several in the subject", () => {
    expect(digestSubject([{ kind: "message", title: "Quote, from Ann", path: "/admin/messages" }])).toBe(
      "New contact message: Quote, from Ann",
    );
    expect(
      digestSubject([
        { kind: "message", title: "a", path: "/admin/messages" },
        { kind: "message", title: "b", path: "/admin/messages" },
        { kind: "report", title: "c", path: "/admin/reports" },
      ]),
    ).toBe("New in the admin area: 1 carrier report, 2 contact messages");
  });

  it("stores an admin's own choices, and refuses an address that is not an admin", async () => {
    const admin = await insertAdmin(t.db, { email: "me@example.test" });
    expect(await getNotificationSettings(t.db, "ME@example.test ")).toEqual({
      claims: true,
      reports: true,
      messages: true,
    });
    expect(
      await saveNotificationSettings(t.db, admin.email, { claims: true, reports: false, messages: true }),
    ).toBe(true);
    expect(await getNotificationSettings(t.db, admin.email)).toEqual({
      claims: true,
      reports: false,
      messages: true,
    });
    expect(
      await saveNotificationSettings(t.db, "someone@example.test", {
        claims: false,
        reports: false,
        messages: false,
      }),
    ).toBe(false);
    expect(await getNotificationSettings(t.db, "someone@example.test")).toBeNull();
  });

  it("a carrier report and a contact message each leave an event for the admins", async () => {
    await insertRegisterEntry(t.db, { registration_number: "CBDU100009", business_name: "Tidy Tips Ltd" });
    const report = reportSchema.parse({ reason: "Other", details: "They left rubble in the lane." });
    expect(await submitReport(t.db, config, "CBDU100009", report)).toBeTruthy();
    expect(await submitReport(t.db, config, "CBDU999999", report)).toBeNull();
    const sent = await sendContactMessage(
      { db: t.db, log: silent },
      { ...config, CONTACT_EMAIL: "help@x.example" },
      {
        input: {
          name: "Ann",
          email: "ann@example.test",
          subject: "Listing wrong",
          message: "My phone number is wrong.",
        },
        honeypot: null,
        ip: "192.0.2.1",
      },
    );
    expect(sent.status).toBe("sent");
    expect(
      await t.db.selectFrom("admin_notifications").select(["kind", "title", "path"]).orderBy("id").execute(),
    ).toEqual([
      { kind: "report", title: "Tidy Tips Ltd (CBDU100009): Other", path: "/admin/reports" },
      { kind: "message", title: "Listing wrong, from Ann", path: "/admin/messages" },
    ]);
    expect(await notifyJobs()).toHaveLength(1);
  });
});
