/**
 * Prepares a fresh data directory for the e2e server, before it starts: migrates the embedded
 * database and loads every fixture module in tests/fixtures (each exports `load(db)`).
 * PGlite is single-process, so this runs before the server opens the folder.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, type Database } from "../../../app/platform/db/database.server";
import { migrate } from "../../../app/platform/db/migrate.server";

const dataDir = path.resolve(process.argv[2] ?? "./data-e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
try {
  await migrate(handle.pool);
  const fixturesDir = path.resolve(import.meta.dirname, "../../fixtures");
  const modules = fs
    .readdirSync(fixturesDir)
    .filter((f) => /^\d\d-.*\.ts$/.test(f))
    .sort();
  for (const file of modules) {
    const mod = (await import(pathToFileURL(path.join(fixturesDir, file)).href)) as {
      load: (db: Database, dataDir: string) => Promise<void>;
    };
    await mod.load(handle.db, dataDir);
  }
  console.log(`e2e data prepared in ${dataDir} (${modules.length} fixture modules)`);
} finally {
  await handle.close();
}
