/**
 * Decision 0260, through the quote route (the profile's fetcher and the no-JavaScript page post
 * here) and the cards' and profile's rule: a carrier whose registration has expired is offered no
 * "Request Quote", its quote page says why instead of the form, and a request posted anyway is
 * refused (409) with that reason, storing and sending nothing. One expiring soon takes requests;
 * one taken off the register (revoked) is not found. Dates are relative to today, as the pages' are.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offersQuotes, quotesClosed } from "~/components/directory/provider-card";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { getProvider } from "~/modules/directory/get-provider.server";
import { log, tempStorage } from "~/modules/leads/test-support/enquiry-fixtures";
import { ukToday } from "~/platform/dates";
import type { Config } from "~/platform/env.server";
import { action as quoteAction, loader as quoteLoader } from "~/routes/enquiries/quote";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const DAY = 86_400_000;
const REG = { expired: "CBDU726101", expiring: "CBDU726102", revoked: "CBDU726103" } as const;
const EXPIRED_TEXT =
  "This carrier's registration has expired, so it can't take quote requests through the directory.";

let t: TestDatabase;
const disk = tempStorage();
const config = {
  dataDir: path.join(os.tmpdir(), "quote-in-force-test"),
  publicUrl: "http://localhost:9999",
  isProduction: false,
} as Config;
/** 'YYYY-MM-DD' in the UK, `days` from today. */
const ukDay = (days: number) => ukToday(new Date(Date.now() + days * DAY));

function context(clientIp: string) {
  return routeContext({
    config,
    db: t.db,
    storage: disk.storage,
    log,
    clientIp,
  });
}

let ip = 0;
async function post(reg: string, name: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name, email: "hana@example.test", message: "A sofa and a fridge" }))
    body.set(k, v);
  const answer = await quoteAction({
    request: new Request(`http://localhost:9999/enquiries/quote/${reg}`, { method: "POST", body }),
    params: { registrationNumber: reg },
    context: context(`10.26.2.${++ip}`),
  } as never);
  const r = answer as { data: EnquiryReply; init: ResponseInit | null };
  return { status: r.init?.status ?? 200, body: r.data };
}

const load = (reg: string) =>
  quoteLoader({
    request: new Request(`http://localhost:9999/enquiries/quote/${reg}`),
    params: { registrationNumber: reg },
    context: context("10.26.2.250"),
  } as never);

async function stored() {
  return { quotes: await countRows(t.db, "quote_requests"), outbox: await countRows(t.db, "email_outbox") };
}

beforeAll(async () => {
  t = await createTestDatabase();
  for (const reg of Object.values(REG)) await insertPremiumListing(t.db, reg, { services: ["Skip Hire"] });
  const set = (reg: string, values: { expiry_date: string; on_register?: boolean }) =>
    t.db.updateTable("directory_entries").set(values).where("registration_number", "=", reg).execute();
  await set(REG.expired, { expiry_date: ukDay(-3) });
  await set(REG.expiring, { expiry_date: ukDay(10) });
  await set(REG.revoked, { expiry_date: ukDay(300), on_register: false });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

describe("the quote route and a carrier's registration", () => {
  it("expired: a request posted anyway is refused (409) with the reason, nothing stored and no outbox row", async () => {
    const before = await stored();
    const r = await post(REG.expired, "Hana Householder");
    expect(r.status).toBe(409);
    expect(r.body.status).toBe("error");
    expect(r.body.formError).toBe(`Expired Registration since ${expectedDate(-3)}: ${EXPIRED_TEXT}`);
    expect(r.body.toast).toMatchObject({
      title: `Expired Registration since ${expectedDate(-3)}`,
      description: EXPIRED_TEXT,
      variant: "destructive",
    });
    expect(r.body).not.toHaveProperty("sent");
    expect(await stored()).toEqual(before);
  });

  it("expired: the quote page (no JavaScript) says why instead of offering the form", async () => {
    const d = await load(REG.expired);
    expect(d.closed).toMatchObject({
      title: `Expired Registration since ${expectedDate(-3)}`,
      description: EXPIRED_TEXT,
    });
  });

  it("expiring soon: the request is taken and sent", async () => {
    expect((await load(REG.expiring)).closed).toBeNull();
    const before = await stored();
    const r = await post(REG.expiring, "Sam Soon");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "sent", sent: { businessName: `Business ${REG.expiring}` } });
    const after = await stored();
    expect(after.quotes).toBe(before.quotes + 1);
    expect(after.outbox).toBeGreaterThan(before.outbox);
  });

  it("revoked (off the register): not found, nothing stored", async () => {
    const before = await stored();
    const r = await post(REG.revoked, "Rory Revoked");
    expect(r.status).toBe(404);
    expect(r.body.status).toBe("error");
    expect(await stored()).toEqual(before);
    await expect(load(REG.revoked)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("the cards' and the profile's Request Quote", () => {
  it("is not offered for an expired carrier, which is told why instead; an expiring one is offered it", async () => {
    const expired = (await getProvider(t.db, REG.expired))!;
    expect(offersQuotes(expired)).toBe(false);
    expect(quotesClosed(expired)).toMatchObject({
      description: EXPIRED_TEXT,
      short: "Registration expired: no quote requests",
    });
    const expiring = (await getProvider(t.db, REG.expiring))!;
    expect(offersQuotes(expiring)).toBe(true);
    expect(quotesClosed(expiring)).toBeNull();
    // A standard listing has no quote form whatever its registration: nothing to explain.
    expect(quotesClosed({ ...expired, is_premium: false })).toBeNull();
  });
});

/** The UK long date `days` from today, as the banner writes it ("12 March 2026"). */
function expectedDate(days: number): string {
  const [y, m, d] = ukDay(days).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
