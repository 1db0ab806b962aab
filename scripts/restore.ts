/**
 * npm run restore -- --from FILE
 * Restores a backup made by `npm run backup` into DATA_DIR (decision 0011). Stop the server and
 * move DATA_DIR's db folder away first: a restore never overwrites a database.
 */
import path from "node:path";
import { BackupError, restoreBackup } from "../app/platform/backup.server";
import { pgliteHolder } from "../app/platform/db/database.server";
import { ConfigError } from "../app/platform/env.server";
import { commandSettings, runCommand } from "./cli";

const USAGE = "Usage: npm run restore -- --from <file.tar>";

async function main(): Promise<number> {
  const settings = commandSettings(USAGE, { from: { type: "string" } }, ["from"]);
  if ("exitCode" in settings) return settings.exitCode;
  const { values, config } = settings;
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

runCommand(main, { expected: [ConfigError, BackupError] });
