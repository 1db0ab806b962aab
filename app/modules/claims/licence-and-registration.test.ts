/**
 * Issue 14, item 10 (decision 0506): the licence document sent with a claim is checked by content
 * (PDF structure and active content; images decoded and re-encoded), stored privately under the
 * claim, and read back only as what was stored; a registration that expired or left the register
 * cannot be claimed (refused by the finder, the wizard's load and the submit).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertClaimedListing,
  insertRegisterEntries,
  insertUser,
  type EntryOverrides,
} from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { bodyLimitFor, PLAIN_FORM_BYTES } from "~/web/request-input.server";
import { addProvider } from "./add-provider.server";
import { findBusinessesByName, findClaimTarget } from "./find-claim-target.server";
import { checkLicenceDocument, checkPdf, readLicenceDocument } from "./licence-document.server";
import { LICENCE_MAX_BYTES } from "./licence-rules";
import { getClaim } from "./list-claims.server";
import { submitClaim, type ClaimSubmission } from "./submit-claim.server";
import { claimSubmission } from "./test-support/claim-submission";
import {
  encryptedPdf,
  licencePdf,
  notAPdf,
  pdfWithEmbeddedFile,
  pdfWithEscapedJavaScript,
  pdfWithJavaScript,
  pdfWithJavaScriptInObjectStream,
  pdfWithLaunchAction,
  truncatedPdf,
} from "./test-support/licence-pdfs";

const CRAFTED = path.resolve(import.meta.dirname, "../../../tests/fixtures/files/crafted");
const NOW = new Date("2027-03-10T12:00:00Z");

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;

const file = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  new File([new Uint8Array(bytes)], name, { type });

const submission = (n: string, email: string, extra: Partial<ClaimSubmission> = {}) =>
  claimSubmission(n, email, { contactName: "Lee Licence", contactPhone: "0113 496 0101", ...extra });

function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.relative(dir, path.join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "claim-licences-"));
  storage = new LocalDiskStorage(dir);
  const entry = (registration_number: string, business_name: string, extra: EntryOverrides = {}) => ({
    registration_number,
    business_name,
    town: "Leeds",
    expiry_date: "2029-05-01",
    ...extra,
  });
  await insertRegisterEntries(t.db, [
    entry("CBDU610001", "PDF PROOF LTD"),
    entry("CBDU610002", "PHOTO PROOF LTD"),
    entry("CBDU610003", "REFUSED PROOF LTD"),
    entry("CBDU610004", "LAPSED SKIPS LTD", { expiry_date: "2027-03-10" }),
    entry("CBDU610005", "GONE AWAY SKIPS LTD", {
      on_register: false,
      removed_at: new Date("2027-02-01T03:00:00Z"),
    }),
    entry("CBDL610006", "LOWER TIER SKIPS LTD", { registration_tier: "LOWER", expiry_date: null }),
    entry("CBDU610007", "LAPSED ADDED LTD", { expiry_date: "2026-01-01" }),
  ]);
});
afterAll(async () => {
  await t.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("checking a licence document by its content", () => {
  it("accepts a well-formed PDF as sent, whatever its name", async () => {
    const pdf = licencePdf();
    expect(checkPdf(pdf)).toBeNull();
    const r = await checkLicenceDocument(file(pdf, "C:\\scans\\My Licence.PDF"));
    expect(r).toMatchObject({ kind: "ok", document: { type: "application/pdf", name: "My Licence.PDF" } });
    if (r.kind === "ok") expect(r.document.bytes.equals(pdf)).toBe(true);
    expect(await checkLicenceDocument(file(pdf, "licence.png", "image/png"))).toMatchObject({
      kind: "ok",
      document: { type: "application/pdf" },
    });
  });

  it("refuses scripts (plain, #-escaped or inside a compressed object stream), launch actions, embedded files, encryption and damage", async () => {
    const cases: [Buffer, string][] = [
      [pdfWithJavaScript(), "pdf-active"],
      [pdfWithEscapedJavaScript(), "pdf-active"],
      [pdfWithJavaScriptInObjectStream(), "pdf-active"],
      [pdfWithLaunchAction(), "pdf-active"],
      [pdfWithEmbeddedFile(), "pdf-active"],
      [encryptedPdf(), "pdf-encrypted"],
      [truncatedPdf(), "pdf-damaged"],
      [Buffer.concat([licencePdf(), Buffer.alloc(2048, 0x20)]), "pdf-damaged"], // %%EOF not within the last 1 kB
    ];
    for (const [bytes, reason] of cases) {
      const r = await checkLicenceDocument(file(bytes, "licence.pdf", "application/pdf"));
      expect(r, reason).toMatchObject({ kind: "refused", reason });
      if (r.kind === "refused") expect(r.message.length).toBeGreaterThan(20);
    }
  });

  it("refuses what is neither a PDF nor an image, and anything over 10 MB; nothing chosen is nothing", async () => {
    expect(await checkLicenceDocument(file(notAPdf(), "licence.pdf", "application/pdf"))).toMatchObject({
      kind: "refused",
      reason: "not-document",
      message: "The licence document must be a PDF or an image (JPEG, PNG, GIF or WebP).",
    });
    const big = Buffer.concat([licencePdf(), Buffer.alloc(LICENCE_MAX_BYTES, 0x20)]);
    expect(await checkLicenceDocument(file(big, "big.pdf"))).toMatchObject({
      kind: "refused",
      reason: "too-large",
      message: "The licence document is too large: it must be 10 MB or smaller.",
    });
    expect(await checkLicenceDocument(null)).toEqual({ kind: "none" });
    expect(await checkLicenceDocument(file(new Uint8Array(), "empty.pdf"))).toEqual({ kind: "none" });
  });

  it("re-encodes an image as a clean JPEG (no GPS or camera EXIF), and refuses broken images and bombs", async () => {
    const photo = fs.readFileSync(path.join(CRAFTED, "jpeg-gps-exif.jpg"));
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await checkLicenceDocument(file(photo, "certificate.jpg", "image/jpeg"));
    expect(r).toMatchObject({ kind: "ok", document: { type: "image/jpeg", name: "certificate.jpg" } });
    if (r.kind !== "ok") throw new Error(r.kind);
    const meta = await sharp(r.document.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 96 });
    expect(meta.exif).toBeUndefined();
    expect(r.document.bytes.equals(photo)).toBe(false);

    for (const [name, reason] of [
      ["jpeg-truncated.jpg", "image-unreadable"],
      ["png-alpha-bad-filter.png", "image-unreadable"],
      ["png-bomb-50000x50000.png", "image-too-many-pixels"],
    ] as const) {
      expect(
        await checkLicenceDocument(file(fs.readFileSync(path.join(CRAFTED, name)), name)),
        name,
      ).toMatchObject({ kind: "refused", reason });
    }
  });

  it("the claim wizard's addresses take a 10 MB document; other addresses plain forms only", () => {
    for (const p of ["/claim/CBDU610001", "/claim-listing/CBDU610001", "/claim/CBDU610001.data"]) {
      expect(bodyLimitFor(p).bytes, p).toBeGreaterThan(LICENCE_MAX_BYTES);
      expect(bodyLimitFor(p).bytes, p).toBeLessThan(LICENCE_MAX_BYTES + 1024 * 1024);
    }
    expect(bodyLimitFor("/claim/CBDU610001/complete").bytes).toBe(PLAIN_FORM_BYTES);
    expect(bodyLimitFor("/claim").bytes).toBe(PLAIN_FORM_BYTES);
  });
});

describe("a claim with its licence document", () => {
  it("stores a PDF privately under the claim, shows it to the review, and reads back exactly what was stored", async () => {
    const checked = await checkLicenceDocument(file(licencePdf(), "licence.pdf"));
    if (checked.kind !== "ok") throw new Error(checked.kind);
    const r = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU610001", "pdf-proof@example.test", { licence: checked.document }),
      { ip: "10.61.0.1", now: NOW, storage },
    );
    if (r.status !== "submitted") throw new Error(r.status);
    const row = await t.db
      .selectFrom("claim_requests")
      .selectAll()
      .where("id", "=", r.claimId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      license_document_url: `/admin/claim-requests/${r.claimId}/licence`,
      license_document_key: `claim-documents/${r.claimId}/licence.pdf`,
      license_document_type: "application/pdf",
      license_document_size: checked.document.bytes.length,
      license_document_name: "licence.pdf",
    });
    expect(storedFiles()).toContain(`claim-documents/${r.claimId}/licence.pdf`);
    expect((await getClaim(t.db, r.claimId))?.licenceDocument).toEqual({
      url: `/admin/claim-requests/${r.claimId}/licence`,
      type: "application/pdf",
      size: checked.document.bytes.length,
      name: "licence.pdf",
    });
    const back = await readLicenceDocument(t.db, storage, r.claimId);
    expect(back).toMatchObject({ contentType: "application/pdf", filename: "licence-CBDU610001.pdf" });
    expect(back?.body.equals(checked.document.bytes)).toBe(true);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", r.claimId)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ licenceDocument: "application/pdf" });

    // Bytes that are no longer what was stored are not served; unknown ids neither.
    fs.writeFileSync(
      path.join(dir, `claim-documents/${r.claimId}/licence.pdf`),
      "<html><script>alert(1)</script>",
    );
    expect(await readLicenceDocument(t.db, storage, r.claimId)).toBeNull();
    expect(await readLicenceDocument(t.db, storage, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await readLicenceDocument(t.db, storage, "../../etc/passwd")).toBeNull();
  });

  it("stores an image as its re-encoded JPEG", async () => {
    const checked = await checkLicenceDocument(
      file(fs.readFileSync(path.join(CRAFTED, "jpeg-gps-exif.jpg")), "photo.jpg"),
    );
    if (checked.kind !== "ok") throw new Error(checked.kind);
    const r = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU610002", "photo-proof@example.test", { licence: checked.document }),
      { ip: "10.61.0.2", now: NOW, storage },
    );
    if (r.status !== "submitted") throw new Error(r.status);
    const back = await readLicenceDocument(t.db, storage, r.claimId);
    expect(back).toMatchObject({ contentType: "image/jpeg", filename: "licence-CBDU610002.jpg" });
    expect((await sharp(back!.body).metadata()).exif).toBeUndefined();
  });

  it("a claim that is refused stores no file and no claim", async () => {
    const owner = await insertUser(t.db, { email: "refused-proof-owner@example.test" });
    await insertClaimedListing(t.db, {
      registration_number: "CBDU610003",
      user_id: owner.id,
      verified: true,
    });
    const before = storedFiles();
    const checked = await checkLicenceDocument(file(licencePdf(), "licence.pdf"));
    if (checked.kind !== "ok") throw new Error(checked.kind);
    const r = await submitClaim(
      t.db,
      TEST_CONFIG,
      submission("CBDU610003", "refused-proof@example.test", { licence: checked.document }),
      { ip: "10.61.0.3", now: NOW, storage },
    );
    expect(r).toEqual({ status: "claimed" });
    expect(storedFiles()).toEqual(before);
    expect(
      await t.db
        .selectFrom("claim_requests")
        .select("id")
        .where("registration_number", "=", "CBDU610003")
        .execute(),
    ).toEqual([]);
  });
});

describe("registrations that are not in force", () => {
  it("the finder and the wizard's load say expired (on its expiry day too) or removed; lower tier never expires", async () => {
    expect(
      await findClaimTarget(t.db, "CBDU610004", { now: new Date("2027-03-09T12:00:00Z") }),
    ).toMatchObject({ status: "claimable" });
    expect(await findClaimTarget(t.db, "cbdu 610004", { now: NOW })).toMatchObject({
      status: "expired",
      since: "2027-03-10",
      business: { businessName: "LAPSED SKIPS LTD" },
    });
    expect(await findClaimTarget(t.db, "CBDU610005", { now: NOW })).toMatchObject({
      status: "removed",
      since: "2027-02-01",
      business: { businessName: "GONE AWAY SKIPS LTD" },
    });
    expect(
      await findClaimTarget(t.db, "CBDL610006", { now: new Date("2040-01-01T00:00:00Z") }),
    ).toMatchObject({ status: "claimable" });
    const byName = await findBusinessesByName(t.db, "lapsed", 20, NOW);
    expect(byName.map((m) => [m.registrationNumber, m.expired])).toEqual([
      ["CBDU610007", true],
      ["CBDU610004", true],
    ]);
    expect(
      (await findBusinessesByName(t.db, "lapsed skips", 20, new Date("2027-03-09T12:00:00Z"))).map(
        (m) => m.expired,
      ),
    ).toEqual([false]);
  });

  it("the submit refuses them, storing nothing (checked again under the row lock)", async () => {
    const before = await t.db.selectFrom("users").select("id").execute();
    const files = storedFiles();
    const checked = await checkLicenceDocument(file(licencePdf(), "licence.pdf"));
    if (checked.kind !== "ok") throw new Error(checked.kind);
    expect(
      await submitClaim(
        t.db,
        TEST_CONFIG,
        submission("CBDU610004", "lapsed@example.test", { licence: checked.document }),
        { ip: "10.61.0.4", now: NOW, storage },
      ),
    ).toEqual({
      status: "expired",
      since: "2027-03-10",
      businessName: "LAPSED SKIPS LTD",
    });
    expect(
      await submitClaim(t.db, TEST_CONFIG, submission("CBDU610005", "gone@example.test"), {
        ip: "10.61.0.4",
        now: NOW,
        storage,
      }),
    ).toEqual({
      status: "removed",
      since: "2027-02-01",
      businessName: "GONE AWAY SKIPS LTD",
    });
    expect(await t.db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
    expect(
      await t.db
        .selectFrom("claim_requests")
        .select("id")
        .where("registration_number", "in", ["CBDU610004", "CBDU610005"])
        .execute(),
    ).toEqual([]);
    expect(storedFiles()).toEqual(files);
    // A lower-tier registration (no expiry) is claimed as usual.
    expect(
      await submitClaim(t.db, TEST_CONFIG, submission("CBDL610006", "lower@example.test"), {
        ip: "10.61.0.4",
        now: new Date("2040-01-01T00:00:00Z"),
      }),
    ).toMatchObject({ status: "submitted" });
  });

  it("Add Provider (admins) still lists an expired registration, not one that left the register", async () => {
    const admin = await insertUser(t.db, { email: "licence-admin@example.test" });
    const input = {
      contactName: "Ann Added",
      contactEmail: "added-lapsed@example.test",
      contactPhone: "0113 496 0202",
      plan: "standard" as const,
      period: "monthly" as const,
      freeTrial: true,
      adminId: admin.id,
      now: NOW,
    };
    expect(await addProvider(t.db, TEST_CONFIG, { ...input, registrationNumber: "CBDU610005" })).toEqual({
      status: "not-found",
    });
    expect(
      await addProvider(t.db, TEST_CONFIG, { ...input, registrationNumber: "CBDU610007" }),
    ).toMatchObject({ status: "added" });
  });
});
