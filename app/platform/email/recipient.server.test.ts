/**
 * Decision 0259 at the sender: an outbox message goes to exactly the one address in its `to`.
 * A `to` that is not one address by the one rule (an old row, or a caller that skipped the form's
 * check) is never handed to nodemailer, which would read `1,victim@example.test` as a list and
 * deliver to victim@example.test: the job fails it at once, for good, and no server sees a
 * recipient. A real SMTP server in-process records every RCPT TO.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { JobQueue } from "../jobs/queue.server";
import { createLogger } from "../logger.server";
import { queueEmail } from "./outbox.server";
import { emailJobs, type EmailOutcome } from "./send.server";
import { createMailTransport, InvalidRecipientError } from "./transport.server";

const SPELLINGS = [
  "1,victim@example.test",
  "a;victim@example.test",
  "foo<victim@example.test>",
  "victim@example.test(x)",
  "victim@example.test,www.evil.example/prize",
  "Victim <victim@example.test>",
  "victim@example.test, other@example.test",
];

let t: TestDatabase;
let smtp: SMTPServer;
let smtpUrl: string;
/** Every RCPT TO the server was given, and each message's envelope recipients. */
const rcpts: string[] = [];
const delivered: string[][] = [];
const log = createLogger("silent");
const config = () => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: "Directory <no-reply@example.test>",
  dataDir: os.tmpdir(),
});
const message = (to: string) => ({
  to,
  subject: "Your request",
  html: "<p>Hello</p>",
  text: "Hello",
  template: "lead_copy",
});

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push(session.envelope.rcptTo.map((a) => a.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await t?.destroy();
});
beforeEach(() => {
  rcpts.length = 0;
  delivered.length = 0;
});

describe("the sender sends to one address only", () => {
  it("a `to` that is an address list, a display name or a comment is never sent: failed at once, for good, with the reason", async () => {
    const outcomes: EmailOutcome[] = [];
    const jobs = new JobQueue(t.db, log);
    jobs.register(...emailJobs(config(), { onOutcome: [async (_db, o) => void outcomes.push(o)] }));
    const ids = [];
    for (const to of SPELLINGS) ids.push(await queueEmail(t.db, message(to)));
    await jobs.drain();
    expect(rcpts).toEqual([]);
    expect(delivered).toEqual([]);
    const rows = await t.db
      .selectFrom("email_outbox")
      .select(["id", "to_address", "status", "attempts", "last_error"])
      .where("id", "in", ids)
      .execute();
    expect(rows).toHaveLength(SPELLINGS.length);
    for (const row of rows) {
      expect(row, row.to_address).toMatchObject({ status: "failed", attempts: 1 });
      expect(row.last_error).toContain("Not one valid e-mail address");
    }
    // Not retried: no e-mail job is waiting.
    expect(
      await t.db
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", "email.send")
        .where("status", "=", "queued")
        .execute(),
    ).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual(SPELLINGS.map(() => "failed"));
  });

  it("the transport itself refuses such a `to`, by SMTP and to the outbox folder, before anything is written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recipient-"));
    try {
      for (const transport of [
        createMailTransport(config()),
        createMailTransport({ SMTP_URL: undefined, MAIL_FROM: "Directory <no-reply@example.test>", dataDir }),
      ]) {
        for (const to of SPELLINGS)
          await expect(transport.send({ id: "x", ...message(to) }), to).rejects.toBeInstanceOf(
            InvalidRecipientError,
          );
        transport.close();
      }
      expect(rcpts).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "outbox"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("one address is sent to that one recipient (a +tag and an apostrophe kept as they are)", async () => {
    const jobs = new JobQueue(t.db, log);
    jobs.register(...emailJobs(config()));
    for (const to of ["ann+1@example.co.uk", "o'brien@example.test"]) await queueEmail(t.db, message(to));
    await jobs.drain();
    expect(delivered).toEqual([["ann+1@example.co.uk"], ["o'brien@example.test"]]);
    expect(rcpts).toEqual(["ann+1@example.co.uk", "o'brien@example.test"]);
  });
});
