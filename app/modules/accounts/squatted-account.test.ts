/**
 * Decision 0262: an address signed up by someone else. The claim wizard, signed out, creates an
 * account with the password the visitor typed, unconfirmed. When that address is later made an
 * administrator, given a listing by an approved claim, or made a listing's owner, the account is
 * invited, and the password it was signed up with stops working at once: signing in with it fails
 * like a wrong password and sends no confirmation link (which the address's owner might click,
 * confirming the stranger's password), earlier confirmation links die, and its sessions end. The
 * invitation, sent to the address, is the way in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { mailsTo } from "#tests/support/outbox";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createSessionRow, resolveSession } from "~/platform/session.server";
import { ConfigError, loadConfig } from "~/platform/env.server";
import { addAdminEmail } from "../admin/admin-emails.server";
import { approveClaim } from "../claims/approve-claim.server";
import { submitClaim } from "../claims/submit-claim.server";
import { claimSubmission } from "../claims/test-support/claim-submission";
import { changeProviderOwner } from "../providers/change-owner.server";
import { confirmEmail } from "./confirm-email.server";
import { createAdmin } from "./create-admin.server";
import { isAdmin } from "./is-admin.server";
import { setPasswordWithToken } from "./set-password.server";
import { signIn } from "./sign-in.server";
import { signUp } from "./sign-up.server";

let t: TestDatabase;
let chief: { id: string; email: string };
const NOW = new Date("2030-01-10T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  chief = await insertAdmin(t.db, { email: "chief@squat.example" });
});
afterAll(() => t.destroy());

const tokenIn = (text: string, path: string) =>
  new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? null;

const passwordOf = async (email: string) =>
  (
    await t.db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).password_hash;

/** Signs in from an address of its own each time, so the per-address limits never interfere. */
let ipSeq = 0;
const signInWith = (email: string, password: string) =>
  signIn(t.db, TEST_CONFIG, { email, password, ip: `10.62.0.${++ipSeq}` });

describe("an address signed up by a stranger, then made an administrator", () => {
  it("the stranger's password stops working, no confirmation link goes out, the invitation sets the owner's password", async () => {
    const email = "ops@squat.example";
    // 1. Signed out, a stranger signs the address up (the claim wizard does this) with their password.
    const up = await signUp(t.db, TEST_CONFIG, { email, password: "strangers-pass", ip: "10.62.1.1" });
    if (up.status !== "created") throw new Error(up.status);
    expect(up.needsConfirmation).toBe(true);
    const confirmLink = tokenIn((await mailsTo(t.db, email))[0]!.text, "/auth/confirm");
    expect(confirmLink).not.toBeNull();
    // Should they hold a session of the account (made directly here), it ends.
    const { token: strangersSession } = await createSessionRow(t.db, {
      userId: up.userId,
      mfaVerified: true,
    });

    // 2. An administrator adds the address: the account is not in use, so it is invited.
    expect(await addAdminEmail(t.db, TEST_CONFIG, { email, actor: chief })).toMatchObject({
      status: "invited",
    });
    expect(await passwordOf(email)).toBeNull();
    expect(await resolveSession(t.db, strangersSession)).toBeNull();

    // 3. The stranger signs in with their password: a wrong password, and no mail to the address.
    const mailsBefore = (await mailsTo(t.db, email)).length;
    expect(await signInWith(email, "strangers-pass")).toEqual({ status: "invalid-credentials" });
    expect(await mailsTo(t.db, email)).toHaveLength(mailsBefore);
    // The confirmation link sent at sign-up no longer works either.
    expect(await confirmEmail(t.db, confirmLink)).toEqual({ status: "invalid-link" });

    // 4. The address's owner follows the invitation and sets their own password.
    const invite = (await mailsTo(t.db, email)).find((m) => m.template === "admin_invite")!;
    const result = await setPasswordWithToken(t.db, TEST_CONFIG, {
      token: tokenIn(invite.text, "/auth/invite"),
      purposes: ["invite"],
      password: "owners-own-pass",
    });
    expect(result).toEqual({ status: "ok", email });
    expect(await signInWith(email, "owners-own-pass")).toMatchObject({
      status: "ok",
      user: { email, isAdmin: true },
    });
    expect(await signInWith(email, "strangers-pass")).toEqual({ status: "invalid-credentials" });
  });

  it("an account in use (a password and a confirmed address) keeps its password and is told, not invited", async () => {
    const user = await insertUser(t.db, { email: "colleague@squat.example", password: "colleague-pass" });
    expect(await addAdminEmail(t.db, TEST_CONFIG, { email: user.email, actor: chief })).toMatchObject({
      status: "notified",
    });
    expect(await passwordOf(user.email)).not.toBeNull();
    expect(await signInWith(user.email, "colleague-pass")).toMatchObject({
      status: "ok",
      user: { isAdmin: true },
    });
  });

  it("npm run create-admin: the same, and it does not say the old password keeps working", async () => {
    const email = "cli@squat.example";
    await signUp(t.db, TEST_CONFIG, { email, password: "strangers-pass", ip: "10.62.1.2" });
    const admin = await createAdmin(t.db, TEST_CONFIG, { email });
    expect(admin).toMatchObject({ hadPassword: false, confirmed: false, wasAdmin: false });
    expect(await passwordOf(email)).toBeNull();
    expect(await signInWith(email, "strangers-pass")).toEqual({ status: "invalid-credentials" });
    expect(await isAdmin(t.db, email)).toBe(true);
  });
});

describe("an address signed up by a stranger, then given a listing", () => {
  it("by an approved claim: the claim's password stops working and the confirmation link dies", async () => {
    const email = "owner@amber-squat.example";
    await insertRegisterEntry(t.db, {
      registration_number: "CBDU626201",
      business_name: "AMBER SQUAT LTD",
      expiry_date: "2031-01-01",
    });
    const claim = await submitClaim(
      t.db,
      TEST_CONFIG,
      claimSubmission("CBDU626201", email, { password: "strangers-pass" }),
      { ip: "10.62.2.1" },
    );
    if (claim.status !== "submitted") throw new Error(claim.status);
    const confirmLink = tokenIn((await mailsTo(t.db, email))[0]!.text, "/auth/confirm");
    const approved = await approveClaim(t.db, TEST_CONFIG, {
      claimId: claim.claimId,
      adminId: chief.id,
      plan: "standard",
      period: "monthly",
      freeTrial: false,
      now: NOW,
    });
    expect(approved).toMatchObject({ status: "approved", accountLinked: true });
    expect(await passwordOf(email)).toBeNull();
    const mailsBefore = (await mailsTo(t.db, email)).length;
    expect(await signInWith(email, "strangers-pass")).toEqual({ status: "invalid-credentials" });
    expect(await mailsTo(t.db, email)).toHaveLength(mailsBefore);
    expect(await confirmEmail(t.db, confirmLink)).toEqual({ status: "invalid-link" });
    expect((await mailsTo(t.db, email)).map((m) => m.template)).toEqual(["confirm_email", "invite"]);
  });

  it("by an owner change: the same", async () => {
    const email = "new-owner@squat.example";
    const stranger = await insertUser(t.db, { email, password: "strangers-pass", confirmed: false });
    await insertRegisterEntry(t.db, {
      registration_number: "CBDU626202",
      business_name: "OWNER SQUAT LTD",
      expiry_date: "2031-01-01",
      is_claimed: true,
    });
    const listing = await insertClaimedListing(t.db, { registration_number: "CBDU626202" });
    expect(
      await changeProviderOwner(t.db, TEST_CONFIG, { listingId: listing.id, email, adminId: chief.id }),
    ).toMatchObject({ status: "done", sent: "invitation" });
    expect(await passwordOf(email)).toBeNull();
    expect(await signInWith(email, "strangers-pass")).toEqual({ status: "invalid-credentials" });
    const owner = await t.db
      .selectFrom("claimed_listings")
      .select("user_id")
      .where("id", "=", listing.id)
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(stranger.id);
  });
});

describe("EMAIL_CONFIRMATION=false", () => {
  it("is refused in production: a sign-up would count as its address's owner at once", () => {
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://carriers.example",
      SMTP_URL: "smtps://user:pass@smtp.example:465",
    };
    expect(() => loadConfig({ ...production, EMAIL_CONFIRMATION: "false" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, EMAIL_CONFIRMATION: "false" })).toThrow(
      /EMAIL_CONFIRMATION: must be on in production/,
    );
    expect(loadConfig(production).EMAIL_CONFIRMATION).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "development", EMAIL_CONFIRMATION: "false", SESSION_SECRET: "s".repeat(40) }),
    ).toMatchObject({ EMAIL_CONFIRMATION: false });
  });
});
