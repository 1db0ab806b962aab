import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import { emailJobs } from "~/platform/email/send.server";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { findRowId } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { file, log, parsedInput, PNG, tempStorage } from "../leads/test-support/enquiry-fixtures";
import { createQuoteRequest } from "./create-quote.server";
import { deleteQuoteRequest } from "./delete-quote.server";
import { getQuotePhotoKey } from "./get-quote-photo.server";
import { listQuoteRequests } from "./list-quotes.server";
import { quoteSchema, type QuoteInput } from "./quote-schema";

let t: TestDatabase;
const disk = tempStorage();
let smtp: TestSmtpServer;
let ownerId = "";
let otherId = "";
const PUBLIC_URL = "https://directory.example.org";

beforeAll(async () => {
  t = await createTestDatabase();
  ownerId = (await insertUser(t.db, { email: "owner@example.test" })).id;
  otherId = (await insertUser(t.db, { email: "other@example.test" })).id;
  await insertPremiumListing(t.db, "CBDU700001", {
    email: "owner@example.test",
    services: ["Skip Hire", "Garden Waste"],
    user_id: ownerId,
  });
  await insertPremiumListing(t.db, "CBDU700002", { email: null });
  await insertPremiumListing(t.db, "CBDU700003", { subscription_plan: "standard" });
  await insertPremiumListing(t.db, "CBDU700004", { email_notifications: false });
  await insertPremiumListing(t.db, "CBDU700005", { verified: false });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await t?.destroy();
  disk.cleanup();
});

const input = (over: Record<string, string> = {}): QuoteInput =>
  parsedInput(quoteSchema, {
    name: "Bob <b>Bold</b>",
    email: "bob@example.test",
    message: "Two fridges & a sofa\nBack gate code 12",
    ...over,
  });
let ip = 0;
const create = (reg: string, over: Partial<Parameters<typeof createQuoteRequest>[2]> = {}) =>
  createQuoteRequest(
    { db: t.db, storage: disk.storage, log },
    { publicUrl: PUBLIC_URL },
    { registrationNumber: reg, input: input(), photo: null, honeypot: null, ip: `10.1.0.${++ip}`, ...over },
  );

function jobs() {
  const q = new JobQueue(t.db, log);
  q.register(
    ...emailJobs({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Directory <no-reply@example.test>",
      dataDir: os.tmpdir(),
    }),
  );
  return q;
}

describe("quote form rules", () => {
  it("requires name, e-mail and message with the spec's message; the rest is optional", () => {
    const r = quoteSchema.safeParse({});
    expect(r.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`).sort()).toEqual([
      "email: Please fill in all required fields",
      "message: Please fill in all required fields",
      "name: Please fill in all required fields",
    ]);
    expect(quoteSchema.safeParse({ name: "A", email: "nope", message: "m" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
    expect(quoteSchema.safeParse({ name: "A", email: "a@b.co", message: "m", postcode: "XYZ" }).success).toBe(
      false,
    );
    expect(quoteSchema.safeParse({ name: "A", email: "a@b.co", message: "x".repeat(2001) }).success).toBe(
      false,
    );
    expect(
      quoteSchema.safeParse({ name: " A ", email: "a@b.co", message: "m", phone: "", postcode: "" }).data,
    ).toEqual({ name: "A", email: "a@b.co", message: "m" });
  });
});

describe("creating a quote request", () => {
  it("stores it as 'pending' and e-mails the provider 'New Quote Request from {name}', escaped, with a photo link", async () => {
    const r = await create("cbdu 700001", {
      input: input({ phone: "0161 496 0000", postcode: "m1 1ae", serviceType: "Skip Hire" }),
      photo: file(PNG, "x.png"),
    });
    expect(r).toMatchObject({ status: "created", emailed: true, imageStored: true });
    if (r.status !== "created") return;
    const row = await t.db
      .selectFrom("quote_requests")
      .selectAll()
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      provider_id: "CBDU700001",
      status: "pending",
      postcode: "M1 1AE",
      service_type: "Skip Hire",
      phone: "0161 496 0000",
    });
    expect(row.image_key).toMatch(/^provider-requests\/cbdu700001\/\d+-[0-9a-f]{16}\.jpg$/);

    smtp.received.length = 0;
    expect(await jobs().drain()).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.find((m) => m.subject === "New Quote Request from Bob <b>Bold</b>");
    expect(mail).toBeDefined();
    expect((mail!.to as { text: string }).text).toBe("owner@example.test");
    expect(mail!.html).toContain("Bob &lt;b&gt;Bold&lt;/b&gt;");
    expect(mail!.html).not.toContain("<b>Bold</b>");
    expect(mail!.html).toContain("Two fridges &amp; a sofa");
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/enquiries/photo/quote/${r.id}"`);
    expect(mail!.text).toContain("Phone: 0161 496 0000");
    expect(mail!.text).toContain("Postcode: M1 1AE");
    expect(mail!.text).toContain("Service: Skip Hire");
    expect(mail!.text).toContain("Email: bob@example.test");
  });

  it("keeps the request when sending fails, and the outbox retries it", async () => {
    smtp.received.length = 0;
    smtp.failNext = 1;
    const r = await create("CBDU700001", { input: input({ name: "Retry Person" }) });
    expect(r.status).toBe("created");
    await jobs().drain();
    const outbox = await t.db
      .selectFrom("email_outbox")
      .select(["status", "attempts", "last_error"])
      .where("subject", "=", "New Quote Request from Retry Person")
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ status: "queued", attempts: 1 });
    expect(outbox.last_error).toMatch(/Mailbox unavailable/);
    await t.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000) })
      .where("status", "=", "queued")
      .execute();
    await jobs().drain();
    expect(smtp.received.map((m) => m.subject)).toContain("New Quote Request from Retry Person");
  });

  it("honours the provider's e-mail notifications setting", async () => {
    const r = await create("CBDU700004", { input: input({ name: "Quiet Person" }) });
    expect(r).toMatchObject({ status: "created", emailed: false });
    expect(
      await findRowId(t.db, "email_outbox", "subject", "New Quote Request from Quiet Person"),
    ).toBeUndefined();
  });

  it("refuses providers that are not claimed premium, or have no contact e-mail", async () => {
    expect(await create("CBDU700003")).toEqual({ status: "not-found" });
    expect(await create("CBDU700005")).toEqual({ status: "not-found" });
    expect(await create("CBDU999999")).toEqual({ status: "not-found" });
    expect(await create("CBDU700002")).toEqual({ status: "no-contact" });
  });

  it("refuses a service the provider does not offer, and a non-image photo", async () => {
    expect(await create("CBDU700001", { input: input({ serviceType: "Asbestos" }) })).toEqual({
      status: "invalid-service",
    });
    expect(
      await create("CBDU700001", {
        photo: file(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "x.png", "image/png"),
      }),
    ).toEqual({
      status: "invalid-photo",
      reason: "not-image",
    });
  });

  it("stores and sends nothing when the honeypot is filled", async () => {
    const r = await create("CBDU700001", {
      input: input({ name: "Honeypot Bot" }),
      honeypot: "07700 900000",
    });
    expect(r).toEqual({ status: "ignored" });
    expect(await findRowId(t.db, "quote_requests", "name", "Honeypot Bot")).toBeUndefined();
    expect(await findRowId(t.db, "email_outbox", "subject", "%Honeypot Bot%", "like")).toBeUndefined();
  });

  it("allows 10 requests per hour from one address", async () => {
    for (let i = 0; i < 10; i++)
      expect((await create("CBDU700004", { ip: "10.9.9.9" })).status).toBe("created");
    expect(await create("CBDU700004", { ip: "10.9.9.9" })).toEqual({ status: "rate-limited" });
    // Over the limit, a photo is not even opened: the answer is the limit, not what the file is.
    const photo = new File([Buffer.from("not an image at all")], "big.jpg", { type: "image/jpeg" });
    expect(await create("CBDU700004", { ip: "10.9.9.9", photo })).toEqual({ status: "rate-limited" });
  });
});

describe("photos and the admin list", () => {
  it("opens the photo only for admins and the provider's owner", async () => {
    const r = await create("CBDU700001", { photo: file(PNG, "p.png") });
    if (r.status !== "created") throw new Error(r.status);
    expect(await getQuotePhotoKey(t.db, r.id, { id: ownerId, isAdmin: false })).toMatch(
      /^provider-requests\//,
    );
    expect(await getQuotePhotoKey(t.db, r.id, { id: otherId, isAdmin: true })).toMatch(
      /^provider-requests\//,
    );
    expect(await getQuotePhotoKey(t.db, r.id, { id: otherId, isAdmin: false })).toBeNull();
    expect(await getQuotePhotoKey(t.db, "x", { id: ownerId, isAdmin: true })).toBeNull();
  });

  it("searches by provider, e-mail and message, newest first; delete removes row and photo", async () => {
    const r = await create("CBDU700001", {
      input: input({ name: "Findable Fran", message: "Rubble from a patio" }),
      photo: file(PNG, "p.png"),
    });
    if (r.status !== "created") throw new Error(r.status);
    expect((await listQuoteRequests(t.db, { q: "patio" })).rows.map((x) => x.name)).toEqual([
      "Findable Fran",
    ]);
    const byProvider = await listQuoteRequests(t.db, { q: "cbdu700001" });
    expect(byProvider.rows[0]!.name).toBe("Findable Fran");
    expect(byProvider.rows.every((x) => x.provider_id === "CBDU700001")).toBe(true);
    const key = (await getQuotePhotoKey(t.db, r.id, { id: ownerId, isAdmin: true }))!;
    expect(await deleteQuoteRequest({ db: t.db, storage: disk.storage, log }, r.id)).toBe(true);
    expect(await disk.storage.get(key)).toBeNull();
    expect((await listQuoteRequests(t.db, { q: "patio" })).rows).toEqual([]);
  });
});
