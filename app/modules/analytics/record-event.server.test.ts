import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { recordProviderEvent } from "./record-event.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insertInto("directory_entries").values({ registration_number: "CBDU1", business_name: "X" }).execute();
});
afterAll(async () => {
  await t?.destroy();
});

it("records views and phone clicks, and reports (never throws) a failure", async () => {
  await recordProviderEvent(t.db, "CBDU1", "view");
  await recordProviderEvent(t.db, "CBDU1", "view");
  await recordProviderEvent(t.db, "CBDU1", "phone_click");
  const rows = await t.db
    .selectFrom("provider_analytics")
    .select(["action_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where("provider_id", "=", "CBDU1")
    .groupBy("action_type")
    .orderBy("action_type")
    .execute();
  expect(rows.map((r) => [r.action_type, Number(r.n)])).toEqual([["phone_click", 1], ["view", 2]]);
  const errors: unknown[] = [];
  await recordProviderEvent(t.db, "NO-SUCH", "view", (e) => errors.push(e));
  expect(errors).toHaveLength(1);
});
