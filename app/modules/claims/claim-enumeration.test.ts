/**
 * Decision 0410: the claim wizard does not tell a visitor whether an e-mail has an account. A claim
 * made with such an e-mail gets the same answer as one with a new e-mail; it joins that account,
 * and the address is told by e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegisterEntries, insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { mailsTo } from "#tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { verifyPassword } from "../accounts/passwords.server";
import { getClaim } from "./list-claims.server";
import { submitClaim } from "./submit-claim.server";
import { claimSubmission as submission } from "./test-support/claim-submission";

let t: TestDatabase;
const NOW = new Date("2030-01-10T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU500031", business_name: "RED WASTE LTD", expiry_date: "2031-01-01" },
    { registration_number: "CBDU500032", business_name: "ORANGE WASTE LTD", expiry_date: "2031-01-01" },
  ]);
});
afterAll(() => t.destroy());

describe("claiming with an e-mail that already has an account", () => {
  it("answers an e-mail that already has an account exactly as a new one: the claim joins that account, whose owner is e-mailed", async () => {
    const owner = await insertUser(t.db, { email: "has-account@example.test", password: "own-pass" });
    const existing = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU500031", " Has-Account@Example.test", { password: "typed-pass" }),
      { ip: "10.1.0.31", now: NOW },
    );
    const fresh = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU500032", "no-account-yet@example.test", { password: "typed-pass" }),
      { ip: "10.1.0.32", now: NOW },
    );
    // What the wizard answers with (status, "check your e-mail", the e-mail shown): the same.
    const answer = (r: typeof existing) =>
      r.status === "submitted"
        ? { status: r.status, needsConfirmation: r.needsConfirmation, email: r.email.replace(/@.*/, "") }
        : r;
    expect(answer(existing)).toEqual({ status: "submitted", needsConfirmation: true, email: "has-account" });
    expect(answer(fresh)).toEqual({ status: "submitted", needsConfirmation: true, email: "no-account-yet" });
    if (existing.status !== "submitted" || fresh.status !== "submitted") throw new Error();

    // Both claims wait for review, each with an unverified listing linked to its account.
    expect(existing.userId).toBe(owner.id);
    for (const [r, n] of [
      [existing, "CBDU500031"],
      [fresh, "CBDU500032"],
    ] as const) {
      expect(await getClaim(t.db, r.claimId)).toMatchObject({ status: "pending", registrationNumber: n });
      const listing = await t.db
        .selectFrom("claimed_listings")
        .select(["user_id", "verified"])
        .where("registration_number", "=", n)
        .executeTakeFirstOrThrow();
      expect(listing).toEqual({ user_id: r.userId, verified: false });
    }
    // The existing account keeps its own password; its owner is told to sign in to see the claim.
    const row = await t.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash!, "own-pass")).toBe(true);
    const told = await mailsTo(t.db, "has-account@example.test");
    expect(told.map((m) => m.template)).toEqual(["claim_existing_account"]);
    expect(told[0]!.subject).toBe("Your claim for RED WASTE LTD");
    expect(told[0]!.text).toContain("You already have an account with us, so the claim has been added to it");
    expect(told[0]!.text).toContain("Sign in to see your claim: http://localhost:9999/login");
    expect(told[0]!.text).toContain("http://localhost:9999/request-reset");
    expect((await mailsTo(t.db, "no-account-yet@example.test")).map((m) => m.template)).toEqual([
      "confirm_email",
    ]);
    // The audit row says the account holder was not signed in when it was made.
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", existing.claimId)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ existingAccount: true });
  });
});
