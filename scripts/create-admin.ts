/**
 * npm run create-admin -- --email you@example.com
 * Makes the e-mail an administrator (creating the account if needed) and prints a one-time link,
 * valid for 7 days, to set its password. Uses DATABASE_URL, or the embedded PGlite in DATA_DIR/db
 * (which only one process may open: stop the server first).
 */
import path from "node:path";
import { createAdmin } from "../app/modules/accounts/create-admin.server";
import { DatabaseInUseError, openDatabase } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { ConfigError } from "../app/platform/env.server";
import { commandSettings, runCommand } from "./cli";

const USAGE = "Usage: npm run create-admin -- --email <address>";

async function main(): Promise<number> {
  const settings = commandSettings(USAGE, { email: { type: "string" } }, ["email"]);
  if ("exitCode" in settings) return settings.exitCode;
  const { values, config } = settings;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: 2,
  });
  try {
    await migrate(database.pool);
    const admin = await createAdmin(database.db, config, { email: values.email });
    console.log(
      admin.wasAdmin
        ? `${admin.email} was already an administrator.`
        : `${admin.email} is now an administrator.`,
    );
    console.log(`Set the password with this one-time link (valid until ${admin.expiresAt.toISOString()}):`);
    console.log(`  ${admin.url}`);
    if (admin.hadPassword)
      console.log("(The account already has a password; it keeps working until the link is used.)");
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, { expected: [DatabaseInUseError, ConfigError], failure: "Could not add the administrator" });
