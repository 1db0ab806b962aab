import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { consumeToken, issueToken, peekToken } from "./tokens.server";

let t: TestDatabase;
let user: { id: string; email: string };
beforeAll(async () => {
  t = await createTestDatabase();
  user = await insertUser(t.db, { email: "tokens@example.test" });
});
afterAll(() => t.destroy());

describe("e-mail link tokens", () => {
  it("are stored only as a hash", async () => {
    const { token } = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "reset_password",
    });
    const rows = await t.db.selectFrom("verifications").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("work once: a second use fails, even after a successful peek", async () => {
    const { token } = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "reset_password",
    });
    expect(await peekToken(t.db, token, ["reset_password"])).toMatchObject({
      userId: user.id,
      purpose: "reset_password",
    });
    expect(await consumeToken(t.db, token, ["reset_password"])).toMatchObject({ userId: user.id });
    expect(await consumeToken(t.db, token, ["reset_password"])).toBeNull();
    expect(await peekToken(t.db, token, ["reset_password"])).toBeNull();
  });

  it("only one of two concurrent uses succeeds", async () => {
    const { token } = await issueToken(t.db, { userId: user.id, email: user.email, purpose: "invite" });
    const results = await Promise.all([
      consumeToken(t.db, token, ["invite"]),
      consumeToken(t.db, token, ["invite"]),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("expire: reset and confirm after 1 hour, invitations after 7 days", async () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const reset = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "reset_password",
      now,
    });
    const invite = await issueToken(t.db, { userId: user.id, email: user.email, purpose: "invite", now });
    const confirm = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "confirm_email",
      now,
    });
    const in59min = new Date(now.getTime() + 59 * 60_000);
    const in61min = new Date(now.getTime() + 61 * 60_000);
    expect(await peekToken(t.db, reset.token, ["reset_password"], in59min)).not.toBeNull();
    expect(await peekToken(t.db, reset.token, ["reset_password"], in61min)).toBeNull();
    expect(await consumeToken(t.db, confirm.token, ["confirm_email"], in61min)).toBeNull();
    expect(
      await peekToken(t.db, invite.token, ["invite"], new Date(now.getTime() + 6.9 * 86_400_000)),
    ).not.toBeNull();
    expect(
      await consumeToken(t.db, invite.token, ["invite"], new Date(now.getTime() + 7.1 * 86_400_000)),
    ).toBeNull();
  });

  it("refuse tampered, malformed and wrong-purpose tokens", async () => {
    const { token } = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "reset_password",
    });
    const flipped = (token[0] === "A" ? "B" : "A") + token.slice(1);
    expect(await consumeToken(t.db, flipped, ["reset_password"])).toBeNull();
    expect(await consumeToken(t.db, token + "x", ["reset_password"])).toBeNull();
    expect(await consumeToken(t.db, "", ["reset_password"])).toBeNull();
    expect(await consumeToken(t.db, null, ["reset_password"])).toBeNull();
    expect(await consumeToken(t.db, "' OR 1=1 --", ["reset_password"])).toBeNull();
    // A reset token does not open an invitation, nor a confirmation.
    expect(await consumeToken(t.db, token, ["invite", "confirm_email"])).toBeNull();
    expect(await consumeToken(t.db, token, ["reset_password"])).not.toBeNull();
  });

  it("a newer token of the same purpose replaces the older one", async () => {
    const first = await issueToken(t.db, { userId: user.id, email: user.email, purpose: "reset_password" });
    const second = await issueToken(t.db, { userId: user.id, email: user.email, purpose: "reset_password" });
    expect(await peekToken(t.db, first.token, ["reset_password"])).toBeNull();
    expect(await peekToken(t.db, second.token, ["reset_password"])).not.toBeNull();
  });
});
