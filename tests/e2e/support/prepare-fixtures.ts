/**
 * Prepares a data directory for an extra server (support/extra-server.ts) with only the fixture
 * modules named: `node --import tsx tests/e2e/support/prepare-fixtures.ts DIR 15-register-data.ts`.
 * The same steps as prepare.ts (migrate, then each module's `load(db, dataDir)`), before the
 * server opens the folder (PGlite is single-process).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, type Database } from "../../../app/platform/db/database.server";
import { migrate } from "../../../app/platform/db/migrate.server";

const [dir, ...modules] = process.argv.slice(2);
if (!dir || !modules.length) throw new Error("usage: prepare-fixtures.ts DATA_DIR NN-fixture.ts...");
const dataDir = path.resolve(dir);
fs.mkdirSync(dataDir, { recursive: true });
const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
try {
  await migrate(handle.pool);
  const fixturesDir = path.resolve(import.meta.dirname, "../../fixtures");
  for (const file of modules) {
    const mod = (await import(pathToFileURL(path.join(fixturesDir, file)).href)) as {
      load: (db: Database, dataDir: string) => Promise<void>;
    };
    await mod.load(handle.db, dataDir);
  }
} finally {
  await handle.close();
}
