/**
 * Decision 0262, through /account/security's loader and action: a two-factor set-up is shown in
 * the answer to "Set up" only (never by the loader, so one started in another request, another tab
 * or by whoever had the session before, cannot be scanned or copied from the page), again after a
 * mistake only to whoever sends its key back, and it is turned on with the current password.
 */
import os from "node:os";
import path from "node:path";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { action, loader } from "~/routes/account/security";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertUser, TEST_PASSWORD } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

let t: TestDatabase;
const config = {
  dataDir: path.join(os.tmpdir(), "account-security-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "account-security-page-secret",
  isProduction: false,
} as Config;
const URL_ = "http://localhost:9999/account/security";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });

function context() {
  return routeContext({ config, db: t.db, log });
}

async function sessionCookie(userId: string) {
  const { token } = await createSessionRow(t.db, { userId, mfaVerified: true });
  return (await serializeSessionCookie(config, token)).split(";")[0]!;
}

type Answer = {
  intent: string;
  result?: { error?: Record<string, string[] | null> };
  setup: { secret: string; qr: string } | null;
  notice: string | null;
  recoveryCodes: string[] | null;
};

async function post(cookie: string, fields: Record<string, string>) {
  const reply = (await action({
    request: new Request(URL_, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    }),
    url: new URL(URL_),
    context: context(),
    params: {},
  } as never)) as unknown;
  const wrapped = reply as { type?: string; data: Answer; init: ResponseInit | null };
  return wrapped.type === "DataWithResponseInit"
    ? { status: wrapped.init?.status ?? 200, answer: wrapped.data }
    : { status: 200, answer: reply as Answer };
}

async function load(cookie: string) {
  return (await loader({
    request: new Request(URL_, { headers: { Cookie: cookie } }),
    url: new URL(URL_),
    context: context(),
    params: {},
  } as never)) as Record<string, unknown>;
}

const enabled = async (userId: string) =>
  (
    await t.db
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).totp_enabled_at !== null;

describe("the set-up on /account/security", () => {
  it("is in the answer to Set up only: a new key each time, none shown by the page itself", async () => {
    const user = await insertUser(t.db, { email: "page@security.example" });
    const someone = await sessionCookie(user.id);
    const owner = await sessionCookie(user.id);
    const first = await post(someone, { intent: "start" });
    expect(first.answer.setup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.answer.setup?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Opening the page afterwards, in this session or another: no set-up, no key anywhere in it.
    for (const cookie of [someone, owner]) {
      const page = await load(cookie);
      expect(page).toMatchObject({ totpEnabled: false });
      expect(JSON.stringify(page)).not.toContain(first.answer.setup!.secret);
    }
    const second = await post(owner, { intent: "start" });
    expect(second.answer.setup?.secret).not.toBe(first.answer.setup?.secret);
  });

  it("is turned on with the current password; a mistake shows the same set-up again to whoever sent its key", async () => {
    const user = await insertUser(t.db, { email: "confirm@security.example" });
    const cookie = await sessionCookie(user.id);
    const { setup } = (await post(cookie, { intent: "start" })).answer;
    const key = setup!.secret;

    // Without the password: refused, nothing turned on, the set-up still on screen.
    const noPassword = await post(cookie, { intent: "confirm", key, code: code(key) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.answer.result?.error?.currentPassword).toEqual(["Please enter your current password"]);
    expect(noPassword.answer.setup?.secret).toBe(key);
    const wrong = await post(cookie, { intent: "confirm", key, code: code(key), currentPassword: "nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.result?.error?.currentPassword).toEqual(["Your current password is not correct"]);
    expect(wrong.answer.setup?.secret).toBe(key);
    expect(await enabled(user.id)).toBe(false);

    // Without the key (or with another): not shown, and the page says why.
    const noKey = await post(cookie, { intent: "confirm", code: code(key), currentPassword: TEST_PASSWORD });
    expect(noKey.status).toBe(409);
    expect(noKey.answer.setup).toBeNull();
    expect(noKey.answer.notice).toMatch(/cancelled or replaced/);
    const otherKey = await post(cookie, {
      intent: "confirm",
      key: "A".repeat(32),
      code: code(key),
      currentPassword: TEST_PASSWORD,
    });
    expect(otherKey.answer.setup).toBeNull();
    expect(await enabled(user.id)).toBe(false);

    const on = await post(cookie, {
      intent: "confirm",
      key,
      code: code(key),
      currentPassword: TEST_PASSWORD,
    });
    expect(on.status).toBe(200);
    expect(on.answer.recoveryCodes).toHaveLength(10);
    expect(on.answer.setup).toBeNull();
    expect(await enabled(user.id)).toBe(true);
  });

  it("a set-up replaced by a newer one cannot be turned on from the older page", async () => {
    const user = await insertUser(t.db, { email: "replaced@security.example" });
    const cookie = await sessionCookie(user.id);
    const old = (await post(cookie, { intent: "start" })).answer.setup!.secret;
    await post(cookie, { intent: "start" });
    const r = await post(cookie, {
      intent: "confirm",
      key: old,
      code: code(old),
      currentPassword: TEST_PASSWORD,
    });
    expect(r.status).toBe(409);
    expect(r.answer.setup).toBeNull();
    expect(await enabled(user.id)).toBe(false);
  });
});
