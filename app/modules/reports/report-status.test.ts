/**
 * Decision 0263, on a real database: resolving (or reopening) a carrier report changes it only
 * when its status differs. A second click from a stale tab, or two admins at once, keeps the
 * first resolution's time and writes one audit row; the second answer is "already".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { setReportStatus } from "./list-reports.server";

let t: TestDatabase;
let admins: { id: string }[];
const FIRST = new Date("2030-03-01T09:00:00Z");
const LATER = new Date("2030-03-01T09:05:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  admins = [await insertAdmin(t.db), await insertAdmin(t.db)];
});
afterAll(() => t.destroy());

async function report() {
  const entry = await insertRegisterEntry(t.db);
  const row = await t.db
    .insertInto("carrier_reports")
    .values({
      registration_number: entry.registration_number,
      reason: "Fly-tipping or illegal dumping",
      details: "Rubble in a lay-by.",
      reporter_email: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const stateOf = (id: string) =>
  t.db
    .selectFrom("carrier_reports")
    .select(["status", "resolved_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const auditOf = async (id: string) =>
  (
    await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", id).orderBy("id").execute()
  ).map((r) => r.action);

describe("resolving and reopening a report", () => {
  it("a second resolve (a stale tab) keeps the first time and adds no audit row", async () => {
    const id = await report();
    expect(await setReportStatus(t.db, id, "resolved", admins[0]!.id, FIRST)).toBe("done");
    expect(await setReportStatus(t.db, id, "resolved", admins[1]!.id, LATER)).toBe("already");
    expect(await stateOf(id)).toEqual({ status: "resolved", resolved_at: FIRST });
    expect(await auditOf(id)).toEqual(["carrier_report.resolved"]);

    // Reopening works once too; then resolving again is a change again.
    expect(await setReportStatus(t.db, id, "open", admins[0]!.id, LATER)).toBe("done");
    expect(await setReportStatus(t.db, id, "open", admins[1]!.id, LATER)).toBe("already");
    expect(await stateOf(id)).toEqual({ status: "open", resolved_at: null });
    expect(await setReportStatus(t.db, id, "resolved", admins[1]!.id, LATER)).toBe("done");
    expect(await auditOf(id)).toEqual([
      "carrier_report.resolved",
      "carrier_report.open",
      "carrier_report.resolved",
    ]);
  });

  it("a dismissed report counts as resolved: resolving it again changes nothing", async () => {
    const id = await report();
    await t.db
      .updateTable("carrier_reports")
      .set({ status: "dismissed", resolved_at: FIRST })
      .where("id", "=", id)
      .execute();
    expect(await setReportStatus(t.db, id, "resolved", admins[0]!.id, LATER)).toBe("already");
    expect(await stateOf(id)).toEqual({ status: "dismissed", resolved_at: FIRST });
    expect(await auditOf(id)).toEqual([]);
  });

  it("two admins resolving at once: one resolves it, the other is told it already was", async () => {
    const id = await report();
    const answers = await Promise.all([
      setReportStatus(t.db, id, "resolved", admins[0]!.id, FIRST),
      setReportStatus(t.db, id, "resolved", admins[1]!.id, LATER),
    ]);
    expect([...answers].sort()).toEqual(["already", "done"]);
    expect(await auditOf(id)).toEqual(["carrier_report.resolved"]);
    const { resolved_at } = await stateOf(id);
    expect(resolved_at).toEqual(answers[0] === "done" ? FIRST : LATER);
  });

  it("an unknown report is not found", async () => {
    expect(
      await setReportStatus(t.db, "00000000-0000-4000-8000-000000000000", "resolved", admins[0]!.id),
    ).toBe("not-found");
    expect(await setReportStatus(t.db, "nope", "open", admins[0]!.id)).toBe("not-found");
  });
});
