/**
 * Decision 0268 through /admin/claim-requests: the review's data carries the owner's draft that
 * approval would publish (its changed fields and version), the approve form posts that version
 * back, and a POST whose version is not the draft's now (a stale page, or no version at all) is
 * refused with 409 and why, carrying the claim as it is now, with nothing changed; the version
 * shown then approves it.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveListingDetails } from "~/modules/company/update-listing.server";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { submitClaim } from "~/modules/claims/submit-claim.server";
import { claimSubmission } from "~/modules/claims/test-support/claim-submission";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { action, loader } from "~/routes/admin/claims/claim-requests";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertAdmin, insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const ORIGIN = "http://localhost:9998";
const REG = "CBDU726801";
const EMAIL = "draft-route@claim-draft.example";

let t: TestDatabase;
let cookie = "";
let claimId = "";
let userId = "";
const config = {
  dataDir: path.join(os.tmpdir(), "claim-draft-route-test"),
  publicUrl: ORIGIN,
  sessionSecret: "claim-draft-approval-route-secret",
  isProduction: false,
  EMAIL_CONFIRMATION: true,
} as Config;

const context = () => routeContext({ config, db: t.db, log });

type Answer = Response | { data: Record<string, unknown>; init?: { status?: number } };

/** The review as the page loads it (?claim=…&action=approve). */
async function review() {
  const url = `${ORIGIN}/admin/claim-requests?claim=${claimId}&action=approve`;
  const reply = (await loader({
    request: new Request(url, { headers: { Cookie: cookie } }),
    url: new URL(url),
    context: context(),
    params: {},
  } as never)) as unknown as {
    data: { selected: { draft: { version: string; changes: unknown[] } | null } };
  };
  return reply.data.selected;
}

/** The approve form as posted, with the draft version given (or none). */
async function postApproval(draftVersion?: string): Promise<Answer> {
  const body = new FormData();
  const fields: Record<string, string> = {
    intent: "approve",
    claimId,
    plan: "standard",
    period: "monthly",
    freeTrial: "on",
    startDate: new Date().toISOString().slice(0, 10),
    endDate: "2099-01-01",
  };
  if (draftVersion !== undefined) fields.draftVersion = draftVersion;
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const url = `${ORIGIN}/admin/claim-requests?status=pending`;
  return (await action({
    request: new Request(url, { method: "POST", body, headers: { Cookie: cookie } }),
    url: new URL(url),
    context: context(),
    params: {},
  } as never)) as unknown as Answer;
}

const state = async () => {
  const claim = await t.db
    .selectFrom("claim_requests")
    .select("status")
    .where("id", "=", claimId)
    .executeTakeFirstOrThrow();
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select(["verified", "about"])
    .where("registration_number", "=", REG)
    .executeTakeFirstOrThrow();
  return { status: claim.status, verified: listing.verified, about: listing.about };
};

const save = (about: string) =>
  saveListingDetails(t.db, userId, {
    businessName: "Route Draft Skips",
    about,
    phone: "0113 496 0999",
    email: EMAIL,
    services: ["Skip Hire"],
  });

beforeAll(async () => {
  t = await createTestDatabase();
  const admin = await insertAdmin(t.db, { email: "draft-route-admin@claim-draft.example" });
  const { token } = await createSessionRow(t.db, { userId: admin.id, mfaVerified: true });
  cookie = (await serializeSessionCookie(config, token)).split(";")[0]!;
  await insertRegisterEntry(t.db, { registration_number: REG, expiry_date: "2099-01-01" });
  const r = await submitClaim(t.db, config, claimSubmission(REG, EMAIL, { about: "The claim's words." }), {
    ip: "10.26.8.201",
  });
  if (r.status !== "submitted") throw new Error(r.status);
  claimId = r.claimId;
  userId = r.userId;
});
afterAll(() => t?.destroy());

describe("approving a claim with a draft through /admin/claim-requests", () => {
  it("refuses a stale page's approval with 409 and the claim as it is now, then approves the draft shown", async () => {
    expect((await review()).draft).toBeNull();
    await save("Read by the admin.");
    const shown = (await review()).draft!;
    expect(shown.changes).toContainEqual({
      field: "about",
      label: "About",
      claim: "The claim's words.",
      draft: "Read by the admin.",
    });

    // No version at all (a page from before drafts were shown, or a hand-made POST): refused.
    const bare = await postApproval();
    expect(bare).not.toBeInstanceOf(Response);
    expect((bare as Exclude<Answer, Response>).init?.status).toBe(409);

    // The claimant saves again after the page was loaded.
    await save("Changed behind the admin's back.");
    const refused = await postApproval(shown.version);
    expect(refused).not.toBeInstanceOf(Response);
    const answer = refused as Exclude<Answer, Response>;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toBe(`${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.draftChanged}`);
    expect(answer.data.error).toBe(
      "Failed to approve claim: The claimant changed their draft edits after you opened this claim. Look at the edits shown now, then approve again if they are fine. Nothing was changed.",
    );
    const fresh = (
      answer.data.claim as { draft: { version: string; changes: { field: string; draft: string }[] } }
    ).draft;
    expect(fresh.version).not.toBe(shown.version);
    expect(fresh.changes.find((c) => c.field === "about")?.draft).toBe("Changed behind the admin's back.");
    expect(await state()).toEqual({ status: "pending", verified: false, about: "The claim's words." });

    // Approved with the version the refusal showed.
    const approved = await postApproval(fresh.version);
    expect(approved).toBeInstanceOf(Response);
    expect((approved as Response).status).toBe(302);
    expect((approved as Response).headers.get("Location")).toBe("/admin/claim-requests?status=approved");
    expect(await state()).toEqual({
      status: "approved",
      verified: true,
      about: "Changed behind the admin's back.",
    });
  });
});
