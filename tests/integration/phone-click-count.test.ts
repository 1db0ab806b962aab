/**
 * Decision 0265: the profile's phone link (/provider/:reg/call) always sends the visitor on to
 * the number, but counts a 'phone_click' only for a person, not when another site embeds the link,
 * and once per client address per listing per hour.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { ProviderEventRecorder } from "~/modules/analytics/record-event.server";
import { loader } from "~/routes/public/provider-call";
import { routeContext } from "#tests/support/route-context";
import { insertPremiumListing } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const REG = "CBDU880001";
const OTHER = "CBDU880002";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let t: TestDatabase;
let events: ProviderEventRecorder;

beforeAll(async () => {
  t = await createTestDatabase();
  events = new ProviderEventRecorder(t.db, { maxDelayMs: 60_000 });
  await insertPremiumListing(t.db, REG, { phone: "0161 496 0000" });
  await insertPremiumListing(t.db, OTHER, { phone: "0161 496 0001" });
});
afterAll(async () => {
  await t?.destroy();
});

async function click(reg: string, clientIp: string, headers: Record<string, string> = {}) {
  const context = routeContext({ db: t.db, events, clientIp });
  const request = new Request(`http://localhost/provider/${reg}/call`, {
    headers: { "user-agent": BROWSER, ...headers },
  });
  const answer = (await loader({
    request,
    params: { registrationNumber: reg },
    context,
  } as never)) as Response;
  return answer.headers.get("location");
}

async function clicks(reg: string) {
  await events.flush();
  const row = await t.db
    .selectFrom("provider_analytics")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("provider_id", "=", reg)
    .where("action_type", "=", "phone_click")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

it("counts a person's click once per address per listing per hour, and always gives the number", async () => {
  for (let i = 0; i < 5; i++) expect(await click(REG, "198.51.100.1")).toBe("tel:01614960000");
  expect(await clicks(REG)).toBe(1);
  expect(await click(REG, "198.51.100.2", { "sec-fetch-site": "same-origin" })).toBe("tel:01614960000");
  expect(await clicks(REG)).toBe(2);
  // The same address calling another carrier is another click.
  expect(await click(OTHER, "198.51.100.1")).toBe("tel:01614960001");
  expect(await clicks(OTHER)).toBe(1);
});

it("does not count a crawler, or another site embedding the link, but still sends them on", async () => {
  const before = await clicks(REG);
  expect(
    await click(REG, "198.51.100.3", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
  ).toBe("tel:01614960000");
  expect(
    await click(REG, "198.51.100.4", { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image" }),
  ).toBe("tel:01614960000");
  expect(await clicks(REG)).toBe(before);
});
