/**
 * Issue 14, "only a licensed, approved carrier writes notes under its number", on a real database:
 * a pending or suspended owner, an expired or removed registration and the monthly limit refuse a
 * company note (nothing stored or queued), two submits at once cannot both take the last slot,
 * the public generator checks the carrier licence against the register (Scottish and Northern
 * Irish numbers are accepted, marked not checked) and counts refused submissions against its
 * limit, and the PDF's state is told as it is (pending, ready, failed, made on demand).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createWasteNote } from "./create-note.server";
import { describeNote } from "./describe-note.server";
import { generateWasteNotePdf } from "./generate-pdf.server";
import { getWasteNoteView } from "./get-note.server";
import { getNoteEligibility } from "./note-eligibility.server";
import { NOTE_RULE_TEXT, PLAN_LIMIT_MESSAGE, RENEW_URL } from "./note-rules";
import { createPdfRenderer } from "./pdf-renderer.server";
import { getPdfState } from "./pdf-state.server";
import { pdfJobKey } from "./pdf-job.server";
import {
  CARRIER_LICENCE_MESSAGES,
  PUBLIC_NOTE_LIMIT,
  RATE_LIMIT_MESSAGE,
  submitWasteNote,
} from "./submit-note.server";
import { noteCounts } from "./test-support/note-counts";
import { pdfText } from "./test-support/pdf-text";
import { testPng, validForm, validInput as input } from "./test-support/valid-form";

// 23 November 2026, 10:00 UK time.
const NOW = new Date("2026-11-23T10:00:00Z");
let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
let deps: { db: TestDatabase["db"]; storage: LocalDiskStorage };
let ip = 0;

const REG = {
  good: "CBDU140001",
  pending: "CBDU140002",
  suspended: "CBDU140003",
  expired: "CBDU140004",
  removed: "CBDU140005",
  lower: "CBDU140006",
  expiring: "CBDU140007",
  limit: "CBDU140008",
  expiresToday: "CBDU140009",
} as const;
const owners: Record<string, { userId: string; registrationNumber: string }> = {};

const counts = () => noteCounts(t.db, dir);

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-rules-"));
  storage = new LocalDiskStorage(dir);
  deps = { db: t.db, storage };
  await insertRegisterEntries(t.db, [
    { registration_number: REG.good, business_name: "GOOD CARRIERS LTD", expiry_date: "2027-03-05" },
    { registration_number: REG.pending, business_name: "PENDING CARRIERS LTD", expiry_date: "2027-03-05" },
    {
      registration_number: REG.suspended,
      business_name: "SUSPENDED CARRIERS LTD",
      expiry_date: "2027-03-05",
    },
    { registration_number: REG.expired, business_name: "EXPIRED CARRIERS LTD", expiry_date: "2026-10-01" },
    {
      registration_number: REG.removed,
      business_name: "REMOVED CARRIERS LTD",
      expiry_date: "2027-06-01",
      on_register: false,
      removed_at: new Date("2026-09-14T02:00:00Z"),
    },
    {
      registration_number: REG.lower,
      business_name: "LOWER TIER CARRIERS",
      registration_tier: "LOWER",
      expiry_date: "2020-01-01",
    },
    { registration_number: REG.expiring, business_name: "EXPIRING CARRIERS LTD", expiry_date: "2026-12-05" },
    { registration_number: REG.limit, business_name: "BUSY CARRIERS LTD", expiry_date: "2027-03-05" },
    {
      registration_number: REG.expiresToday,
      business_name: "LAST DAY CARRIERS LTD",
      expiry_date: "2026-11-23",
    },
  ]);
  for (const [key, reg] of Object.entries(REG)) {
    const user = await insertUser(t.db, { email: `${key.toLowerCase()}@rules.example` });
    owners[key] = { userId: user.id, registrationNumber: reg };
    await insertClaimedListing(t.db, {
      registration_number: reg,
      user_id: user.id,
      verified: reg !== REG.pending,
      suspended_at: reg === REG.suspended ? new Date("2026-11-01T00:00:00Z") : null,
    });
  }
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("who may write a company note (items 6 and 7)", () => {
  it("refuses a claimant whose claim is pending, with the reason, and stores nothing", async () => {
    const before = await counts();
    const submitted = await submitWasteNote(deps, validForm({}, [testPng()]), {
      owner: owners.pending,
      now: NOW,
    });
    expect(submitted).toMatchObject({
      status: "refused",
      refusal: { reason: "pending", message: NOTE_RULE_TEXT.pending },
    });
    expect(NOTE_RULE_TEXT.pending).toBe(
      "Your claim is awaiting approval: you can write waste notes once it is approved",
    );
    // The lower level refuses too (a request that got past the first check).
    const created = await createWasteNote(deps, await input({}, [testPng()]), {
      owner: owners.pending,
      now: NOW,
    });
    expect(created).toMatchObject({ ok: false, reason: "pending" });
    expect(await counts()).toEqual(before);
    expect((await getNoteEligibility(t.db, REG.pending, { now: NOW })).refusal?.reason).toBe("pending");
  });

  it("refuses a suspended listing", async () => {
    const before = await counts();
    const r = await submitWasteNote(deps, validForm(), { owner: owners.suspended, now: NOW });
    expect(r).toMatchObject({
      status: "refused",
      refusal: { reason: "suspended", message: NOTE_RULE_TEXT.suspended, link: { href: "/contact" } },
    });
    expect(await createWasteNote(deps, await input(), { owner: owners.suspended, now: NOW })).toMatchObject({
      ok: false,
      reason: "suspended",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses an expired registration (an expiry date of today is expired) and one removed from the register, saying how to renew", async () => {
    const before = await counts();
    const expired = await submitWasteNote(deps, validForm(), { owner: owners.expired, now: NOW });
    expect(expired).toMatchObject({
      status: "refused",
      refusal: {
        reason: "expired",
        title: "Registration expired",
        link: { label: "Renew with the Environment Agency", href: RENEW_URL },
      },
    });
    if (expired.status !== "refused") return;
    expect(expired.refusal.message).toContain(`Your registration ${REG.expired} expired on 1 October 2026`);
    expect(RENEW_URL).toBe("https://www.gov.uk/waste-carrier-or-broker-registration");
    expect(
      await createWasteNote(deps, await input(), { owner: owners.expiresToday, now: NOW }),
    ).toMatchObject({ ok: false, reason: "expired" });
    const removed = await createWasteNote(deps, await input(), { owner: owners.removed, now: NOW });
    expect(removed).toMatchObject({ ok: false, reason: "removed", refusal: { link: { href: RENEW_URL } } });
    expect(await counts()).toEqual(before);
  });

  it("lets an approved owner with a valid, expiring or lower tier registration write notes under its own number", async () => {
    for (const key of ["good", "expiring", "lower"] as const) {
      const r = await submitWasteNote(deps, validForm({ carrierLicense: "CBDU999999" }), {
        owner: owners[key],
        now: NOW,
      });
      expect(r.status, key).toBe("created");
      if (r.status !== "created") continue;
      const note = (await getWasteNoteView(t.db, r.id))!.note;
      expect(note).toMatchObject({
        registration_number: REG[key],
        carrier_license: REG[key],
        carrier_status_at_creation: "active",
        carrier_register: "EA",
      });
    }
    const lower = await t.db
      .selectFrom("waste_notes")
      .select("carrier_expiry_at_creation")
      .where("registration_number", "=", REG.lower)
      .executeTakeFirstOrThrow();
    expect(lower.carrier_expiry_at_creation).toBeNull();
  });
});

describe("the monthly limit (item 8)", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("waste_notes").where("registration_number", "=", REG.limit).execute();
  });

  it("says so before the form is filled, and refuses the 21st note with the way to Premium", async () => {
    const data = await input();
    for (let i = 0; i < 20; i++)
      expect((await createWasteNote(deps, data, { owner: owners.limit, now: NOW })).ok).toBe(true);
    const eligibility = await getNoteEligibility(t.db, REG.limit, { now: NOW });
    expect(eligibility.usage).toMatchObject({ used: 20, limit: 20, allowed: false });
    expect(eligibility.refusal).toMatchObject({
      reason: "plan_limit",
      message: PLAN_LIMIT_MESSAGE,
      link: { label: "Upgrade to Premium", href: "/company/upgrade" },
    });
    const before = await counts();
    const r = await submitWasteNote(deps, validForm({}, [testPng()]), { owner: owners.limit, now: NOW });
    expect(r).toMatchObject({ status: "refused", refusal: { reason: "plan_limit" }, usage: { used: 20 } });
    expect(await counts()).toEqual(before);
  });

  it("two submits at once for the last slot: exactly one note is made (the listing is locked while counting)", async () => {
    const data = await input();
    for (let i = 0; i < 19; i++) await createWasteNote(deps, data, { owner: owners.limit, now: NOW });
    const results = await Promise.all(
      [0, 1, 2].map(() => createWasteNote(deps, data, { owner: owners.limit, now: NOW })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(["plan_limit", "plan_limit"]);
    const n = await t.db
      .selectFrom("waste_notes")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("registration_number", "=", REG.limit)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(20);
  });
});

describe("the public generator (item 9)", () => {
  const submitPublic = (fields: Record<string, string | string[] | null>, photos: Buffer[] = []) =>
    submitWasteNote(deps, validForm(fields, photos), { rateLimitKey: `192.0.2.${++ip}`, now: NOW });

  it("refuses an unknown, malformed, expired or removed carrier licence with a clear field message, with the other errors at once", async () => {
    const before = await counts();
    expect(await submitPublic({ carrierLicense: "CBDU000404" })).toMatchObject({
      status: "invalid",
      errors: { carrierLicense: [CARRIER_LICENCE_MESSAGES.notFound("CBDU000404")] },
    });
    expect(await submitPublic({ carrierLicense: "not a number" })).toMatchObject({
      status: "invalid",
      errors: { carrierLicense: [CARRIER_LICENCE_MESSAGES.malformed] },
    });
    const expired = await submitPublic({ carrierLicense: REG.expired.toLowerCase() });
    expect(expired).toMatchObject({
      status: "invalid",
      errors: {
        carrierLicense: [
          `The registration ${REG.expired} expired on 1 October 2026: a waste note cannot name a carrier whose registration has expired. Ask the carrier to renew it, or use a registered carrier.`,
        ],
      },
    });
    expect(await submitPublic({ carrierLicense: REG.removed })).toMatchObject({
      status: "invalid",
      errors: { carrierLicense: [CARRIER_LICENCE_MESSAGES.removed(REG.removed)] },
    });
    // With another error: both at once, and the typed values come back.
    const both = await submitPublic({ carrierLicense: "CBDU000404", "items[0].quantity": "" });
    expect(both).toMatchObject({
      status: "invalid",
      errors: {
        "items[0].quantity": ["Required"],
        carrierLicense: [CARRIER_LICENCE_MESSAGES.notFound("CBDU000404")],
      },
      values: { carrierLicense: "CBDU000404" },
    });
    expect(await counts()).toEqual(before);
  });

  it("records what was checked: the EA register's expiry for a valid number (typed loosely), 'not checked' for SEPA and NIEA numbers", async () => {
    const valid = await submitPublic({
      carrierLicense: "cbdu-140 001",
      carrierCompany: "Good Carriers Limited",
    });
    expect(valid.status).toBe("created");
    if (valid.status !== "created") return;
    const view = (await getWasteNoteView(t.db, valid.id, NOW))!;
    expect(view.note).toMatchObject({
      carrier_license: REG.good,
      carrier_register: "EA",
      carrier_status_at_creation: "active",
      carrier_expiry_at_creation: "2027-03-05",
      registration_number: null,
    });
    expect(describeNote(view).verification.check).toMatchObject({
      text: `Carrier registration ${REG.good} checked against the Environment Agency register on 23 November 2026: valid until 5 March 2027, registered to GOOD CARRIERS LTD`,
      valid: true,
      registeredTo: "GOOD CARRIERS LTD",
      nameMismatch: null,
    });

    const scottish = await submitPublic({ carrierLicense: "WCR/R/1234567" });
    const irish = await submitPublic({ carrierLicense: "roc ut 1234" });
    if (scottish.status !== "created" || irish.status !== "created")
      throw new Error("a SEPA or NIEA number was refused");
    const sepa = (await getWasteNoteView(t.db, scottish.id))!;
    expect(sepa.note).toMatchObject({
      carrier_license: "WCR/R/1234567",
      carrier_register: "SEPA",
      carrier_status_at_creation: "not_checked",
    });
    expect(sepa.carrierStatusNow).toBe("not_checked");
    const text = describeNote(sepa).verification.check;
    expect(text.text).toContain("Carrier registration WCR/R/1234567 not checked: held by SEPA");
    expect(text.lookUp?.url).toMatch(/sepa\.org\.uk/);
    const niea = (await getWasteNoteView(t.db, irish.id))!;
    expect(niea.note).toMatchObject({ carrier_license: "ROC UT 1234", carrier_register: "NIEA" });
    expect(describeNote(niea).verification.check.text).toContain("not checked: held by NIEA");
  });

  it("counts refused submissions against the per-client limit, before any image is decoded", async () => {
    const key = "192.0.2.250";
    for (let i = 0; i < PUBLIC_NOTE_LIMIT.max; i++) {
      const r = await submitWasteNote(deps, validForm({ "items[0].quantity": "" }), {
        rateLimitKey: key,
        now: NOW,
      });
      expect(r.status).toBe("invalid");
    }
    // Over the limit: refused as such even with a broken photo (it is not decoded), and a valid note too.
    const broken = await submitWasteNote(deps, validForm({}, [Buffer.from("not an image at all")]), {
      rateLimitKey: key,
      now: NOW,
    });
    expect(broken).toMatchObject({ status: "rate_limited", message: RATE_LIMIT_MESSAGE });
    expect((await submitWasteNote(deps, validForm(), { rateLimitKey: key, now: NOW })).status).toBe(
      "rate_limited",
    );
  });
});

describe("the PDF's state (item 12)", () => {
  it("is pending while the job is queued, ready once made, failed when the job failed for good, and made on demand when there is no job", async () => {
    const created = await createWasteNote(deps, await input({ carrierLicense: REG.good }));
    if (!created.ok) throw new Error("not created");
    expect(await getPdfState(t.db, created.id)).toEqual({ status: "pending" });
    const renderer = createPdfRenderer(createLogger("silent"));
    try {
      const { pdf } = await generateWasteNotePdf(
        { db: t.db, storage, publicUrl: "https://carriers.example.org", render: renderer.render },
        created.id,
      );
      await t.db
        .updateTable("jobs")
        .set({ status: "done", finished_at: new Date() })
        .where("unique_key", "=", pdfJobKey(created.id))
        .execute();
      expect(await getPdfState(t.db, created.id)).toEqual({
        status: "ready",
        url: `/waste-note/${created.id}/pdf`,
      });
      // The PDF says what was checked.
      expect(await pdfText(pdf)).toContain(
        `Carrier registration ${REG.good} checked against the Environment Agency register on`,
      );
    } finally {
      await renderer.close();
    }

    const failing = await createWasteNote(deps, await input({ carrierLicense: REG.good }));
    if (!failing.ok) throw new Error("not created");
    await t.db
      .updateTable("jobs")
      .set({ status: "failed", attempts: 5, finished_at: new Date(), last_error: "boom" })
      .where("unique_key", "=", pdfJobKey(failing.id))
      .execute();
    expect(await getPdfState(t.db, failing.id)).toEqual({ status: "failed" });

    // No job at all (its failed job was pruned, or the row came from elsewhere): queued again, once.
    await t.db.deleteFrom("jobs").where("unique_key", "=", pdfJobKey(failing.id)).execute();
    expect(await getPdfState(t.db, failing.id)).toEqual({ status: "pending" });
    expect(await getPdfState(t.db, failing.id)).toEqual({ status: "pending" });
    const jobs = await t.db
      .selectFrom("jobs")
      .select(["status", "payload"])
      .where("unique_key", "=", pdfJobKey(failing.id))
      .execute();
    expect(jobs).toEqual([{ status: "queued", payload: { id: failing.id } }]);
    expect(await getPdfState(t.db, "00000000-0000-4000-8000-000000000000")).toEqual({ status: "no-note" });
    expect(await getPdfState(t.db, "not-a-uuid")).toEqual({ status: "no-note" });
  });
});
