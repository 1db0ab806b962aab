/**
 * The hooks of a test file that needs one database for all its tests: opened before them,
 * destroyed after them (then `cleanup` runs, e.g. to remove a temporary folder).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

/**
 * A database and a new temporary folder (named from `prefix`) for all the tests of a file: both
 * made before them, both removed after them. `opened` receives them.
 */
export function useTestDatabaseAndFolder(
  prefix: string,
  opened: (t: TestDatabase, folder: string) => void,
): void {
  let folder = "";
  useTestDatabase(
    (t) => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      opened(t, folder);
    },
    () => fs.rmSync(folder, { recursive: true, force: true }),
  );
}
