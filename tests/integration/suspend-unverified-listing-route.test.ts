/**
 * Decision 0269 through the admin's pages: the provider page and the Providers list do not offer
 * Suspend for an unverified listing; a POST made anyway (intent=suspend, a stale or hand-made
 * form) is refused with 409 and why; the listing is not suspended, nothing is audited or e-mailed.
 * A verified listing's suspension through the same route still works.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { SUSPENSION_TEXT } from "~/modules/providers/suspend-provider.server";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { action as providerAction } from "~/routes/admin/claims/provider";
import { action as providersAction } from "~/routes/admin/claims/providers";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertAdmin, insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const ORIGIN = "http://localhost:9997";
const PENDING = "CBDU726911";
const VERIFIED = "CBDU726912";

let t: TestDatabase;
let cookie = "";
const ids: Record<string, string> = {};
const config = {
  dataDir: path.join(os.tmpdir(), "suspend-unverified-route-test"),
  publicUrl: ORIGIN,
  sessionSecret: "suspend-unverified-listing-route-secret",
  isProduction: false,
} as Config;

type Answer = Response | { data: { toast?: { description?: string } }; init?: { status?: number } };

/** intent=suspend with a reason, posted to a provider's page or to the Providers list. */
async function postSuspend(where: "page" | "list", listingId: string): Promise<Answer> {
  const body = new FormData();
  body.append("intent", "suspend");
  body.append("listingId", listingId);
  body.append("reason", "Posted by hand");
  const url = where === "page" ? `${ORIGIN}/admin/providers/${listingId}` : `${ORIGIN}/admin/providers`;
  const args = {
    request: new Request(url, { method: "POST", body, headers: { Cookie: cookie } }),
    url: new URL(url),
    context: routeContext({ config, db: t.db, log }),
    params: where === "page" ? { id: listingId } : {},
  } as never;
  return (await (where === "page" ? providerAction(args) : providersAction(args))) as unknown as Answer;
}

const suspendedAt = async (number: string) =>
  (
    await t.db
      .selectFrom("claimed_listings")
      .select("suspended_at")
      .where("registration_number", "=", number)
      .executeTakeFirstOrThrow()
  ).suspended_at;

beforeAll(async () => {
  t = await createTestDatabase();
  const admin = await insertAdmin(t.db, { email: "suspend-route-admin@suspend-unverified.example" });
  const { token } = await createSessionRow(t.db, { userId: admin.id, mfaVerified: true });
  cookie = (await serializeSessionCookie(config, token)).split(";")[0]!;
  for (const [number, verified] of [
    [PENDING, false],
    [VERIFIED, true],
  ] as const) {
    const owner = await insertUser(t.db, {
      email: `owner-${number.toLowerCase()}@suspend-unverified.example`,
    });
    await insertRegisterEntry(t.db, { registration_number: number, is_claimed: verified });
    ids[number] = (
      await insertClaimedListing(t.db, { registration_number: number, user_id: owner.id, verified })
    ).id;
  }
});
afterAll(() => t?.destroy());

describe("a direct POST suspending an unverified listing", () => {
  it.each(["page", "list"] as const)("is refused on the provider %s with 409 and why", async (where) => {
    const reply = await postSuspend(where, ids[PENDING]!);
    expect(reply).not.toBeInstanceOf(Response);
    const refused = reply as Exclude<Answer, Response>;
    expect(refused.init?.status).toBe(409);
    expect(refused.data.toast?.description).toBe(SUSPENSION_TEXT.notVerified(PENDING));
    expect(await suspendedAt(PENDING)).toBeNull();
    expect(await t.db.selectFrom("audit_log").select("id").execute()).toEqual([]);
    expect(await t.db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
  });

  it("while a verified listing is suspended through the same route", async () => {
    const reply = await postSuspend("page", ids[VERIFIED]!);
    expect(reply).toBeInstanceOf(Response);
    expect((reply as Response).status).toBe(302);
    expect(await suspendedAt(VERIFIED)).not.toBeNull();
  });
});
