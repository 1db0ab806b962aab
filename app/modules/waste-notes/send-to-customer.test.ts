import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { ParsedMail } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import type { Insertable } from "kysely";
import type { WasteNotesTable } from "~/platform/db/schema";
import { emailJobs } from "~/platform/email/send.server";
import { JobQueue } from "~/platform/jobs/queue.server";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { customerEmailOutcome } from "./customer-email.server";
import { CUSTOMER_EMAILS_PER_DAY, customerEmailKey, takeCustomerEmail } from "./customer-email-limit.server";
import { customerEmailJob, pdfJob } from "./jobs.server";
import { PDF_JOB, queueNotePdf } from "./pdf-job.server";
import { checkSignatureLink, signNoteRemotely, SIGNATURE_LINK_TTL_MS } from "./remote-signature.server";
import { CUSTOMER_EMAIL_JOB, queueCustomerSend, sendNoteToCustomer } from "./send-to-customer.server";
import { pdfKey, signatureKey } from "./storage-keys";

const PUBLIC_URL = "https://carriers.example.org";
const REG = "CBDU712001";
const OTHER_REG = "CBDU712002";
const FAKE_PDF = Buffer.from("%PDF-1.4\n% a waste transfer note for the tests\n%%EOF\n");

let t: TestDatabase;
let smtp: TestSmtpServer;
let dir: string;
let storage: LocalDiskStorage;
let jobs: JobQueue;
let ownerId: string;
let rendered = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "customer-send-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    { registration_number: REG, business_name: "Sendwell Skips Ltd" },
    { registration_number: OTHER_REG, business_name: "Other Carriers Ltd" },
  ]);
  ownerId = (await insertUser(t.db)).id;
  await insertClaimedListing(t.db, { registration_number: REG, user_id: ownerId });
  const log = createLogger("silent");
  jobs = new JobQueue(t.db, log);
  jobs.register(
    ...emailJobs(
      { SMTP_URL: smtp.url, MAIL_FROM: "Directory <no-reply@example.test>", dataDir: dir },
      { storage, onOutcome: [customerEmailOutcome] },
    ),
    // The PDF job's real code path (storage keys, pdf_url), with a renderer that needs no child.
    pdfJob({
      storage,
      publicUrl: PUBLIC_URL,
      render: async () => {
        rendered++;
        return FAKE_PDF;
      },
    }),
    customerEmailJob({ publicUrl: PUBLIC_URL }),
  );
});
afterAll(async () => {
  await smtp?.close();
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.failNext = 0;
  smtp.rejectRecipients.clear();
});

let counter = 0;
/** A company's note as the form writes it; unsigned by the transferor unless overridden. */
async function insertNote(overrides: Partial<Insertable<WasteNotesTable>> = {}) {
  counter++;
  const row = await t.db
    .insertInto("waste_notes")
    .values({
      collection_date_time: new Date("2026-11-20T09:30:00Z"),
      waste_type: "Commercial",
      description: `Plasterboard offcuts, load ${counter}`,
      ewc_code: "17 08 02",
      weight: "250",
      origin_address: "14 Mill Lane, Bristol, BS1 4ST",
      transferor_name: "Harbourside Kitchens Ltd",
      transferor_address: "Unit 3, Quay Works, Bristol, BS1 5AA",
      carrier_company: "Sendwell Skips Ltd",
      carrier_address: "Depot Road, Avonmouth, BS11 9AB",
      carrier_license: REG,
      vehicle_reg: "WX21 ABC",
      transferor_signature_name: "",
      transferee_signature_name: "Tom Reeve",
      waste_hierarchy_confirmed: true,
      registration_number: REG,
      user_id: ownerId,
      customer_email: `customer-${counter}@example.test`,
      ...overrides,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const noteRow = (id: string) =>
  t.db.selectFrom("waste_notes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Runs every job, waiting for none: retried jobs are made due again (at most `rounds` times). */
async function runAllJobs(rounds = 4) {
  for (let i = 0; i < rounds; i++) {
    await t.db.updateTable("jobs").set({ run_at: new Date() }).where("status", "=", "queued").execute();
    if ((await jobs.drain()) === 0) return;
  }
}

/** What createWasteNote does for a company's note with a customer e-mail: the PDF job, then the send. */
async function queueOnCreation(id: string, now = new Date()) {
  await t.db.transaction().execute(async (trx) => {
    await queueNotePdf(trx, id);
    await queueCustomerSend(trx, id, now);
  });
}

const textOf = (mail: ParsedMail) => mail.text ?? "";
/** The messages the SMTP server accepted for `to` in this test, oldest first. */
const receivedBy = (to: string | null) => smtp.received.filter((m) => (m.to as { text: string }).text === to);
const signLinkIn = (mail: ParsedMail) => /https:\/\/\S+\/sign\?token=[\w%-]+/.exec(textOf(mail))?.[0] ?? null;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const signaturePng = () =>
  sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

describe("queueing the customer's e-mail", () => {
  it("marks the note queued, asks for a signature when the transferor did not sign, and queues the job", async () => {
    const id = await insertNote();
    const now = new Date("2026-11-20T10:00:00Z");
    await queueOnCreation(id, now);
    const note = await noteRow(id);
    expect(note).toMatchObject({ customer_email_status: "queued", customer_email_error: null });
    expect(note.customer_signature_requested_at).toEqual(now);
    const job = await t.db
      .selectFrom("jobs")
      .select(["payload", "run_at"])
      .where("type", "=", CUSTOMER_EMAIL_JOB.type)
      .where(sql<boolean>`payload->>'noteId' = ${id}`)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ noteId: id, email: note.customer_email });
    // No PDF yet: the PDF job (queued in the same transaction) gets a head start.
    expect(job.run_at.getTime()).toBeGreaterThan(now.getTime());

    const signed = await insertNote({ transferor_signature_name: "Jane Holloway" });
    await queueOnCreation(signed);
    expect((await noteRow(signed)).customer_signature_requested_at).toBeNull();
    const none = await insertNote({ customer_email: null });
    await queueOnCreation(none);
    expect((await noteRow(none)).customer_email_status).toBeNull();
    await runAllJobs();
  });
});

describe("the customer's e-mail job", () => {
  it("waits for the PDF, then sends the note's link, the signing link and the PDF attached; 'sent' once SMTP accepted it", async () => {
    const id = await insertNote();
    await queueOnCreation(id);
    await t.db.updateTable("jobs").set({ run_at: new Date() }).where("status", "=", "queued").execute();
    // Only the customer's job runs first: the PDF is not there, so it waits (a retry with back-off).
    const pdfJobRow = await t.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() + 3_600_000) })
      .where("type", "=", PDF_JOB.type)
      .where("status", "=", "queued")
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await jobs.drain()).toBe(1);
    const waiting = await t.db
      .selectFrom("jobs")
      .select(["status", "last_error", "run_at"])
      .where("type", "=", CUSTOMER_EMAIL_JOB.type)
      .where(sql<boolean>`payload->>'noteId' = ${id}`)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe("queued");
    expect(waiting.last_error).toMatch(/PDF is not ready/);
    expect(waiting.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(
      await t.db
        .selectFrom("email_outbox")
        .select("id")
        .where("to_address", "=", (await noteRow(id)).customer_email!)
        .execute(),
    ).toEqual([]);
    expect((await noteRow(id)).customer_email_status).toBe("queued");
    expect(pdfJobRow.id).toBeTruthy();

    await runAllJobs();
    const note = await noteRow(id);
    expect(note.pdf_url).toBe(`/waste-note/${id}/pdf`);
    expect(note.customer_email_status).toBe("sent");
    expect(note.customer_email_sent_at).toBeInstanceOf(Date);
    expect(receivedBy(note.customer_email)).toHaveLength(1);
    const mail = receivedBy(note.customer_email)[0]!;
    expect(mail.subject).toBe("Please sign your waste transfer note from Sendwell Skips Ltd");
    expect(textOf(mail)).toContain(`${PUBLIC_URL}/waste-note/${id}`);
    expect(signLinkIn(mail)).toMatch(new RegExp(`^${PUBLIC_URL}/waste-note/${id}/sign\\?token=`));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `waste-transfer-note-${id.slice(0, 8)}.pdf`,
      contentType: "application/pdf",
    });
    expect(Buffer.compare(mail.attachments[0]!.content, FAKE_PDF)).toBe(0);
    // The outbox keeps a reference to the stored PDF, never its bytes.
    const outbox = await t.db
      .selectFrom("email_outbox")
      .select(["id", "status", "attachments"])
      .where("to_address", "=", note.customer_email!)
      .executeTakeFirstOrThrow();
    expect(outbox.status).toBe("sent");
    expect(outbox.attachments).toEqual([
      {
        filename: `waste-transfer-note-${id.slice(0, 8)}.pdf`,
        contentType: "application/pdf",
        storageKey: pdfKey(id),
      },
    ]);
    expect(note.customer_email_outbox_id).toBe(outbox.id);
  });

  it("a note the transferor signed gets the link and the PDF, and no signing link", async () => {
    const id = await insertNote({ transferor_signature_name: "Jane Holloway" });
    await queueOnCreation(id);
    await runAllJobs();
    const mails = receivedBy((await noteRow(id)).customer_email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your waste transfer note from Sendwell Skips Ltd");
    expect(signLinkIn(mails[0]!)).toBeNull();
    expect(mails[0]!.attachments).toHaveLength(1);
    expect(
      await t.db.selectFrom("waste_note_signature_links").select("id").where("note_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("records a bounce with the server's reason when the SMTP server refuses the recipient, without retrying", async () => {
    const id = await insertNote({ customer_email: "no-such-person@example.test" });
    smtp.rejectRecipients.add("no-such-person@example.test");
    await queueOnCreation(id);
    await runAllJobs();
    const note = await noteRow(id);
    expect(note.customer_email_status).toBe("bounced");
    expect(note.customer_email_error).toMatch(/550/);
    expect(note.customer_email_error).toMatch(/User unknown/);
    expect(note.customer_email_sent_at).toBeNull();
    expect(receivedBy("no-such-person@example.test")).toHaveLength(0);
    const outbox = await t.db
      .selectFrom("email_outbox")
      .select(["status", "attempts"])
      .where("to_address", "=", "no-such-person@example.test")
      .executeTakeFirstOrThrow();
    expect(outbox).toEqual({ status: "failed", attempts: 1 });
  });

  it("a temporary refusal is retried and the note stays queued until the message is accepted", async () => {
    const id = await insertNote();
    await queueOnCreation(id);
    smtp.failNext = 1;
    await t.db.updateTable("jobs").set({ run_at: new Date() }).where("status", "=", "queued").execute();
    await jobs.drain();
    expect((await noteRow(id)).customer_email_status).toBe("queued");
    await runAllJobs();
    expect((await noteRow(id)).customer_email_status).toBe("sent");
  });
});

describe("sending on demand", () => {
  it("sends again to a corrected address after a bounce; the earlier link stops working; audited", async () => {
    const id = await insertNote({ customer_email: "typo@exmaple.test" });
    smtp.rejectRecipients.add("typo@exmaple.test");
    await queueOnCreation(id);
    await runAllJobs();
    expect((await noteRow(id)).customer_email_status).toBe("bounced");
    const firstLink = await t.db
      .selectFrom("waste_note_signature_links")
      .select(["id", "used_at"])
      .where("note_id", "=", id)
      .executeTakeFirstOrThrow();

    const result = await sendNoteToCustomer(t.db, {
      noteId: id,
      registrationNumber: REG,
      userId: ownerId,
      email: "  Right@Example.test ",
    });
    expect(result).toEqual({ ok: true, email: "right@example.test", pdf: "ready" });
    expect(await noteRow(id)).toMatchObject({
      customer_email: "right@example.test",
      customer_email_status: "queued",
      customer_email_error: null,
    });
    await runAllJobs();
    expect((await noteRow(id)).customer_email_status).toBe("sent");
    expect(receivedBy("right@example.test")).toHaveLength(1);
    expect(receivedBy("typo@exmaple.test")).toHaveLength(0);
    const used = await t.db
      .selectFrom("waste_note_signature_links")
      .select("used_at")
      .where("id", "=", firstLink.id)
      .executeTakeFirstOrThrow();
    expect(used.used_at).toBeInstanceOf(Date);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("entity_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "waste_note.sent_to_customer",
      actor_user_id: ownerId,
      details: { email: "right@example.test", previous: "typo@exmaple.test" },
    });
  });

  it("refuses another company's note, a void or corrected note, a bad address, and a sixth send within the hour", async () => {
    const mine = await insertNote();
    const theirs = await insertNote({ registration_number: OTHER_REG, carrier_license: OTHER_REG });
    const voided = await insertNote({ voided_at: new Date(), void_reason: "Wrong customer" });
    const corrected = await insertNote({ superseded_at: new Date() });
    const input = { registrationNumber: REG, userId: ownerId };
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: theirs })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: "not-a-uuid" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: voided })).toEqual({
      ok: false,
      reason: "void",
    });
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: corrected })).toEqual({
      ok: false,
      reason: "superseded",
    });
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: mine, email: "not an address" })).toEqual({
      ok: false,
      reason: "invalid_email",
    });
    const noEmail = await insertNote({ customer_email: null });
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: noEmail })).toEqual({
      ok: false,
      reason: "no_email",
    });
    const now = new Date();
    for (let i = 0; i < 5; i++)
      expect((await sendNoteToCustomer(t.db, { ...input, noteId: mine, now })).ok).toBe(true);
    expect(await sendNoteToCustomer(t.db, { ...input, noteId: mine, now })).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    // An hour later the note can be sent again.
    const later = new Date(now.getTime() + 60 * 60 * 1000 + 1000);
    expect((await sendNoteToCustomer(t.db, { ...input, noteId: mine, now: later })).ok).toBe(true);
    expect((await noteRow(voided)).customer_email_status).toBeNull();
  });

  it("takes from the listing's customer e-mails of the day, shared with notes written with an address (decision 0272)", async () => {
    const id = await insertNote();
    const input = { registrationNumber: REG, userId: ownerId, noteId: id };
    const now = new Date("2031-03-10T12:00:00Z");
    await t.db.deleteFrom("rate_limits").where("key", "=", customerEmailKey(REG, now)).execute();
    // The day's e-mails used by notes written with a customer's address, all but one.
    for (let i = 0; i < CUSTOMER_EMAILS_PER_DAY - 1; i++)
      expect(await takeCustomerEmail(t.db, REG, now)).toBe(true);
    expect((await sendNoteToCustomer(t.db, { ...input, now })).ok).toBe(true);
    const before = await noteRow(id);
    const refused = await sendNoteToCustomer(t.db, { ...input, now, email: "other@example.test" });
    expect(refused).toEqual({ ok: false, reason: "daily_limit" });
    // Nothing changed: the address, the status, and the note's own hourly count (refunded).
    expect(await noteRow(id)).toMatchObject({
      customer_email: before.customer_email,
      customer_email_status: before.customer_email_status,
    });
    const hourly = await t.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `waste-note-send:${id}`)
      .executeTakeFirstOrThrow();
    expect(hourly.hits).toBe(1);
    // Another listing's day is its own.
    expect(await takeCustomerEmail(t.db, OTHER_REG, now)).toBe(true);
  });
});

describe("sending, by the listing's state (decision 0249)", () => {
  const SUSPENDED = "CBDU712003";
  const EXPIRED = "CBDU712004";
  const owners: Record<string, string> = {};

  beforeAll(async () => {
    await insertRegisterEntries(t.db, [
      { registration_number: SUSPENDED, business_name: "Suspended Sends Ltd" },
      { registration_number: EXPIRED, business_name: "Lapsed Sends Ltd", expiry_date: "2026-01-31" },
    ]);
    for (const reg of [SUSPENDED, EXPIRED]) {
      owners[reg] = (await insertUser(t.db)).id;
      await insertClaimedListing(t.db, {
        registration_number: reg,
        user_id: owners[reg],
        suspended_at: reg === SUSPENDED ? new Date("2026-11-01T00:00:00Z") : null,
      });
    }
  });

  const send = (reg: string, noteId: string, email?: string) =>
    sendNoteToCustomer(t.db, { noteId, registrationNumber: reg, userId: owners[reg]!, email });
  const noteOf = (reg: string) =>
    insertNote({
      registration_number: reg,
      carrier_license: reg,
      user_id: owners[reg]!,
      customer_email: "was@example.test",
    });

  it("a suspended listing sends nothing: no status, no job, no link, no audit, the address unchanged", async () => {
    const id = await noteOf(SUSPENDED);
    expect(await send(SUSPENDED, id, "new@example.test")).toEqual({
      ok: false,
      reason: "not_allowed",
      message:
        "Your listing is suspended: you cannot send waste notes while it is suspended. Please contact us to find out why and what to do.",
    });
    expect(await noteRow(id)).toMatchObject({
      customer_email: "was@example.test",
      customer_email_status: null,
      customer_signature_requested_at: null,
    });
    const jobRows = await t.db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", CUSTOMER_EMAIL_JOB.type)
      .where(sql<boolean>`payload->>'noteId' = ${id}`)
      .execute();
    expect(jobRows).toEqual([]);
    const links = await t.db
      .selectFrom("waste_note_signature_links")
      .select("id")
      .where("note_id", "=", id)
      .execute();
    expect(links).toEqual([]);
    const audit = await t.db.selectFrom("audit_log").select("id").where("entity_id", "=", id).execute();
    expect(audit).toEqual([]);
  });

  it("a listing awaiting approval sends nothing either", async () => {
    const id = await noteOf(SUSPENDED);
    await t.db
      .updateTable("claimed_listings")
      .set({ verified: false, suspended_at: null })
      .where("registration_number", "=", SUSPENDED)
      .execute();
    try {
      expect(await send(SUSPENDED, id)).toEqual({
        ok: false,
        reason: "not_allowed",
        message: "Your claim is awaiting approval: you can send waste notes once it is approved.",
      });
      expect((await noteRow(id)).customer_email_status).toBeNull();
    } finally {
      await t.db
        .updateTable("claimed_listings")
        .set({ verified: true, suspended_at: new Date("2026-11-01T00:00:00Z") })
        .where("registration_number", "=", SUSPENDED)
        .execute();
    }
  });

  it("an expired registration still sends the notes it wrote (a copy and a signature, no new transfer)", async () => {
    const id = await noteOf(EXPIRED);
    expect(await send(EXPIRED, id)).toEqual({ ok: true, email: "was@example.test", pdf: "pending" });
    expect((await noteRow(id)).customer_email_status).toBe("queued");
    // Not sent in this test: the later tests run every job.
    await t.db
      .deleteFrom("jobs")
      .where("type", "=", CUSTOMER_EMAIL_JOB.type)
      .where(sql<boolean>`payload->>'noteId' = ${id}`)
      .execute();
  });
});

describe("the customer's remote signature", () => {
  async function sentNote() {
    const id = await insertNote();
    await queueOnCreation(id);
    await runAllJobs();
    const link = signLinkIn(receivedBy((await noteRow(id)).customer_email).at(-1)!);
    expect(link).not.toBeNull();
    return { id, token: tokenOf(link!) };
  }

  it("signs the note: name and drawing stored, customer_signed_at set, audited, PDF made again; the link works once", async () => {
    const { id, token } = await sentNote();
    expect((await checkSignatureLink(t.db, id, token)).ok).toBe(true);
    const renderedBefore = rendered;
    const png = await signaturePng();
    const now = new Date();
    expect(
      await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Jane Holloway", signature: png, now },
      ),
    ).toEqual({
      ok: true,
    });
    const note = await noteRow(id);
    expect(note).toMatchObject({
      transferor_signature_name: "Jane Holloway",
      pdf_url: null,
    });
    // The drawing is stored under this signing attempt's own key (decision 0248).
    expect(note.transferor_signature_key).toMatch(
      new RegExp(`^waste-notes/${id}/signature-transferor-[\\w-]+\\.png$`),
    );
    expect(note.customer_signed_at).toEqual(now);
    expect(Buffer.compare((await storage.get(note.transferor_signature_key!))!.body, png)).toBe(0);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("entity_id", "=", id)
      .where("action", "=", "waste_note.signed_remotely")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: null,
      details: { name: "Jane Holloway", drawn: true, email: note.customer_email },
    });
    await runAllJobs();
    expect(rendered).toBe(renderedBefore + 1);
    expect((await noteRow(id)).pdf_url).toBe(`/waste-note/${id}/pdf`);
    // Used: the same link again is refused, and the note says it is signed.
    expect(
      await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Someone Else", signature: null },
      ),
    ).toEqual({
      ok: false,
      problem: "signed",
    });
    expect((await noteRow(id)).transferor_signature_name).toBe("Jane Holloway");
  });

  it("refuses a wrong note, a made-up token, an expired link, a replaced link, and a void or corrected note", async () => {
    const { id, token } = await sentNote();
    const other = await insertNote();
    expect(await checkSignatureLink(t.db, other, token)).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSignatureLink(t.db, id, "x".repeat(43))).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSignatureLink(t.db, id, "short")).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSignatureLink(t.db, id, null)).toEqual({ ok: false, problem: "invalid" });
    const afterExpiry = new Date(Date.now() + SIGNATURE_LINK_TTL_MS + 60_000);
    expect(await checkSignatureLink(t.db, id, token, afterExpiry)).toEqual({ ok: false, problem: "expired" });
    expect(
      await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token, name: "Late Signer", signature: null, now: afterExpiry },
      ),
    ).toEqual({ ok: false, problem: "expired" });
    // Within 14 days it still works.
    const inTime = new Date(Date.now() + SIGNATURE_LINK_TTL_MS - 60_000);
    expect((await checkSignatureLink(t.db, id, token, inTime)).ok).toBe(true);

    // Sent again: the new e-mail's link replaces the first one.
    expect(
      (await sendNoteToCustomer(t.db, { noteId: id, registrationNumber: REG, userId: ownerId })).ok,
    ).toBe(true);
    await runAllJobs();
    const newToken = tokenOf(signLinkIn(receivedBy((await noteRow(id)).customer_email).at(-1)!)!);
    expect(newToken).not.toBe(token);
    expect(await checkSignatureLink(t.db, id, token)).toEqual({ ok: false, problem: "used" });
    expect((await checkSignatureLink(t.db, id, newToken)).ok).toBe(true);

    await t.db
      .updateTable("waste_notes")
      .set({ voided_at: new Date(), void_reason: "Duplicate" })
      .where("id", "=", id)
      .execute();
    expect(await checkSignatureLink(t.db, id, newToken)).toEqual({ ok: false, problem: "void" });
    expect(
      await signNoteRemotely(
        { db: t.db, storage },
        { noteId: id, token: newToken, name: "Jane", signature: await signaturePng() },
      ),
    ).toEqual({ ok: false, problem: "void" });
    expect(await storage.get(signatureKey(id, "transferor"))).toBeNull();
    expect((await noteRow(id)).customer_signed_at).toBeNull();

    const { id: second, token: secondToken } = await sentNote();
    await t.db
      .updateTable("waste_notes")
      .set({ superseded_at: new Date() })
      .where("id", "=", second)
      .execute();
    expect(await checkSignatureLink(t.db, second, secondToken)).toEqual({ ok: false, problem: "superseded" });
  });

  it("the link is bound to the address it was sent to", async () => {
    const { id, token } = await sentNote();
    await t.db
      .updateTable("waste_notes")
      .set({ customer_email: "someone-else@example.test" })
      .where("id", "=", id)
      .execute();
    expect(await checkSignatureLink(t.db, id, token)).toEqual({ ok: false, problem: "used" });
  });
});
