/**
 * Issue 14, item 14 (decision 0507): adding an administrator e-mails them in the same transaction:
 * an invitation with a set-password link when the address has no account in use (and a password
 * reset then works for it too), or a notice that an existing account is now an administrator. The
 * list says "Invited" until the link is used; an invitation can be sent again (the old link stops
 * working); removing an administrator voids a link not yet used.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAdmin, insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { parseJobPayload } from "~/platform/jobs/job-definition.server";
import { mailsTo } from "#tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import {
  createPasswordResetJob,
  requestPasswordReset,
  RESET_JOB,
} from "../accounts/request-password-reset.server";
import { setPasswordWithToken } from "../accounts/set-password.server";
import { signIn } from "../accounts/sign-in.server";
import { checkPasswordLink } from "../accounts/set-password.server";
import {
  AdminEmailError,
  addAdminEmail,
  listAdminEmails,
  removeAdminEmail,
  resendAdminInvitation,
} from "./admin-emails.server";

let t: TestDatabase;
let me: { id: string; email: string };

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await sql`TRUNCATE admin_emails, users, verifications, email_outbox, jobs, audit_log CASCADE`.execute(t.db);
  me = await insertAdmin(t.db, { email: "chief@example.test" });
});

const tokenIn = (text: string, path: string) =>
  text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1] ?? null;

describe("adding an administrator", () => {
  it("with no account: an invitation with a set-password link; 'Invited' until it is used; then they sign in as an administrator", async () => {
    const r = await addAdminEmail(t.db, TEST_CONFIG, { email: " New-Admin@Example.TEST ", actor: me });
    expect(r).toMatchObject({ status: "invited", email: "new-admin@example.test" });
    if (r.status !== "invited") throw new Error();
    expect(r.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const sent = await mailsTo(t.db, "new-admin@example.test");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: "admin_invite",
      subject: "You're invited to administer the UK Waste Carrier Directory",
    });
    expect(sent[0]!.text).toContain("chief@example.test has added you as an administrator");
    const token = tokenIn(sent[0]!.text, "/auth/invite");
    expect(token).toBeTruthy();

    const listed = (await listAdminEmails(t.db)).find((a) => a.email === "new-admin@example.test")!;
    expect(listed).toMatchObject({ state: "invited", hasAccount: false, invitation: { usable: true } });

    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token,
        purposes: ["invite"],
        password: "admin-pass-1",
      }),
    ).toEqual({ status: "ok", email: "new-admin@example.test" });
    expect((await listAdminEmails(t.db)).find((a) => a.email === "new-admin@example.test")).toMatchObject({
      state: "active",
      hasAccount: true,
      invitation: null,
    });
    const signedIn = await signIn(t.db, TEST_CONFIG, {
      email: "new-admin@example.test",
      password: "admin-pass-1",
      ip: "10.14.14.1",
    });
    expect(signedIn).toMatchObject({ status: "ok", user: { isAdmin: true } });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity_id", "=", "new-admin@example.test")
      .execute();
    expect(audit).toEqual([
      { action: "admin_email.added", details: { email: "new-admin@example.test", sent: "invitation" } },
    ]);
  });

  it("with no account: a password reset for the address now sends a link too", async () => {
    await addAdminEmail(t.db, TEST_CONFIG, { email: "forgetful@example.test", actor: me });
    expect(await requestPasswordReset(t.db, { email: "forgetful@example.test", ip: "10.14.14.2" })).toEqual({
      status: "accepted",
    });
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", RESET_JOB.type)
      .executeTakeFirstOrThrow();
    await createPasswordResetJob(TEST_CONFIG)(parseJobPayload(RESET_JOB, job.payload), { db: t.db } as never);
    const sent = await mailsTo(t.db, "forgetful@example.test");
    expect(sent.map((m) => m.template)).toEqual(["admin_invite", "reset_password"]);
    const token = tokenIn(sent[1]!.text, "/auth/recovery");
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token,
        purposes: ["reset_password"],
        password: "reset-pass-1",
      }),
    ).toMatchObject({ status: "ok" });
    expect((await listAdminEmails(t.db)).find((a) => a.email === "forgetful@example.test")).toMatchObject({
      state: "active",
    });
  });

  it("with an account in use: a notice that they are now an administrator, and no set-password link", async () => {
    const user = await insertUser(t.db, { email: "colleague@example.test", password: "colleague-pass" });
    expect(await addAdminEmail(t.db, TEST_CONFIG, { email: "colleague@example.test", actor: me })).toEqual({
      status: "notified",
      email: "colleague@example.test",
    });
    const sent = await mailsTo(t.db, "colleague@example.test");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: "admin_granted",
      subject: "You are now an administrator of the UK Waste Carrier Directory",
    });
    expect(sent[0]!.text).toContain(`${TEST_CONFIG.publicUrl}/login`);
    expect(tokenIn(sent[0]!.text, "/auth/invite")).toBeNull();
    const live = await t.db
      .selectFrom("verifications")
      .select("id")
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    expect(live).toEqual([]);
    expect((await listAdminEmails(t.db)).find((a) => a.email === "colleague@example.test")).toMatchObject({
      state: "active",
      invitation: null,
    });
    // The same address again: already an administrator, nothing sent.
    expect(await addAdminEmail(t.db, TEST_CONFIG, { email: "COLLEAGUE@example.test", actor: me })).toEqual({
      status: "exists",
      email: "colleague@example.test",
    });
    expect(await mailsTo(t.db, "colleague@example.test")).toHaveLength(1);
  });

  it("with an account whose e-mail was never confirmed (anyone may have signed it up): an invitation that sets their own password", async () => {
    await insertUser(t.db, {
      email: "unconfirmed@example.test",
      password: "someone-elses",
      confirmed: false,
    });
    expect(
      await addAdminEmail(t.db, TEST_CONFIG, { email: "unconfirmed@example.test", actor: me }),
    ).toMatchObject({ status: "invited" });
    expect((await mailsTo(t.db, "unconfirmed@example.test")).map((m) => m.template)).toEqual([
      "admin_invite",
    ]);
    expect((await listAdminEmails(t.db)).find((a) => a.email === "unconfirmed@example.test")).toMatchObject({
      state: "invited",
    });
  });
});

describe("resending and removing", () => {
  it("a new invitation replaces the old link; refused for an account in use or an address that is not an administrator", async () => {
    await addAdminEmail(t.db, TEST_CONFIG, { email: "slow@example.test", actor: me });
    const first = tokenIn((await mailsTo(t.db, "slow@example.test"))[0]!.text, "/auth/invite");
    const again = await resendAdminInvitation(t.db, TEST_CONFIG, { email: "SLOW@example.test", actor: me });
    expect(again.email).toBe("slow@example.test");
    const sent = await mailsTo(t.db, "slow@example.test");
    expect(sent.map((m) => m.template)).toEqual(["admin_invite", "admin_invite"]);
    const second = tokenIn(sent[1]!.text, "/auth/invite");
    expect(second).not.toBe(first);
    expect(await checkPasswordLink(t.db, first, ["invite"])).toBeNull();
    expect(await checkPasswordLink(t.db, second, ["invite"])).not.toBeNull();

    await insertUser(t.db, { email: "busy@example.test", password: "busy-pass" });
    await addAdminEmail(t.db, TEST_CONFIG, { email: "busy@example.test", actor: me });
    await expect(
      resendAdminInvitation(t.db, TEST_CONFIG, { email: "busy@example.test", actor: me }),
    ).rejects.toThrow("busy@example.test has already set a password: they can sign in");
    await expect(
      resendAdminInvitation(t.db, TEST_CONFIG, { email: "stranger@example.test", actor: me }),
    ).rejects.toBeInstanceOf(AdminEmailError);
    expect(await mailsTo(t.db, "stranger@example.test")).toEqual([]);
    // An address added before invitations were sent (no account at all) can be sent one.
    await t.db.insertInto("admin_emails").values({ email: "legacy@example.test" }).execute();
    expect((await listAdminEmails(t.db)).find((a) => a.email === "legacy@example.test")).toMatchObject({
      state: "no-account",
      invitation: null,
    });
    await resendAdminInvitation(t.db, TEST_CONFIG, { email: "legacy@example.test", actor: me });
    expect((await listAdminEmails(t.db)).find((a) => a.email === "legacy@example.test")).toMatchObject({
      state: "invited",
      invitation: { usable: true },
    });
  });

  it("an invitation expires after 7 days (the list says so); removing an administrator voids a link not yet used", async () => {
    await addAdminEmail(t.db, TEST_CONFIG, { email: "gone@example.test", actor: me });
    const in8Days = new Date(Date.now() + 8 * 86_400_000);
    expect((await listAdminEmails(t.db, in8Days)).find((a) => a.email === "gone@example.test")).toMatchObject(
      { state: "invited", invitation: { usable: false } },
    );
    const token = tokenIn((await mailsTo(t.db, "gone@example.test"))[0]!.text, "/auth/invite");
    await removeAdminEmail(t.db, "gone@example.test", me);
    expect(await checkPasswordLink(t.db, token, ["invite"])).toBeNull();
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, { token, purposes: ["invite"], password: "too-late-1" }),
    ).toEqual({ status: "invalid-link" });
  });
});
