/**
 * Decision 0256 (with 0604): a suspended listing is read-only in the company area. Its details,
 * services and logo cannot be changed, through the module or through /company's action (a stale
 * page still posts the forms): the change is refused (403, with why) and nothing is stored,
 * audited or written to the storage. The same requests succeed once the listing is reinstated,
 * so it is the suspension that refuses them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LISTING_MESSAGES, parseListingDetails } from "~/modules/company/listing-rules";
import { removeLogo, uploadLogo } from "~/modules/company/logo.server";
import { saveListingDetails } from "~/modules/company/update-listing.server";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { testPng } from "~/modules/waste-notes/test-support/valid-form";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { action } from "~/routes/company/index";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { routeContext } from "#tests/support/route-context";
import { insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const REG = "CBDU725601";
const LOGO = "/company-logo/cbdu725601-logo-1-0000000000000000.png";

let t: TestDatabase;
let storage: LocalDiskStorage;
let dir: string;
let userId = "";
let listingId = "";
let cookie = "";
const config = {
  dataDir: path.join(os.tmpdir(), "company-suspended-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "company-suspended-listing-secret",
  isProduction: false,
} as Config;

/** The listing as it was suspended: published details, services and a logo. */
const PUBLISHED = {
  company_name: "Suspended Skips Ltd",
  about: "What the listing said when it was suspended.",
  phone: "0117 496 0100",
  email: "office@suspended-skips.example",
  services: ["Skip Hire"],
  logo_url: LOGO,
  draft: null,
};

const DETAILS = {
  intent: "details",
  businessName: "Renamed While Suspended Ltd",
  about: "Words written while suspended",
  phone: "0117 496 0199",
  email: "new@suspended-skips.example",
  services: "Asbestos Removal",
};

function context() {
  return routeContext({
    config,
    db: t.db,
    storage,
    log,
  });
}

/** /company's action for a form, as the signed-in owner. */
async function post(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const url = "http://localhost:9999/company";
  const reply = await action({
    request: new Request(url, { method: "POST", body, headers: { Cookie: cookie } }),
    url: new URL(url),
    context: context(),
    params: {},
  } as never);
  return reply as unknown as
    Response | { data: { toast: { description?: string } | null }; init?: { status?: number } };
}

const listing = () =>
  t.db
    .selectFrom("claimed_listings")
    .select(["company_name", "about", "phone", "email", "services", "logo_url", "draft"])
    .where("id", "=", listingId)
    .executeTakeFirstOrThrow();

const audits = () =>
  t.db.selectFrom("audit_log").select("action").where("entity_id", "=", listingId).execute();

/** Every file the storage holds. */
function storedFiles(): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}

function logoFile() {
  return new File([new Uint8Array(testPng())], "logo.png", { type: "image/png" });
}

function details() {
  const form = new FormData();
  for (const [k, v] of Object.entries(DETAILS)) form.append(k, v);
  const parsed = parseListingDetails(form);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function expectUnchanged() {
  expect(await listing()).toEqual({ ...PUBLISHED, services: ["Skip Hire"] });
  expect(await audits()).toEqual([]);
  expect(storedFiles()).toEqual([]);
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "company-suspended-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntry(t.db, { registration_number: REG, business_name: "SUSPENDED SKIPS LTD" });
  const user = await insertUser(t.db, { email: "owner@suspended-skips.example" });
  userId = user.id;
  listingId = (await insertClaimedListing(t.db, { registration_number: REG, user_id: userId, ...PUBLISHED }))
    .id;
  const { token } = await createSessionRow(t.db, { userId, mfaVerified: true });
  cookie = (await serializeSessionCookie(config, token)).split(";")[0]!;
});
beforeEach(async () => {
  await t.db
    .updateTable("claimed_listings")
    .set({ ...PUBLISHED, suspended_at: new Date() })
    .where("id", "=", listingId)
    .execute();
  await t.db.deleteFrom("audit_log").execute();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  await t?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a suspended listing, through the module", () => {
  it("refuses its details and services", async () => {
    expect(await saveListingDetails(t.db, userId, details())).toBe("suspended");
    await expectUnchanged();
  });

  it("refuses a logo upload before reading the image, and a logo removal", async () => {
    const deps = { db: t.db, storage };
    expect(await uploadLogo(deps, userId, REG, new Uint8Array(testPng()))).toEqual({ status: "suspended" });
    expect(await removeLogo(deps, userId)).toEqual({ status: "suspended" });
    await expectUnchanged();
  });

  it("refuses an unverified listing's draft too", async () => {
    await t.db.updateTable("claimed_listings").set({ verified: false }).where("id", "=", listingId).execute();
    try {
      expect(await saveListingDetails(t.db, userId, details())).toBe("suspended");
      expect(await removeLogo({ db: t.db, storage }, userId)).toEqual({ status: "suspended" });
      await expectUnchanged();
    } finally {
      await t.db
        .updateTable("claimed_listings")
        .set({ verified: true })
        .where("id", "=", listingId)
        .execute();
    }
  });
});

describe("a suspended listing, through /company's action", () => {
  it.each([
    ["details and services", DETAILS],
    ["a logo upload", { intent: "upload-logo", logo: "file" }],
    ["a logo removal", { intent: "remove-logo" }],
    // Invalid details are refused as suspended, not checked field by field.
    ["invalid details", { ...DETAILS, businessName: "", email: "not an address" }],
  ] as const)("refuses %s with 403 and why, storing nothing", async (_, fields) => {
    const reply = await post(
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === "logo" ? logoFile() : v])),
    );
    expect(reply).not.toBeInstanceOf(Response);
    const refused = reply as Exclude<typeof reply, Response>;
    expect(refused.init?.status).toBe(403);
    expect(refused.data.toast?.description).toBe(LISTING_MESSAGES.suspended);
    await expectUnchanged();
  });

  it("makes the same changes once the listing is reinstated", async () => {
    await t.db
      .updateTable("claimed_listings")
      .set({ suspended_at: null })
      .where("id", "=", listingId)
      .execute();
    const saved = await post(DETAILS);
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    expect(await listing()).toMatchObject({
      company_name: DETAILS.businessName,
      services: ["Asbestos Removal"],
    });
    const uploaded = await post({ intent: "upload-logo", logo: logoFile() });
    expect((uploaded as Response).status).toBe(302);
    expect((await listing()).logo_url).not.toBe(LOGO);
    expect(storedFiles().length).toBeGreaterThan(0);
    expect((await audits()).map((a) => a.action)).toEqual(["listing.edited", "listing.logo_changed"]);
  });
});
