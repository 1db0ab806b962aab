/**
 * Decision 0263, on a real database: two administrators removing each other at the same moment.
 * The list is locked, so the removals run one after the other; the second is decided on the list
 * as the first left it, in which its actor is no longer an administrator: it removes nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { AdminEmailError, listAdminEmails, removeAdminEmail } from "./admin-emails.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const emails = async () => (await listAdminEmails(t.db)).map((a) => a.email);

describe("removing administrators", () => {
  it("an administrator removed meanwhile removes nobody (a stale page)", async () => {
    const ann = await insertAdmin(t.db, { email: "race-ann@example.test" });
    const bob = await insertAdmin(t.db, { email: "race-bob@example.test" });
    const cat = await insertAdmin(t.db, { email: "race-cat@example.test" });
    await removeAdminEmail(t.db, bob.email, ann);
    // Bob's settings page still shows the list: his click is refused, Cat stays.
    const refused = removeAdminEmail(t.db, cat.email, bob);
    await expect(refused).rejects.toBeInstanceOf(AdminEmailError);
    await expect(refused).rejects.toThrow("You are no longer an administrator");
    expect(await emails()).toEqual([ann.email, cat.email]);
    // Ann, still an administrator, can.
    await removeAdminEmail(t.db, "race-cat@example.test", ann);
    expect(await emails()).toEqual([ann.email]);
    await t.db.deleteFrom("admin_emails").execute();
  });

  it("two administrators removing each other at once: one removal happens, the other is refused", async () => {
    const ann = await insertAdmin(t.db, { email: "both-ann@example.test" });
    const bob = await insertAdmin(t.db, { email: "both-bob@example.test" });
    const cat = await insertAdmin(t.db, { email: "both-cat@example.test" });
    const [annRemovesBob, bobRemovesAnn] = await Promise.allSettled([
      removeAdminEmail(t.db, bob.email, ann),
      removeAdminEmail(t.db, ann.email, bob),
    ]);
    const outcomes = [annRemovesBob, bobRemovesAnn].map((r) => r.status);
    expect([...outcomes].sort()).toEqual(["fulfilled", "rejected"]);
    const refused = [annRemovesBob, bobRemovesAnn].find(
      (r) => r.status === "rejected",
    ) as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AdminEmailError);
    expect((refused.reason as Error).message).toBe("You are no longer an administrator");
    const left = await emails();
    expect(left).toHaveLength(2);
    expect(left).toContain(cat.email);
    expect(left).toContain(annRemovesBob.status === "fulfilled" ? ann.email : bob.email);
    const removals = await t.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("action", "=", "admin_email.removed")
      .where("entity_id", "in", [ann.email, bob.email])
      .execute();
    expect(removals).toHaveLength(1);
  });
});
