/**
 * npm run delete-account -- --email someone@example.com
 * Deletes the account of that address when its owner asks us to delete their data (decision
 * 0271): its claims that were never approved (with their licence documents), its unverified
 * listing (with its draft and logo), its sessions and links. An approved listing it owned stays
 * published without an owner. An administrator's account is refused. Uses DATABASE_URL, or the
 * embedded PGlite in DATA_DIR/db (which only one process may open: stop the server first), and the
 * configured storage.
 */
import path from "node:path";
import { deleteAccount } from "../app/modules/accounts/delete-account.server";
import { DatabaseInUseError, openDatabase } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { ConfigError } from "../app/platform/env.server";
import { createStorage } from "../app/platform/storage/create-storage.server";
import { commandSettings, runCommand } from "./cli";

const USAGE = "Usage: npm run delete-account -- --email <address>";

async function main(): Promise<number> {
  const settings = commandSettings(USAGE, { email: { type: "string" } }, ["email"]);
  if ("exitCode" in settings) return settings.exitCode;
  const { values, config } = settings;
  const storage = createStorage(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: 2,
  });
  try {
    await migrate(database.pool);
    const log = { warn: (details: object, message: string) => console.error(message, details) };
    const r = await deleteAccount(database.db, { storage, log }, { email: values.email });
    if (r.status === "not-found") {
      console.error(`No account has the address ${values.email}.`);
      return 1;
    }
    if (r.status === "administrator") {
      console.error("That address is an administrator's: remove it from Admin > Settings first.");
      return 1;
    }
    console.log(`The account of ${values.email} is deleted.`);
    for (const c of r.claims) console.log(`  ${c.status} claim for ${c.registrationNumber} deleted`);
    for (const n of r.listingsRemoved) console.log(`  unverified listing ${n} deleted`);
    for (const n of r.listingsWithoutOwner)
      console.log(
        `  approved listing ${n} stays published without an owner (change its owner or suspend it)`,
      );
    console.log(
      `  files deleted: ${r.files.removed}${r.files.failed ? `, not deleted: ${r.files.failed}` : ""}`,
    );
    return r.files.failed ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCommand(main, { expected: [DatabaseInUseError, ConfigError], failure: "Could not delete the account" });
