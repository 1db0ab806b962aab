/**
 * npm run restore -- --from FILE
 * Restores a backup made by `npm run backup` into DATA_DIR (decision 0011). Stop the server and
 * move DATA_DIR's db folder away first: a restore never overwrites a database.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "../app/platform/backup.server";
import { pgliteHolder } from "../app/platform/db/database.server";
import { ConfigError, loadConfig, loadDotEnv } from "../app/platform/env.server";

const USAGE = "Usage: npm run restore -- --from <file.tar>";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { from: { type: "string" }, help: { type: "boolean", default: false } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help || !values.from) {
    console[values.help ? "log" : "error"](USAGE);
    return values.help ? 0 : 2;
  }
  loadDotEnv();
  const config = loadConfig();
  if (!config.embedded) {
    console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/deploy.md).");
    return 2;
  }
  const dbDir = path.join(config.dataDir, "db");
  const server = pgliteHolder(dbDir);
  if (server) {
    console.error(`The server (pid ${server}) is running on this DATA_DIR: stop it before restoring.`);
    return 1;
  }
  const manifest = await restoreBackup(path.resolve(values.from), config.dataDir);
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${rows.toLocaleString("en-GB")} rows. Start the server to use it.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
