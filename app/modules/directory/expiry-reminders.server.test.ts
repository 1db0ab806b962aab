/**
 * Issue 14, item 5: carriers are e-mailed 60, 30 and 7 days before their registration expires,
 * once per threshold per expiry date; a renewal starts again; lower tier never expires.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { RENEW_REGISTRATION_URL } from "./registration";
import { EXPIRY_REMINDER_JOB, sendExpiryReminders } from "./expiry-reminders.server";

let t: TestDatabase;
const PUBLIC_URL = "https://directory.example";
const DAY = 86_400_000;
/** Noon UTC on 1 March 2027 (GMT: the same date in London). */
const T0 = new Date("2027-03-01T12:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestDatabase();
  const user = (email: string) => insertUser(t.db, { email }).then((u) => u.id);
  // Expires on 10 April 2027: 40 days after T0.
  const expiry_date = "2027-04-10";
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU400001", business_name: "REGISTER NAME LTD", expiry_date },
    {
      registration_number: "CBDL400002",
      business_name: "Lower Ltd",
      registration_tier: "LOWER",
      expiry_date: null,
    },
    { registration_number: "CBDU400003", business_name: "Suspended Ltd", expiry_date },
    { registration_number: "CBDU400004", business_name: "Unverified Ltd", expiry_date },
    { registration_number: "CBDU400005", business_name: "Unclaimed Ltd", expiry_date },
  ]);
  await insertClaimedListing(t.db, {
    registration_number: "CBDU400001",
    user_id: await user("owner@example.test"),
    company_name: "Renewals Ltd",
    verified: true,
  });
  await insertClaimedListing(t.db, {
    registration_number: "CBDL400002",
    user_id: await user("lower@example.test"),
    verified: true,
  });
  await insertClaimedListing(t.db, {
    registration_number: "CBDU400003",
    user_id: await user("suspended@example.test"),
    verified: true,
    suspended_at: new Date(),
  });
  await insertClaimedListing(t.db, {
    registration_number: "CBDU400004",
    user_id: await user("unverified@example.test"),
    verified: false,
  });
});
afterAll(async () => {
  await t?.destroy();
});

const run = (days: number) => sendExpiryReminders(t.db, { publicUrl: PUBLIC_URL, now: at(days) });
const mails = () =>
  t.db
    .selectFrom("email_outbox")
    .select(["to_address", "subject", "text", "html", "template"])
    .orderBy("created_at")
    .execute();
const sent = async () =>
  (
    await t.db
      .selectFrom("registration_expiry_reminders")
      .select(["registration_number", "expiry_date", "days_before"])
      .orderBy("sent_at")
      .execute()
  ).map((r) => `${r.registration_number} ${r.expiry_date} ${r.days_before}`);

describe("registration expiry reminders", () => {
  it("sends nothing more than 60 days ahead, then the 60-day reminder once, to the owner of a verified listing only", async () => {
    expect(await run(-21)).toEqual({ sent: 0, alreadySent: 0 }); // 61 days left
    expect(await run(-20)).toEqual({ sent: 1, alreadySent: 0 }); // 60 days left
    expect(await run(-20)).toEqual({ sent: 0, alreadySent: 1 }); // the same day again
    expect(await run(-5)).toEqual({ sent: 0, alreadySent: 1 }); // 45 days left: still the 60-day band
    expect(await sent()).toEqual(["CBDU400001 2027-04-10 60"]);
    const [mail] = await mails();
    expect(mail).toMatchObject({
      to_address: "owner@example.test",
      template: "registration_expiry_reminder",
      subject: "Your waste carrier registration CBDU400001 expires in 60 days",
    });
    expect(mail.text).toContain(
      "The Environment Agency registration of Renewals Ltd (CBDU400001) expires on 10 April 2027.",
    );
    expect(mail.text).toContain("your listing in the directory shows the registration as Expired");
    expect(mail.text).toContain("you cannot issue waste transfer notes here");
    expect(mail.text).toContain(
      `renew your registration with the Environment Agency: ${RENEW_REGISTRATION_URL}`,
    );
    expect(mail.text).toContain(`Open your company dashboard: ${PUBLIC_URL}/company`);
    expect(mail.html).toContain(`href="${RENEW_REGISTRATION_URL}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/company"`);
  });

  it("a missed day still sends the threshold reached, once; then the 7-day one; nothing once expired", async () => {
    // The job did not run on day 30 before expiry: 29 days left, the 30-day reminder.
    expect(await run(11)).toEqual({ sent: 1, alreadySent: 0 });
    expect(await run(12)).toEqual({ sent: 0, alreadySent: 1 });
    expect(await run(34)).toEqual({ sent: 1, alreadySent: 0 }); // 6 days left
    expect(await run(39)).toEqual({ sent: 0, alreadySent: 1 }); // expires tomorrow
    expect(await run(40)).toEqual({ sent: 0, alreadySent: 0 }); // expired today
    expect(await sent()).toEqual([
      "CBDU400001 2027-04-10 60",
      "CBDU400001 2027-04-10 30",
      "CBDU400001 2027-04-10 7",
    ]);
    const subjects = (await mails()).map((m) => m.subject);
    expect(subjects).toEqual([
      "Your waste carrier registration CBDU400001 expires in 60 days",
      "Your waste carrier registration CBDU400001 expires in 29 days",
      "Your waste carrier registration CBDU400001 expires in 6 days",
    ]);
    expect((await mails()).every((m) => m.to_address === "owner@example.test")).toBe(true);
  });

  it("a renewal (a new expiry date) starts the reminders again", async () => {
    await t.db
      .updateTable("directory_entries")
      .set({ expiry_date: "2030-04-10" })
      .where("registration_number", "=", "CBDU400001")
      .execute();
    const renewedDay = (new Date("2030-04-10T12:00:00Z").getTime() - T0.getTime()) / DAY;
    expect(await run(renewedDay - 61)).toEqual({ sent: 0, alreadySent: 0 });
    expect(await run(renewedDay - 55)).toEqual({ sent: 1, alreadySent: 0 });
    expect((await sent()).at(-1)).toBe("CBDU400001 2030-04-10 60");
    expect((await mails()).at(-1)?.subject).toBe(
      "Your waste carrier registration CBDU400001 expires in 55 days",
    );
  });

  it("is a job type other modules can name", () => {
    expect(EXPIRY_REMINDER_JOB.type).toBe("directory.expiry-reminders");
  });
});
