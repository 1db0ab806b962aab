/**
 * Decision 0271: a logo's files (the original and its 128 px and WebP copies) are deleted from
 * storage once no row names them, after the change that let go of them commits: an owner's draft
 * logo replaced or cleared, a draft dropped with its listing at a rejection, a draft published at
 * approval over the logo it replaces, a draft of a holder who loses the listing (takeover, owner
 * change, approval). A file that cannot be deleted is logged and the action stands.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { logoFileKeys } from "~/modules/company/logo-files";
import { removeLogo, uploadLogo } from "~/modules/company/logo.server";
import { changeProviderOwner } from "~/modules/providers/change-owner.server";
import { testPng } from "~/modules/waste-notes/test-support/valid-form";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import {
  insertAdmin,
  insertClaimedListing,
  insertClaimRequest,
  insertRegisterEntry,
  insertUser,
  nextRegistrationNumber,
} from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import type { TestDatabase } from "#tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { approveClaim } from "./approve-claim.server";
import { draftToPublish, draftVersion } from "./claim-draft.server";
import { rejectClaim } from "./reject-claim.server";
import { submitClaim } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
useTestDatabaseAndFolder("claim-logos-", (opened, folder) => {
  t = opened;
  dir = folder;
  storage = new LocalDiskStorage(folder);
});

const files = (): FileRemoval & { warnings: unknown[] } => {
  const warnings: unknown[] = [];
  return { storage, log: { warn: (details) => warnings.push(details) }, warnings };
};

/** The logo's files present in storage (of its four: original, 128 px, WebP, 128 px WebP). */
function storedFilesOf(url: string): string[] {
  return logoFileKeys(url.replace("/company-logo/", "")).filter((key) =>
    fs.existsSync(path.join(dir, ...key.split("/"))),
  );
}

/** The version of the draft an approval of `userId`'s claim publishes, as the admin's page sends it. */
async function draftVersionOf(reg: string, userId: string): Promise<string> {
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select(["user_id", "verified", "draft"])
    .where("registration_number", "=", reg)
    .executeTakeFirst();
  return draftVersion(draftToPublish(listing, userId));
}

/** A business on the register and an account whose unverified listing of it has a drafted logo. */
async function draftWithLogo() {
  const reg = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: reg, business_name: `Business ${reg}` });
  const owner = await insertUser(t.db);
  await insertClaimedListing(t.db, { registration_number: reg, user_id: owner.id, verified: false });
  const upload = await uploadLogo({ db: t.db, storage }, owner.id, reg, testPng());
  if (upload.status !== "draft" || !upload.logoUrl) throw new Error(upload.status);
  expect(storedFilesOf(upload.logoUrl)).toHaveLength(4);
  return { reg, owner, logoUrl: upload.logoUrl };
}

/** An unverified listing's claimant, as the wizard makes them (a pending claim), with a drafted logo. */
async function claimantWithDraftLogo() {
  const reg = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: reg, business_name: `Business ${reg}` });
  const account = await insertUser(t.db);
  const claim = await submitClaim(t.db, TEST_CONFIG, claimSubmission(reg, account.email), { account });
  if (claim.status !== "submitted") throw new Error(claim.status);
  const upload = await uploadLogo({ db: t.db, storage }, account.id, reg, testPng());
  if (upload.status !== "draft" || !upload.logoUrl) throw new Error(upload.status);
  return { reg, account, claimId: claim.claimId, logoUrl: upload.logoUrl };
}

it("deletes a draft logo's four files when the owner replaces it, and the new one's when they clear it", async () => {
  const { reg, owner, logoUrl: first } = await draftWithLogo();
  const replaced = await uploadLogo({ db: t.db, storage }, owner.id, reg, testPng());
  if (replaced.status !== "draft" || !replaced.logoUrl) throw new Error(replaced.status);
  expect(storedFilesOf(first)).toEqual([]);
  expect(storedFilesOf(replaced.logoUrl)).toHaveLength(4);
  expect(await removeLogo({ db: t.db, storage }, owner.id)).toMatchObject({ status: "draft" });
  expect(storedFilesOf(replaced.logoUrl)).toEqual([]);
  expect((await getCompanyListing(t.db, owner.id))?.draft?.logoUrl).toBeNull();
});

it("deletes the drafted logo with the unverified listing a rejection removes", async () => {
  const { claimId, logoUrl } = await claimantWithDraftLogo();
  const admin = await insertAdmin(t.db);
  const removal = files();
  expect(await rejectClaim(t.db, TEST_CONFIG, { claimId, adminId: admin.id }, removal)).toMatchObject({
    status: "rejected",
  });
  expect(storedFilesOf(logoUrl)).toEqual([]);
  expect(removal.warnings).toEqual([]);
});

it("keeps the rejection when a logo file cannot be deleted, and logs it", async () => {
  const { claimId, logoUrl } = await claimantWithDraftLogo();
  const admin = await insertAdmin(t.db);
  const warn = vi.fn();
  const broken: FileRemoval = {
    storage: {
      delete: () => Promise.reject(new Error("bucket unavailable")),
      deletePrefix: () => Promise.reject(new Error("bucket unavailable")),
    },
    log: { warn },
  };
  expect(await rejectClaim(t.db, TEST_CONFIG, { claimId, adminId: admin.id }, broken)).toMatchObject({
    status: "rejected",
  });
  const claim = await t.db
    .selectFrom("claim_requests")
    .select("status")
    .where("id", "=", claimId)
    .executeTakeFirst();
  expect(claim?.status).toBe("rejected");
  expect(warn).toHaveBeenCalledTimes(4);
  expect(warn.mock.calls.map(([details]) => (details as { key: string }).key).sort()).toEqual(
    logoFileKeys(logoUrl.replace("/company-logo/", "")).sort(),
  );
  // Nothing names them now; they are still there, for nothing serves them.
  expect(storedFilesOf(logoUrl)).toHaveLength(4);
});

it("deletes the published logo an approval replaces with the drafted one, and keeps the drafted one", async () => {
  const reg = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number: reg, business_name: `Business ${reg}` });
  const account = await insertUser(t.db);
  const admin = await insertAdmin(t.db);
  // A logo the listing already shows (published), then the claimant's draft of a new one.
  const published = await insertClaimedListing(t.db, {
    registration_number: reg,
    user_id: account.id,
    verified: true,
  });
  const old = await uploadLogo({ db: t.db, storage }, account.id, reg, testPng());
  if (old.status !== "published" || !old.logoUrl) throw new Error(old.status);
  await t.db
    .updateTable("claimed_listings")
    .set({ verified: false })
    .where("id", "=", published.id)
    .execute();
  const drafted = await uploadLogo({ db: t.db, storage }, account.id, reg, testPng());
  if (drafted.status !== "draft" || !drafted.logoUrl) throw new Error(drafted.status);
  const claim = await insertClaimRequest(t.db, {
    registration_number: reg,
    user_id: account.id,
    contact_email: account.email,
  });
  const r = await approveClaim(
    t.db,
    TEST_CONFIG,
    {
      claimId: claim.id,
      adminId: admin.id,
      plan: "standard",
      period: "monthly",
      freeTrial: true,
      draftSeen: await draftVersionOf(reg, account.id),
    },
    undefined,
    files(),
  );
  expect(r.status).toBe("approved");
  expect((await getCompanyListing(t.db, account.id))?.logoUrl).toBe(drafted.logoUrl);
  expect(storedFilesOf(old.logoUrl)).toEqual([]);
  expect(storedFilesOf(drafted.logoUrl)).toHaveLength(4);
});

it("deletes the drafted logo of an unverified listing's holder when another account's claim takes it over", async () => {
  const { reg, logoUrl } = await draftWithLogo();
  const next = await insertUser(t.db);
  const r = await submitClaim(t.db, TEST_CONFIG, claimSubmission(reg, next.email), {
    account: next,
    storage,
  });
  expect(r.status).toBe("submitted");
  expect(storedFilesOf(logoUrl)).toEqual([]);
});

it("deletes the drafted logo of an unverified listing's holder when an approval gives the listing to another", async () => {
  const { reg, logoUrl } = await draftWithLogo();
  const claimant = await insertUser(t.db);
  const admin = await insertAdmin(t.db);
  const claim = await insertClaimRequest(t.db, {
    registration_number: reg,
    user_id: claimant.id,
    contact_email: claimant.email,
  });
  const r = await approveClaim(
    t.db,
    TEST_CONFIG,
    { claimId: claim.id, adminId: admin.id, plan: "standard", period: "monthly", freeTrial: true },
    undefined,
    files(),
  );
  expect(r.status).toBe("approved");
  expect(storedFilesOf(logoUrl)).toEqual([]);
});

it("deletes the drafted logo of an unverified listing when an admin gives the listing to a new owner", async () => {
  const { reg, logoUrl } = await draftWithLogo();
  const admin = await insertAdmin(t.db);
  const listing = await t.db
    .selectFrom("claimed_listings")
    .select("id")
    .where("registration_number", "=", reg)
    .executeTakeFirstOrThrow();
  const r = await changeProviderOwner(
    t.db,
    TEST_CONFIG,
    { listingId: listing.id, email: `new-owner-${reg.toLowerCase()}@example.test`, adminId: admin.id },
    files(),
  );
  expect(r.status).toBe("done");
  expect(storedFilesOf(logoUrl)).toEqual([]);
});

it("deletes nothing when the change does not happen (a claim rejected again)", async () => {
  const { claimId, logoUrl } = await claimantWithDraftLogo();
  const admin = await insertAdmin(t.db);
  // Rejected meanwhile, its listing kept (as if by another path): a second rejection changes nothing.
  await t.db.updateTable("claim_requests").set({ status: "rejected" }).where("id", "=", claimId).execute();
  expect(await rejectClaim(t.db, TEST_CONFIG, { claimId, adminId: admin.id }, files())).toEqual({
    status: "already-rejected",
  });
  expect(storedFilesOf(logoUrl)).toHaveLength(4);
});
