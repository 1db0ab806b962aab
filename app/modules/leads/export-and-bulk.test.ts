/**
 * The leads' CSV export and bulk delete (decision 0806), on both databases: the list's search
 * honoured, formula cells neutralised, rows read in batches as they are written; several leads
 * deleted with an audit entry each, unknown ids ignored.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { csvLine } from "~/platform/csv";
import type { TestDatabase } from "../../../tests/support/test-database";
import { useTestDatabase } from "#tests/support/use-test-database";
import { deleteLeads } from "./delete-leads.server";
import { exportLeads } from "./export-leads.server";
import { log, tempStorage } from "./test-support/enquiry-fixtures";

let t: TestDatabase;
const disk = tempStorage();
useTestDatabase((opened) => (t = opened), disk.cleanup);
beforeEach(async () => {
  await t.db.deleteFrom("audit_log").execute();
  await t.db.deleteFrom("general_leads").execute();
});

async function insertLeads(rows: Array<{ name: string; description?: string; hour: number }>) {
  return t.db
    .insertInto("general_leads")
    .values(
      rows.map((r) => ({
        name: r.name,
        email: `${r.name.toLowerCase().replace(/\W/g, "")}@example.test`,
        postcode: "LS1 4AP",
        load_size: "small" as const,
        description: r.description ?? "Old sofa",
        preferred_date: "2026-12-01",
        // Sub-millisecond times: the batches' cursor must keep the database's precision.
        created_at: new Date(Date.UTC(2026, 10, 20, r.hour, 0, 0, 1)),
      })),
    )
    .returning(["id", "name"])
    .execute();
}

/** The whole export as lines (header first), and the sizes of the batches it was read in. */
async function readAll(csv: ReturnType<typeof exportLeads>) {
  const lines = [csvLine(csv.columns)];
  const sizes: number[] = [];
  for await (const batch of csv.batches) {
    sizes.push(batch.length);
    lines.push(...batch.map(csvLine));
  }
  return { text: lines.join(""), sizes };
}

describe("leads CSV export", () => {
  it("writes the leads the search finds, newest first, in UK dates, with formulas neutralised", async () => {
    await insertLeads([
      { name: "Ann Sofa", hour: 9 },
      { name: '=HYPERLINK("http://evil")', description: "+44 sofa to collect", hour: 10 },
      { name: "Bob Fridge", description: "A fridge, please", hour: 11 },
      { name: "@Cat Sofa", description: "-1 sofa\ttoday", hour: 12 },
    ]);
    const { text } = await readAll(exportLeads(t.db, { q: "sofa" }));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Submitted,Name,Email,Phone,Postcode,Load size,Preferred date,Preferred time,Status,Description,Image attached",
    );
    // Bob's fridge does not match "sofa"; the others do (name or description), newest first.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^20\/11\/2026 12:00,'@Cat Sofa,catsofa@example\.test,,LS1 4AP,Car Load,01\/12\/2026,asap,new,'-1 sofa\ttoday,No$/,
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain(",'+44 sofa to collect,");
    expect(lines[3]).toMatch(/^20\/11\/2026 09:00,Ann Sofa,/);
    expect(text).not.toContain("Bob Fridge");
  });

  it("reads the rows in keyset batches, the next only when the last has been taken", async () => {
    await insertLeads([1, 2, 3, 4, 5].map((hour) => ({ name: `Lead ${hour}`, hour })));
    const csv = exportLeads(t.db, {}, { batchSize: 2 });
    const iterator = csv.batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect((first.value as string[][]).map((cells) => cells[1])).toEqual(["Lead 5", "Lead 4"]);
    // A lead older than every row read so far, added after the first batch was taken: a later
    // batch finds it, so the rest had not been read yet.
    await insertLeads([{ name: "Lead 0", hour: 0 }]);
    const rest: string[] = [];
    const sizes: number[] = [];
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
      sizes.push(step.value.length);
      rest.push(...step.value.map((cells) => cells[1]!));
    }
    expect(rest).toEqual(["Lead 3", "Lead 2", "Lead 1", "Lead 0"]);
    expect(sizes).toEqual([2, 2]);
  });

  it("keeps every row exactly once across batches when leads share a created_at", async () => {
    const at = new Date("2026-11-20T08:00:00.000Z");
    await t.db
      .insertInto("general_leads")
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          name: `Same ${i}`,
          email: `same${i}@example.test`,
          postcode: "LS1",
          description: "x",
          created_at: at,
        })),
      )
      .execute();
    const { text, sizes } = await readAll(exportLeads(t.db, {}, { batchSize: 3 }));
    expect(sizes).toEqual([3, 3, 1]);
    const names = text.match(/Same \d/g) ?? [];
    expect(new Set(names).size).toBe(7);
    expect(names).toHaveLength(7);
  });
});

describe("bulk delete of leads", () => {
  it("deletes the chosen leads with one audit entry each and ignores ids that are not leads", async () => {
    const admin = await insertUser(t.db);
    const leads = await insertLeads([1, 2, 3].map((hour) => ({ name: `Bulk ${hour}`, hour })));
    const chosen = [leads[0]!.id, leads[2]!.id];
    const r = await deleteLeads(
      { db: t.db, storage: disk.storage, log },
      { ids: [...chosen, "00000000-0000-4000-8000-000000000000"], adminId: admin.id },
    );
    expect(r.deleted).toBe(2);
    expect(await countRows(t.db, "general_leads")).toBe(1);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "entity", "entity_id", "actor_user_id"])
      .orderBy("entity_id")
      .execute();
    expect(audit).toEqual(
      [...chosen].sort().map((id) => ({
        action: "lead.deleted",
        entity: "general_lead",
        entity_id: id,
        actor_user_id: admin.id,
      })),
    );
  });
});
