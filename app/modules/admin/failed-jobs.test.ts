/**
 * Decision 0264: the admin dashboard's failed-jobs card never shows a register source's secrets,
 * also for an error stored before the sync masked them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getFailedJobs } from "./get-dashboard.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

it("masks the user, password and query values of a URL in a stored error", async () => {
  const now = new Date();
  await t.db
    .insertInto("jobs")
    .values({
      type: "register-sync",
      payload: JSON.stringify({}),
      status: "failed",
      run_at: now,
      created_at: now,
      finished_at: now,
      last_error:
        "Request cannot be constructed from a URL that includes credentials: https://ea-user:s3cret-pass@register.example.test/export.zip?key=tok3n-value",
    })
    .execute();
  const { items } = await getFailedJobs(t.db, now);
  expect(items).toHaveLength(1);
  expect(items[0]!.error).toContain("register.example.test/export.zip");
  for (const secret of ["ea-user", "s3cret-pass", "tok3n-value"])
    expect(items[0]!.error).not.toContain(secret);
});
