import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { JobQueue } from "../jobs/queue.server";
import { createLogger } from "../logger.server";
import { queueEmail } from "./outbox.server";
import { emailJobs } from "./send.server";
import { invitationEmail, passwordResetEmail } from "./templates.server";

let t: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await t.destroy();
});

const log = createLogger("silent");
const config = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Directory <no-reply@example.test>",
  dataDir: os.tmpdir(),
});

describe("e-mail outbox", () => {
  it("queues the message and its job together; the job sends HTML and text over SMTP", async () => {
    const jobs = new JobQueue(t.db, log);
    jobs.register(...emailJobs(config()));
    const id = await queueEmail(
      t.db,
      passwordResetEmail("reader@example.test", "http://localhost/auth/recovery?token=abc"),
    );
    const job = await t.db
      .selectFrom("jobs")
      .select(["type", "payload"])
      .where("type", "=", "email.send")
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ outboxId: id });
    expect(await jobs.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("Reset your password");
    expect(mail.from?.text).toContain("no-reply@example.test");
    expect((mail.to as { text: string }).text).toBe("reader@example.test");
    expect(mail.text).toContain("http://localhost/auth/recovery?token=abc");
    expect(mail.html).toContain('href="http://localhost/auth/recovery?token=abc"');
    expect(mail.html).toContain("UK Waste Carrier Directory");
    const row = await t.db
      .selectFrom("email_outbox")
      .select(["status", "attempts", "sent_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a failed send is kept with its error and retried later by the job queue", async () => {
    const jobs = new JobQueue(t.db, log);
    jobs.register(...emailJobs(config()));
    smtp.received.length = 0;
    smtp.failNext = 1;
    const id = await queueEmail(t.db, passwordResetEmail("retry@example.test", "http://localhost/x"));
    await jobs.drain();
    const failed = await t.db
      .selectFrom("email_outbox")
      .select(["status", "attempts", "last_error"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe("queued");
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/Mailbox unavailable/);
    const job = await t.db
      .selectFrom("jobs")
      .select(["status", "run_at"])
      .where("type", "=", "email.send")
      .where("status", "=", "queued")
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
    await t.db.updateTable("jobs").set({ run_at: new Date() }).where("status", "=", "queued").execute();
    await jobs.drain();
    expect(smtp.received.map((m) => (m.to as { text: string }).text)).toEqual(["retry@example.test"]);
    expect(
      (await t.db.selectFrom("email_outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sent");
  });

  it("a message is not queued when the surrounding transaction rolls back", async () => {
    const before = await countRows(t.db, "email_outbox");
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueEmail(trx, passwordResetEmail("rollback@example.test", "http://localhost/x"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await countRows(t.db, "email_outbox")).toBe(before);
  });

  it("without SMTP_URL, messages are written as .eml files to DATA_DIR/outbox", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const jobs = new JobQueue(t.db, log);
    jobs.register(
      ...emailJobs({ SMTP_URL: undefined, MAIL_FROM: "Directory <no-reply@example.test>", dataDir }),
    );
    await queueEmail(
      t.db,
      passwordResetEmail("file@example.test", "http://localhost/auth/recovery?token=zzz"),
    );
    await jobs.drain();
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(dataDir, "outbox", files[0]!)));
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain("token=zzz");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("escapes what it interpolates", () => {
    const m = passwordResetEmail("x@example.test", 'http://localhost/"><script>alert(1)</script>');
    expect(m.html).not.toContain("<script>");
  });

  it("a subject is one line that shows what it says, whatever name went into it (decision 0275)", () => {
    // A business name stored before the one-line rule, or from the register, with a line break, a
    // right-to-left override and a zero-width space.
    const m = invitationEmail("x@example.test", "http://localhost/x", "Acme\nVerified \u202eLtd\u200b");
    expect(m.subject).toBe("Your listing for Acme Verified Ltd is approved");
  });
});
