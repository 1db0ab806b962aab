/**
 * npm run create-admin -- --email you@example.com
 * Makes the e-mail an administrator (creating the account if needed) and prints a one-time link,
 * valid for 7 days, to set its password. Uses DATABASE_URL, or the embedded PGlite in DATA_DIR/db
 * (which only one process may open: stop the server first).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createAdmin } from "../app/modules/accounts/create-admin.server";
import { DatabaseInUseError, openDatabase } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { ConfigError, loadConfig, loadDotEnv } from "../app/platform/env.server";

const USAGE = "Usage: npm run create-admin -- --email <address>";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, help: { type: "boolean", default: false } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DatabaseInUseError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
