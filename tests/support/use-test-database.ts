/**
 * The hooks of a test file that needs one database for all its tests: opened before them,
 * destroyed after them (then `cleanup` runs, e.g. to remove a temporary folder).
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** Registers the hooks; call once at the top level of a test file. `opened` receives the database. */
export function useTestDatabase(opened: (t: TestDatabase) => void, cleanup?: () => void): void {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    opened(t);
  });
  afterAll(async () => {
    await t?.destroy();
    cleanup?.();
  });
}
