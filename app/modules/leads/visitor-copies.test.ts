/**
 * Issue 14 item 19 (decision 0602): the lead and quote forms send the visitor a copy of their
 * request through the outbox, in the request's transaction; the result says exactly what was
 * queued (so the forms say only that); copies are limited per mailbox; the copy is plain text
 * with no link the visitor chose; and a listing without an e-mail takes no quote requests.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createQuoteRequest } from "../quotes/create-quote.server";
import { quoteSchema, type QuoteInput } from "../quotes/quote-schema";
import { createLead } from "./create-lead.server";
import { LEAD_COPY_SUBJECT } from "./lead-copy-email.server";
import { leadSchema, type LeadInput } from "./lead-schema";
import { COPY_LIMITS, copyLimitKeys, mailboxIdentity } from "./rate-limits";
import { leadSentLines, quoteSentText } from "./sent-details";
import { allowCopy, LINK_REMOVED, withoutLinks } from "./visitor-copy.server";
import { FailingStorage, file, log, parsedInput, PNG, tempStorage } from "./test-support/enquiry-fixtures";

let t: TestDatabase;
const disk = tempStorage();
const PUBLIC_URL = "https://directory.example.org";
const CONFIG = { publicUrl: PUBLIC_URL };

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, "CBDU720001", { email: "Owner@Example.test", services: ["Skip Hire"] });
  await insertPremiumListing(t.db, "CBDU720002", { email: null });
  await insertPremiumListing(t.db, "CBDU720003", { email: "   " });
  await insertPremiumListing(t.db, "CBDU720004", { email: "not an address" });
  await insertPremiumListing(t.db, "CBDU720005", { email: "quiet@example.test", email_notifications: false });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

const NOW = new Date();
const lead = (over: Record<string, string> = {}): LeadInput =>
  parsedInput(leadSchema(NOW), {
    description: "Old sofa & 3 bags <b>today</b>",
    preferredDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(NOW),
    preferredTime: "7:00",
    loadSize: "medium",
    name: "Ann <i>Visitor</i>",
    email: "ann@example.test",
    phone: "0161 496 0000",
    postcode: "m1 1ae",
    ...over,
  });
const quote = (over: Record<string, string> = {}): QuoteInput =>
  parsedInput(quoteSchema, {
    name: "Bob Visitor",
    email: "bob@example.test",
    message: "Two fridges\nside gate",
    ...over,
  });
let ip = 0;
const nextIp = () => `10.72.0.${++ip}`;
const services = () => ({ db: t.db, storage: disk.storage, log });
const sendLead = (
  input: LeadInput,
  over: { photo?: File | null; honeypot?: string | null; ip?: string; storage?: FailingStorage } = {},
) =>
  createLead({ ...services(), ...(over.storage ? { storage: over.storage } : {}) }, CONFIG, {
    input,
    photo: over.photo ?? null,
    honeypot: over.honeypot ?? null,
    ip: over.ip ?? nextIp(),
  });
const sendQuote = (
  reg: string,
  input: QuoteInput,
  over: { photo?: File | null; honeypot?: string | null; ip?: string } = {},
) =>
  createQuoteRequest(services(), CONFIG, {
    registrationNumber: reg,
    input,
    photo: over.photo ?? null,
    honeypot: over.honeypot ?? null,
    ip: over.ip ?? nextIp(),
  });

const mailsTo = (to: string) =>
  t.db.selectFrom("email_outbox").selectAll().where("to_address", "=", to).orderBy("created_at").execute();
const count = (table: "general_leads" | "quote_requests" | "email_outbox") => countRows(t.db, table);
const files = () =>
  fs.readdirSync(disk.dir, { recursive: true }).filter((f) => String(f).includes(".")).length;
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe("the copy of a general lead", () => {
  it("is queued with the lead: the visitor's details, postcode, load, date and time, description; the photo mentioned, not attached", async () => {
    const r = await sendLead(lead({ email: "copy-lead@example.test" }), {
      photo: file(PNG, "waste.png", "image/png"),
    });
    expect(r).toMatchObject({ status: "created", copy: "queued", imageStored: true });
    const [mail, ...more] = await mailsTo("copy-lead@example.test");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: LEAD_COPY_SUBJECT, template: "lead_copy", status: "queued" });
    const jobs = await t.db.selectFrom("jobs").select("payload").where("type", "=", "email.send").execute();
    expect(jobs.map((j) => j.payload)).toContainEqual({ outboxId: mail!.id });
    for (const line of [
      "Name: Ann <i>Visitor</i>",
      "Email: copy-lead@example.test",
      "Phone: 0161 496 0000",
      "Postcode: M1 1AE",
      "Load size: Small Van",
      "Preferred time: 7:00 - 8:00",
      "Photo: One photo, kept with your request (not attached to this email)",
      "Old sofa & 3 bags <b>today</b>",
      "Your request has come to our team, not to any carrier yet. We pass requests on to licensed carriers near M1 1AE, and a carrier will contact you if they can help.",
    ]) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toMatch(/Preferred date: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}/);
    // Escaped: what the visitor typed never becomes markup.
    expect(mail!.html).toContain("Ann &lt;i&gt;Visitor&lt;/i&gt;");
    expect(mail!.html).toContain("Old sofa &amp; 3 bags &lt;b&gt;today&lt;/b&gt;");
    expect(mail!.html).not.toContain("<i>Visitor");
    // The only links are the site's own (the visitor's address is not even a mailto link).
    expect(hrefs(mail!.html).length).toBeGreaterThan(0);
    for (const href of hrefs(mail!.html)) expect(href.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it("takes out every link the visitor typed; the stored lead keeps the text as typed", async () => {
    const description =
      "Visit https://cheap-pills.example/buy?x=1 or www.spam.example now, or mail deals@bulk-offers.example / bit.ly/abc";
    const r = await sendLead(
      lead({ email: "links@example.test", name: "Win at casino-royale.example", description }),
    );
    expect(r).toMatchObject({ status: "created", copy: "queued" });
    const [mail] = await mailsTo("links@example.test");
    for (const bad of ["cheap-pills", "spam.example", "bulk-offers", "bit.ly", "casino-royale"]) {
      expect(mail!.text).not.toContain(bad);
      expect(mail!.html).not.toContain(bad);
    }
    expect(mail!.text).toContain(
      `Visit ${LINK_REMOVED} or ${LINK_REMOVED} now, or mail deals@${LINK_REMOVED} / ${LINK_REMOVED}`,
    );
    expect(mail!.subject).toBe(LEAD_COPY_SUBJECT);
    if (r.status !== "created") return;
    const row = await t.db
      .selectFrom("general_leads")
      .select(["description", "name"])
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ description, name: "Win at casino-royale.example" });
  });

  it("says so when the photo could not be stored", async () => {
    const r = await sendLead(lead({ email: "photo-failed@example.test" }), {
      photo: file(PNG, "p.png"),
      storage: new FailingStorage(),
    });
    expect(r).toMatchObject({ status: "created", imageStored: false, copy: "queued" });
    const [mail] = await mailsTo("photo-failed@example.test");
    expect(mail!.text).toContain("Photo: We could not save your photo, so your request was kept without it");
  });

  it("sends nothing for a filled honeypot, a refused photo or a visitor over the per-IP limit", async () => {
    const before = { leads: await count("general_leads"), outbox: await count("email_outbox") };
    expect(await sendLead(lead({ email: "bot@example.test" }), { honeypot: "0161" })).toEqual({
      status: "ignored",
    });
    expect(
      await sendLead(lead({ email: "bot@example.test" }), { photo: file(Buffer.from("%PDF-1.7"), "x.png") }),
    ).toEqual({ status: "invalid-photo", reason: "not-image" });
    const addr = nextIp();
    await t.db
      .insertInto("rate_limits")
      .values({
        key: `lead:ip:${addr}`,
        hits: 10,
        window_started_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    expect(await sendLead(lead({ email: "bot@example.test" }), { ip: addr })).toEqual({
      status: "rate-limited",
    });
    expect({ leads: await count("general_leads"), outbox: await count("email_outbox") }).toEqual(before);
    expect(await mailsTo("bot@example.test")).toEqual([]);
  });
});

describe("the copy of a quote request", () => {
  it("is queued to the visitor with the business's e-mail; the result says both were sent", async () => {
    const r = await sendQuote(
      "CBDU720001",
      quote({
        email: "copy-quote@example.test",
        phone: "07700 900123",
        postcode: "ls1 4ap",
        serviceType: "Skip Hire",
      }),
      {
        photo: file(PNG, "p.png"),
      },
    );
    expect(r).toMatchObject({
      status: "created",
      emailed: true,
      copy: "queued",
      businessName: "Business CBDU720001",
      imageStored: true,
    });
    expect((await mailsTo("Owner@Example.test")).map((m) => m.subject)).toEqual([
      "New Quote Request from Bob Visitor",
    ]);
    const [mail, ...more] = await mailsTo("copy-quote@example.test");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      subject: "Copy of your quote request to Business CBDU720001",
      template: "quote_copy",
    });
    for (const line of [
      "We have sent your quote request to Business CBDU720001. This is a copy for your records.",
      "If they can help, Business CBDU720001 will reply to you directly.",
      "Email: copy-quote@example.test",
      "Phone: 07700 900123",
      "Postcode: LS1 4AP",
      "Service: Skip Hire",
      "Photo: One photo, kept with your request (not attached to this email)",
      "Two fridges\nside gate",
    ]) {
      expect(mail!.text).toContain(line);
    }
    for (const href of hrefs(mail!.html)) expect(href.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/provider/CBDU720001"`);
  });

  it("tells the truth when the business has e-mail notifications off: stored, not sent to them, the copy says so", async () => {
    const r = await sendQuote("CBDU720005", quote({ email: "quiet-copy@example.test" }));
    expect(r).toMatchObject({ status: "created", emailed: false, copy: "queued" });
    expect(await mailsTo("quiet@example.test")).toEqual([]);
    const [mail] = await mailsTo("quiet-copy@example.test");
    expect(mail!.text).toContain(
      "Business CBDU720005 has turned off e-mail notifications, so your request has not been sent to them.",
    );
    expect(mail!.text).not.toContain("We have sent your quote request");
  });

  it("sends no second copy when the visitor's address is the business's own (it received the request itself)", async () => {
    const r = await sendQuote(
      "CBDU720001",
      quote({ email: "owner+test@example.TEST", name: "Owner Testing" }),
    );
    expect(r).toMatchObject({ status: "created", emailed: true, copy: "not-needed" });
    expect(await mailsTo("owner+test@example.TEST")).toEqual([]);
    expect((await mailsTo("Owner@Example.test")).map((m) => m.subject)).toContain(
      "New Quote Request from Owner Testing",
    );
  });

  it("refuses a listing with no usable e-mail: nothing stored, no photo kept, nothing sent", async () => {
    const before = {
      quotes: await count("quote_requests"),
      outbox: await count("email_outbox"),
      files: files(),
    };
    for (const reg of ["CBDU720002", "CBDU720003", "CBDU720004"]) {
      expect(
        await sendQuote(reg, quote({ email: "nobody-gets-it@example.test" }), { photo: file(PNG, "p.png") }),
        reg,
      ).toEqual({ status: "no-contact" });
    }
    expect({
      quotes: await count("quote_requests"),
      outbox: await count("email_outbox"),
      files: files(),
    }).toEqual(before);
  });

  it("sends nothing for a filled honeypot or a visitor over the per-IP limit", async () => {
    const before = await count("email_outbox");
    expect(await sendQuote("CBDU720001", quote({ email: "qbot@example.test" }), { honeypot: "x" })).toEqual({
      status: "ignored",
    });
    const addr = nextIp();
    await t.db
      .insertInto("rate_limits")
      .values({
        key: `quote:ip:${addr}`,
        hits: 10,
        window_started_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    expect(await sendQuote("CBDU720001", quote({ email: "qbot@example.test" }), { ip: addr })).toEqual({
      status: "rate-limited",
    });
    expect(await count("email_outbox")).toBe(before);
  });
});

describe("copies are limited per mailbox", () => {
  it("3 an hour per mailbox, lead and quote forms together, however the address is written; the request is still taken", async () => {
    const spellings = [
      "victim@example.test",
      "VICTIM@example.test",
      "victim+a@example.test",
      "victim+b@Example.Test",
    ];
    expect((await sendLead(lead({ email: spellings[0]! }))).status).toBe("created");
    expect(await sendQuote("CBDU720001", quote({ email: spellings[1]! }))).toMatchObject({ copy: "queued" });
    expect(await sendLead(lead({ email: spellings[2]! }))).toMatchObject({ copy: "queued" });
    const leadsBefore = await count("general_leads");
    const fourth = await sendLead(lead({ email: spellings[3]!, name: "Fourth Lead" }));
    expect(fourth).toMatchObject({ status: "created", copy: "limited" });
    expect(await count("general_leads")).toBe(leadsBefore + 1);
    const fifth = await sendQuote("CBDU720001", quote({ email: spellings[0]!, name: "Fifth Quote" }));
    expect(fifth).toMatchObject({ status: "created", emailed: true, copy: "limited" });
    const copies = await t.db
      .selectFrom("email_outbox")
      .select("to_address")
      .where("template", "in", ["lead_copy", "quote_copy"])
      .where("to_address", "in", spellings)
      .execute();
    expect(copies).toHaveLength(3);
    // The business still gets the request that came with no copy.
    expect((await mailsTo("Owner@Example.test")).map((m) => m.subject)).toContain(
      "New Quote Request from Fifth Quote",
    );
    // Another mailbox is not affected.
    expect(await sendLead(lead({ email: "someone-else@example.test" }))).toMatchObject({ copy: "queued" });
  });

  it("Gmail's dots and googlemail.com are one mailbox", async () => {
    expect(mailboxIdentity(" A.Nn.Visitor+quotes@GoogleMail.com ")).toBe("annvisitor@gmail.com");
    expect(mailboxIdentity("ann.visitor@example.test")).toBe("ann.visitor@example.test");
    expect(mailboxIdentity("ann+x@example.test")).toBe("ann@example.test");
    for (const email of ["g.mail.user@gmail.com", "gmailuser@googlemail.com", "GMAILUSER+1@gmail.com"]) {
      expect(await sendLead(lead({ email }))).toMatchObject({ copy: "queued" });
    }
    expect(await sendLead(lead({ email: "gmail.user@gmail.com" }))).toMatchObject({ copy: "limited" });
  });

  it("10 a day per mailbox: an hour later three more go, until the day's ten are used", async () => {
    const email = "daily@example.test";
    const start = new Date("2030-01-01T08:00:00Z");
    const sent: boolean[] = [];
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 3; i++)
        sent.push(await allowCopy(t.db, email, new Date(start.getTime() + hour * 3_600_000 + i * 1000)));
    }
    expect(sent.filter(Boolean)).toHaveLength(COPY_LIMITS.perDay.max);
    expect(sent.slice(0, 9).every(Boolean)).toBe(true);
    expect(sent.slice(10).some(Boolean)).toBe(false);
    // The next day the mailbox gets copies again.
    expect(await allowCopy(t.db, email, new Date(start.getTime() + 25 * 3_600_000))).toBe(true);
    const keys = copyLimitKeys(email);
    expect(keys.hour).not.toBe(keys.day);
  });
});

describe("what the forms say", () => {
  it("the lead form: the copy only when queued, and that no carrier has the request yet", () => {
    expect(leadSentLines({ email: "a@b.test", copy: "queued", postcode: "M1 1AE" })).toEqual([
      "Thank you. We've sent a copy to a@b.test.",
      "Your request has come to our team, not to any carrier yet. We pass requests on to licensed carriers near M1 1AE, and a carrier will contact you if they can help.",
    ]);
    expect(leadSentLines({ email: "a@b.test", copy: "limited", postcode: "M1 1AE" })[0]).toBe(
      "Thank you. We didn't e-mail you a copy this time, as we've recently sent several to a@b.test.",
    );
    expect(leadSentLines(null)).toEqual(["Thank you."]);
    expect(leadSentLines(null).join(" ")).not.toMatch(/copy|carrier/);
  });

  it("the quote form: 'sent to' the business only when its e-mail was queued", () => {
    const sent = quoteSentText({
      email: "a@b.test",
      copy: "queued",
      businessName: "Acme Waste",
      providerEmailed: true,
    });
    expect(sent.lines).toEqual([
      "We've sent your request to Acme Waste.",
      "We've sent a copy to a@b.test.",
      "If they can help, they will reply to you directly.",
    ]);
    expect(sent.toast).toBe("We've sent your request to Acme Waste. We've sent a copy to a@b.test.");
    const quiet = quoteSentText({
      email: "a@b.test",
      copy: "queued",
      businessName: "Acme Waste",
      providerEmailed: false,
    });
    expect(quiet.lines.join(" ")).not.toContain("We've sent your request");
    expect(quiet.lines[0]).toBe(
      "We've saved your request, but Acme Waste has turned off e-mail notifications, so it has not been sent to them.",
    );
    expect(
      quoteSentText({
        email: "a@b.test",
        copy: "not-needed",
        businessName: "Acme Waste",
        providerEmailed: true,
      }).lines.join(" "),
    ).not.toContain("copy");
    expect(quoteSentText(null)).toEqual({ lines: ["Thank you."], toast: "Thank you." });
  });

  it("withoutLinks keeps ordinary text", () => {
    expect(withoutLinks("Sofa, e.g. 2 seats; i.e. big. Collect 5.30pm from M1 1AE, £40 max.")).toBe(
      "Sofa, e.g. 2 seats; i.e. big. Collect 5.30pm from M1 1AE, £40 max.",
    );
    expect(withoutLinks("see HTTP://X.EXAMPLE/a and ftp://files.example")).toBe(
      `see ${LINK_REMOVED} and ${LINK_REMOVED}`,
    );
  });
});
