/**
 * Who empties the page cache (decisions 0265 and 0270), through the server's own wiring
 * (`usePageCache` of server/http.ts) and a real database: a state-changing request carried out by
 * a live, fully signed-in session does; the same, still correctly signed cookie once its session
 * was signed out, revoked, expired or past its lifetime, or a session still at its second factor,
 * does not.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { changePassword } from "../app/modules/accounts/change-password.server";
import { signOut } from "../app/modules/accounts/sign-out.server";
import {
  createSessionRow,
  hashToken,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TTL_MS,
} from "../app/platform/session.server";
import type { AppServices } from "../app/web/context";
import { pageCacheHeaders } from "../app/web/page-cache";
import { readSessionToken, serializeSessionCookie } from "../app/web/session-cookie.server";
import { usePageCache, type Env } from "./http";

const DAY = 86_400_000;
const config = {
  PAGE_CACHE_SECONDS: 60,
  sessionSecret: "s".repeat(40),
  isProduction: true,
  publicUrl: "https://carriers.test",
} as AppServices["config"];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

/** The server's page cache in front of a home page and two actions that answer 200. */
function server() {
  const app = new Hono<Env>();
  const events = { record: () => {} } as unknown as AppServices["events"];
  usePageCache(app, { config, db: t.db, events });
  app.get(
    "/",
    () =>
      new Response("<p>home</p>", {
        headers: { "Content-Type": "text/html; charset=utf-8", ...pageCacheHeaders() },
      }),
  );
  app.post("/change", (c) => c.text("done"));
  // Signs out the session that sent it, as /logout does.
  app.post("/logout", async (c) => {
    await signOut(t.db, (await readSessionToken(c.req.raw, config)).token);
    return c.text("signed out");
  });
  const home = async () => (await app.request("/")).headers.get("x-page-cache") ?? "miss";
  /** Fills the cache with the home page, then posts with the cookie; whether the page is still kept. */
  const keptAfterPost = async (cookie: string | null, path = "/change") => {
    await home();
    expect(await home()).toBe("hit");
    const posted = await app.request(path, { method: "POST", headers: cookie ? { cookie } : {} });
    expect(posted.status).toBe(200);
    return (await home()) === "hit";
  };
  return { keptAfterPost };
}

const cookieFor = async (token: string) => (await serializeSessionCookie(config, token)).split(";")[0]!;

describe("the page cache and the session cookie", () => {
  it("is emptied by a live, fully signed-in session's change; kept by an anonymous one", async () => {
    const { keptAfterPost } = server();
    const user = await insertUser(t.db);
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    expect(await keptAfterPost(null)).toBe(true);
    expect(await keptAfterPost(await cookieFor(token))).toBe(false);
  });

  it("is kept by a correctly signed cookie whose session was signed out or revoked", async () => {
    const { keptAfterPost } = server();
    const user = await insertUser(t.db, { password: "old-password" });
    const signedOut = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const cookie = await cookieFor(signedOut.token);
    await signOut(t.db, signedOut.token);
    // The cookie kept after signing out is still well signed: anyone holding it is anonymous.
    expect((await readSessionToken(new Request("https://x/", { headers: { cookie } }), config)).token).toBe(
      signedOut.token,
    );
    expect(await keptAfterPost(cookie)).toBe(true);

    // Another session of the same person, ended by a password change made elsewhere.
    const mine = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const other = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    expect(
      await changePassword(t.db, TEST_CONFIG, {
        userId: user.id,
        currentPassword: "old-password",
        newPassword: "new-password",
        sessionToken: mine.token,
      }),
    ).toMatchObject({ status: "ok", signedOutOthers: 1 });
    expect(await keptAfterPost(await cookieFor(other.token))).toBe(true);
    expect(await keptAfterPost(await cookieFor(mine.token))).toBe(false);
  });

  it("is kept by an expired session's cookie and by one past the session's lifetime", async () => {
    const { keptAfterPost } = server();
    const user = await insertUser(t.db);
    const idle = await createSessionRow(t.db, {
      userId: user.id,
      mfaVerified: true,
      now: new Date(Date.now() - SESSION_TTL_MS - DAY),
    });
    expect(await keptAfterPost(await cookieFor(idle.token))).toBe(true);
    // Begun longer ago than the lifetime, with an expiry still ahead (rolled before the rule).
    const old = await createSessionRow(t.db, {
      userId: user.id,
      mfaVerified: true,
      now: new Date(Date.now() - SESSION_MAX_LIFETIME_MS - DAY),
    });
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() + 10 * DAY) })
      .where("id", "=", hashToken(old.token))
      .execute();
    expect(await keptAfterPost(await cookieFor(old.token))).toBe(true);
  });

  it("is kept by a session whose second factor is still due", async () => {
    const { keptAfterPost } = server();
    const user = await insertUser(t.db, { totpSecret: "JBSWY3DPEHPK3PXP" });
    const pending = await createSessionRow(t.db, { userId: user.id, mfaVerified: false, pending: true });
    expect(await keptAfterPost(await cookieFor(pending.token))).toBe(true);
  });

  it("is emptied by a request that signs its own session out (it was made signed in)", async () => {
    const { keptAfterPost } = server();
    const user = await insertUser(t.db);
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const cookie = await cookieFor(token);
    expect(await keptAfterPost(cookie, "/logout")).toBe(false);
    // Afterwards the same cookie is nobody's.
    expect(await keptAfterPost(cookie, "/logout")).toBe(true);
  });
});
