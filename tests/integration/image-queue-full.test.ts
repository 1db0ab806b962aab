/**
 * Decision 0255, through the routes: while the image queue is full, the lead and quote forms
 * answer at once with the clear message under the photo, keep what was typed, store and send
 * nothing, and do not count the attempt against the address's limit; once the queue has room
 * the same request goes through. A link preview card not drawn yet answers 503 and is drawn later.
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { dateChoices } from "~/modules/leads/constants";
import { formLimitKey } from "~/modules/leads/rate-limits";
import { file, log, PNG, tempStorage } from "~/modules/leads/test-support/enquiry-fixtures";
import type { Config } from "~/platform/env.server";
import { IMAGE_MAX_WAITING, IMAGE_PARALLEL, imageQueue } from "~/platform/images/image-queue.server";
import { peek } from "~/platform/rate-limit.server";
import { action as leadAction } from "~/routes/enquiries/lead";
import { action as quoteAction } from "~/routes/enquiries/quote";
import { loader as socialCardLoader } from "~/routes/public/social-card";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const BUSY = "We're handling a lot of photos right now. Please try again in a minute.";
const REG = "CBDU725501";
let t: TestDatabase;
const disk = tempStorage();
const config = {
  dataDir: path.join(os.tmpdir(), "image-queue-full-test"),
  publicUrl: "http://localhost:9999",
  isProduction: false,
} as Config;

function context(clientIp: string) {
  return routeContext({
    config,
    db: t.db,
    storage: disk.storage,
    log,
    clientIp,
  });
}

function post(url: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("photo", file(PNG, "skip.png", "image/png"));
  return new Request(`http://localhost:9999${url}`, { method: "POST", body });
}

const leadFields = () => ({
  description: "Old sofa and two chairs",
  preferredDate: dateChoices(new Date())[2]!,
  name: "Ann Visitor",
  email: "ann@example.test",
  postcode: "M1 1AE",
});
const quoteFields = () => ({ name: "Bob Visitor", email: "bob@example.test", message: "Two fridges" });

/** The status and reply of an action's `data(...)` answer. */
function reply(answer: unknown) {
  const r = answer as { data: EnquiryReply; init: ResponseInit | null };
  return { status: r.init?.status ?? 200, headers: new Headers(r.init?.headers), body: r.data };
}

async function stored() {
  return {
    leads: await countRows(t.db, "general_leads"),
    quotes: await countRows(t.db, "quote_requests"),
    outbox: await countRows(t.db, "email_outbox"),
    files: fs.readdirSync(disk.dir, { recursive: true }).length,
  };
}

/** Fills every running slot and waiting place of the image queue until `release` is called. */
function fillImageQueue() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: IMAGE_PARALLEL + IMAGE_MAX_WAITING }, () =>
    imageQueue.run(() => released),
  );
  expect(imageQueue.waiting).toBe(IMAGE_MAX_WAITING);
  return async () => {
    release();
    await Promise.all(held);
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, REG, { email: "owner@example.test", services: ["Skip Hire"] });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

describe("a full image queue on the visitor forms", () => {
  it("the lead form says so under the photo, keeps what was typed, and stores nothing", async () => {
    const before = await stored();
    const ip = "10.77.0.1";
    const release = fillImageQueue();
    const busy = reply(
      await leadAction({ request: post("/enquiries/lead", leadFields()), context: context(ip) } as never),
    );
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("60");
    expect(busy.body).toMatchObject({ status: "error", photoError: BUSY });
    expect(busy.body.result?.initialValue).toMatchObject({
      description: "Old sofa and two chairs",
      name: "Ann Visitor",
      email: "ann@example.test",
      postcode: "M1 1AE",
    });
    expect(await stored()).toEqual(before);
    expect(await peek(t.db, formLimitKey("lead", ip))).toBe(0);
    await release();

    const sent = reply(
      await leadAction({ request: post("/enquiries/lead", leadFields()), context: context(ip) } as never),
    );
    expect(sent.body.status).toBe("sent");
    const after = await stored();
    expect(after.leads).toBe(before.leads + 1);
    expect(after.files).toBeGreaterThan(before.files); // the photo (and its folder)
  });

  it("the quote form says so as well, and stores and sends nothing", async () => {
    const before = await stored();
    const release = fillImageQueue();
    const busy = reply(
      await quoteAction({
        request: post(`/enquiries/quote/${REG}`, quoteFields()),
        params: { registrationNumber: REG },
        context: context("10.77.0.2"),
      } as never),
    );
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({
      status: "error",
      photoError: BUSY,
      toast: { description: BUSY, variant: "destructive" },
    });
    expect(busy.body.result?.initialValue).toMatchObject({ name: "Bob Visitor", message: "Two fridges" });
    expect(await stored()).toEqual(before);
    await release();

    const sent = reply(
      await quoteAction({
        request: post(`/enquiries/quote/${REG}`, quoteFields()),
        params: { registrationNumber: REG },
        context: context("10.77.0.2"),
      } as never),
    );
    expect(sent.body.status).toBe("sent");
    expect(await stored()).toMatchObject({ quotes: before.quotes + 1 });
  });
});

describe("a full image queue on the link preview cards", () => {
  it("a card not drawn yet answers 503 to try again, keeps nothing, and is drawn once the queue has room", async () => {
    const get = () =>
      socialCardLoader({
        request: new Request(`http://localhost:9999/og/provider/${REG}.png`),
        params: { kind: "provider", file: `${REG}.png` },
        context: context("10.77.0.3"),
      } as never) as Promise<Response>;
    const release = fillImageQueue();
    const busy = await get();
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("60");
    expect(busy.headers.get("Cache-Control")).toBe("no-store");
    await release();

    const drawn = await get();
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
    expect((await drawn.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
