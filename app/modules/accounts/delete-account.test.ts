/**
 * Decision 0271: deleting an account (the operator's answer to an erasure request) deletes its
 * claims that were never approved with their licence documents, its unverified listing with its
 * draft logo, saved parties and sessions; the audit log keeps that each claim was made and decided
 * (and that it went with the account) without the claimant's details. An approved claim and its
 * listing stay. Files are deleted from storage after the commit; one that cannot be is logged.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { findClaimTarget } from "~/modules/claims/find-claim-target.server";
import { checkLicenceDocument } from "~/modules/claims/licence-document.server";
import { rejectClaim } from "~/modules/claims/reject-claim.server";
import { submitClaim } from "~/modules/claims/submit-claim.server";
import { claimSubmission } from "~/modules/claims/test-support/claim-submission";
import { licencePdf } from "~/modules/claims/test-support/licence-pdfs";
import { logoFileKeys } from "~/modules/company/logo-files";
import { uploadLogo } from "~/modules/company/logo.server";
import { testPng } from "~/modules/waste-notes/test-support/valid-form";
import { createSession } from "~/modules/accounts/create-session.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import {
  insertAdmin,
  insertClaimedListing,
  insertClaimRequest,
  insertRegisterEntry,
  nextRegistrationNumber,
} from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import type { TestDatabase } from "#tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { deleteAccount } from "./delete-account.server";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
useTestDatabaseAndFolder("delete-account-", (opened, folder) => {
  t = opened;
  dir = folder;
  storage = new LocalDiskStorage(folder);
});

const exists = (key: string) => fs.existsSync(path.join(dir, ...key.split("/")));
const logoFiles = (url: string) => logoFileKeys(url.replace("/company-logo/", "")).filter(exists);

/**
 * A claim as the wizard makes it, signed out: a new account, the pending claim with its licence
 * document (a PDF), and the unverified listing, to which the claimant then adds a logo and a
 * saved site.
 */
async function wizardClaim(name: string) {
  const reg = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: reg, business_name: `Business ${reg}` });
  const email = `${name}-${reg.toLowerCase()}@example.test`;
  const licence = await checkLicenceDocument(new File([new Uint8Array(licencePdf())], "my licence.pdf"));
  if (licence.kind !== "ok") throw new Error(licence.kind);
  const claim = await submitClaim(
    t.db,
    TEST_CONFIG,
    claimSubmission(reg, email, {
      contactName: "Robin Private",
      contactPhone: "07700 900123",
      about: "Robin's own words",
      licence: licence.document,
    }),
    { storage, ip: "10.27.1.1" },
  );
  if (claim.status !== "submitted") throw new Error(claim.status);
  const logo = await uploadLogo({ db: t.db, storage }, claim.userId, reg, testPng());
  if (logo.status !== "draft" || !logo.logoUrl) throw new Error(logo.status);
  await t.db
    .insertInto("company_saved_sites")
    .values({ registration_number: reg, name: "Robin's yard", address: "1 Lane", postcode: "LS1 1AA" })
    .execute();
  const document = `claim-documents/${claim.claimId}/licence.pdf`;
  expect(exists(document)).toBe(true);
  expect(logoFiles(logo.logoUrl)).toHaveLength(4);
  return { reg, email, userId: claim.userId, claimId: claim.claimId, document, logoUrl: logo.logoUrl };
}

const files = (): FileRemoval => ({ storage, log: { warn: vi.fn() } });

async function auditOf(claimId: string) {
  return t.db
    .selectFrom("audit_log")
    .select(["action", "details", "actor_user_id"])
    .where("entity", "=", "claim_request")
    .where("entity_id", "=", claimId)
    .orderBy("id")
    .execute();
}

it("deletes a rejected claim's personal details and licence document with the account; the audit keeps the decision", async () => {
  const c = await wizardClaim("rejected");
  const admin = await insertAdmin(t.db);
  await rejectClaim(
    t.db,
    TEST_CONFIG,
    { claimId: c.claimId, adminId: admin.id, adminNotes: "Not the owner" },
    files(),
  );
  expect(logoFiles(c.logoUrl)).toEqual([]); // went with the rejected claim's listing
  await createSession(t.db, { userId: c.userId, secondFactorDue: false, userAgent: "test", ip: "10.27.1.1" });

  const r = await deleteAccount(t.db, files(), { email: c.email.toUpperCase() });
  expect(r).toEqual({
    status: "deleted",
    userId: c.userId,
    claims: [{ id: c.claimId, registrationNumber: c.reg, status: "rejected" }],
    listingsRemoved: [],
    listingsWithoutOwner: [],
    files: { removed: 1, failed: 0 },
  });
  expect(await t.db.selectFrom("claim_requests").where("id", "=", c.claimId).select("id").execute()).toEqual(
    [],
  );
  expect(await t.db.selectFrom("users").where("id", "=", c.userId).select("id").execute()).toEqual([]);
  expect(await t.db.selectFrom("sessions").where("user_id", "=", c.userId).select("id").execute()).toEqual(
    [],
  );
  expect(exists(c.document)).toBe(false);
  expect(exists(`claim-documents/${c.claimId}`)).toBe(false);

  const audit = await auditOf(c.claimId);
  expect(audit.map((a) => a.action)).toEqual(["claim.submitted", "claim.rejected", "claim.removed"]);
  expect(audit[1]).toMatchObject({ actor_user_id: admin.id, details: { notes: "Not the owner" } });
  expect(audit[2]?.details).toEqual({
    registrationNumber: c.reg,
    status: "rejected",
    reason: "account-deleted",
    licenceDocumentDeleted: true,
  });
  const written = JSON.stringify(
    await t.db
      .selectFrom("audit_log")
      .select(["details"])
      .where("entity_id", "in", [c.claimId, c.userId])
      .execute(),
  );
  for (const personal of [c.email, "Robin", "07700 900123"]) expect(written).not.toContain(personal);
  const deleted = await t.db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("entity", "=", "account")
    .where("entity_id", "=", c.userId)
    .executeTakeFirstOrThrow();
  expect(deleted).toEqual({ action: "account.deleted", details: { claimsRemoved: 1 } });
});

it("withdraws a pending claim with its unverified listing, draft logo, saved sites and waiting notification", async () => {
  const c = await wizardClaim("pending");
  expect(
    await t.db
      .selectFrom("admin_notifications")
      .where("path", "=", `/admin/claim-requests?claim=${c.claimId}`)
      .select("id")
      .execute(),
  ).toHaveLength(1);

  const r = await deleteAccount(t.db, files(), { email: c.email });
  expect(r).toMatchObject({
    status: "deleted",
    claims: [{ id: c.claimId, status: "pending" }],
    listingsRemoved: [c.reg],
    files: { removed: 5, failed: 0 },
  });
  expect(exists(`claim-documents/${c.claimId}`)).toBe(false);
  expect(logoFiles(c.logoUrl)).toEqual([]);
  expect(
    await t.db.selectFrom("claimed_listings").where("registration_number", "=", c.reg).select("id").execute(),
  ).toEqual([]);
  expect(
    await t.db
      .selectFrom("company_saved_sites")
      .where("registration_number", "=", c.reg)
      .select("id")
      .execute(),
  ).toEqual([]);
  expect(
    await t.db
      .selectFrom("admin_notifications")
      .where("path", "=", `/admin/claim-requests?claim=${c.claimId}`)
      .select("id")
      .execute(),
  ).toEqual([]);
  expect((await auditOf(c.claimId)).map((a) => a.action)).toEqual(["claim.submitted", "claim.removed"]);
  // The business is free for its next claimant.
  expect((await findClaimTarget(t.db, c.reg)).status).toBe("claimable");
});

it("keeps an approved claim with its document, and the approved listing, published without an owner", async () => {
  const reg = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: reg, is_claimed: true });
  const owner = (await t.db
    .insertInto("users")
    .values({ email: `owner-${reg.toLowerCase()}@example.test`, email_confirmed_at: new Date() })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow())!;
  await insertClaimedListing(t.db, { registration_number: reg, user_id: owner.id, verified: true });
  const document = `claim-documents/${reg.toLowerCase()}/licence.pdf`;
  await storage.put(document, licencePdf());
  const claim = await insertClaimRequest(t.db, {
    registration_number: reg,
    user_id: owner.id,
    status: "approved",
    license_document_key: document,
    license_document_type: "application/pdf",
    license_document_size: 100,
  });

  const r = await deleteAccount(t.db, files(), { email: owner.email });
  expect(r).toMatchObject({
    status: "deleted",
    claims: [],
    listingsRemoved: [],
    listingsWithoutOwner: [reg],
  });
  const kept = await t.db
    .selectFrom("claim_requests")
    .select(["status", "user_id", "contact_name"])
    .where("id", "=", claim.id)
    .executeTakeFirst();
  expect(kept).toEqual({ status: "approved", user_id: null, contact_name: "Pat Owner" });
  expect(exists(document)).toBe(true);
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select(["user_id", "verified"])
    .where("registration_number", "=", reg)
    .executeTakeFirst();
  expect(listing).toEqual({ user_id: null, verified: true });
});

it("refuses an administrator's account and answers an unknown address, changing nothing", async () => {
  const admin = await insertAdmin(t.db);
  expect(await deleteAccount(t.db, files(), { email: admin.email })).toEqual({ status: "administrator" });
  expect(await t.db.selectFrom("users").where("id", "=", admin.id).select("id").execute()).toHaveLength(1);
  expect(await deleteAccount(t.db, files(), { email: "nobody@example.test" })).toEqual({
    status: "not-found",
  });
});

it("deletes the account when a file cannot be deleted, and logs the file", async () => {
  const c = await wizardClaim("broken-bucket");
  const warn = vi.fn();
  const r = await deleteAccount(
    t.db,
    {
      storage: {
        delete: (key) => storage.delete(key),
        deletePrefix: () => Promise.reject(new Error("bucket unavailable")),
      },
      log: { warn },
    },
    { email: c.email },
  );
  expect(r).toMatchObject({ status: "deleted", files: { removed: 4, failed: 1 } });
  expect(warn).toHaveBeenCalledWith(
    expect.objectContaining({ key: `claim-documents/${c.claimId}` }),
    "file no longer used was not deleted",
  );
  expect(await t.db.selectFrom("users").where("id", "=", c.userId).select("id").execute()).toEqual([]);
  expect(logoFiles(c.logoUrl)).toEqual([]);
});
