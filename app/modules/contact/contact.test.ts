import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRowId } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { log, parsedInput } from "../leads/test-support/enquiry-fixtures";
import { contactSchema, type ContactInput } from "./contact-schema";
import { listContactMessages, markMessageRead } from "./list-messages.server";
import { sendContactMessage } from "./send-contact-message.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const config = { CONTACT_EMAIL: "help@directory.example", publicUrl: "https://directory.example" };
const input = (over: Record<string, string> = {}): ContactInput =>
  parsedInput(contactSchema, {
    name: "Cat <i>",
    email: "cat@example.test",
    subject: "Hello & welcome",
    message: "<script>alert(1)</script>",
    ...over,
  });
let ip = 0;
const send = (over: Record<string, string> = {}, honeypot: string | null = null, addr = `10.3.0.${++ip}`) =>
  sendContactMessage({ db: t.db, log }, config, { input: input(over), honeypot, ip: addr });

describe("contact messages", () => {
  it("checks every field", () => {
    expect(
      contactSchema
        .safeParse({})
        .error!.issues.map((i) => i.message)
        .sort(),
    ).toEqual(
      [
        "Please enter a subject",
        "Please enter your email address",
        "Please enter your message",
        "Please enter your name",
      ].sort(),
    );
    expect(
      contactSchema.safeParse({ name: "a", email: "a@", subject: "s", message: "m" }).error?.issues[0]
        ?.message,
    ).toBe("Please enter a valid email address");
    expect(
      contactSchema.safeParse({ name: "a", email: "a@b.co", subject: "s".repeat(151), message: "m" }).success,
    ).toBe(false);
  });

  it("stores the message and queues an escaped e-mail to the contact address", async () => {
    const r = await send();
    expect(r.status).toBe("sent");
    const mail = await t.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("template", "=", "contact_message")
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("help@directory.example");
    expect(mail.subject).toBe("Contact form: Hello & welcome");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Cat &lt;i&gt;");
    expect(mail.text).toContain("<script>alert(1)</script>");
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", "email.send")
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ outboxId: mail.id });
  });

  it("stores and sends nothing for the honeypot; allows 5 messages an hour per address", async () => {
    expect(await send({ subject: "bot" }, "x")).toEqual({ status: "ignored" });
    expect(await findRowId(t.db, "contact_messages", "subject", "bot")).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await send({}, null, "10.3.9.9")).status).toBe("sent");
    expect(await send({}, null, "10.3.9.9")).toEqual({ status: "rate-limited" });
  });

  it("lists newest first, searches, and marks read once", async () => {
    await send({ subject: "Findable subject" });
    const page = await listContactMessages(t.db, { q: "findable" });
    expect(page.rows.map((m) => m.subject)).toEqual(["Findable subject"]);
    const all = await listContactMessages(t.db, { limit: 3 });
    expect(all.rows[0]!.subject).toBe("Findable subject");
    expect(all.next).not.toBeNull();
    expect(await markMessageRead(t.db, page.rows[0]!.id)).toBe(true);
    expect(await markMessageRead(t.db, page.rows[0]!.id)).toBe(false);
  });
});
