/**
 * npm run backup -- --out FILE
 * Writes a backup of the embedded database and the local uploads (decision 0011). With the server
 * stopped, this command opens the database itself; while the server runs, it asks the server to
 * write the file (the embedded database allows one process). PostgreSQL: use pg_dump
 * (docs/deploy.md).
 */
import path from "node:path";
import {
  BackupError,
  requestBackupFromServer,
  writeBackup,
  type BackupManifest,
} from "../app/platform/backup.server";
import { openDatabase, pgliteHolder } from "../app/platform/db/database.server";
import { ConfigError } from "../app/platform/env.server";
import { commandSettings, runCommand } from "./cli";

const USAGE = "Usage: npm run backup -- --out <file.tar>";

async function main(): Promise<number> {
  const settings = commandSettings(USAGE, { out: { type: "string" } }, ["out"]);
  if ("exitCode" in settings) return settings.exitCode;
  const { values, config } = settings;
  if (!config.embedded) {
    console.error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/deploy.md), and the uploads with your storage.",
    );
    return 2;
  }
  const out = path.resolve(values.out);
  const dbDir = path.join(config.dataDir, "db");
  let manifest: BackupManifest;
  const server = pgliteHolder(dbDir);
  if (server) {
    console.error(`The server (pid ${server}) has the database open: asking it to write the backup...`);
    manifest = await requestBackupFromServer(server, config.dataDir, out);
  } else {
    const handle = await openDatabase({ pgliteDir: dbDir });
    try {
      manifest = await writeBackup(out, {
        handle,
        dataDir: config.dataDir,
        storageDriver: config.STORAGE_DRIVER,
      });
    } finally {
      await handle.close();
    }
  }
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${out}: ${rows.toLocaleString("en-GB")} rows in ${Object.keys(manifest.counts).length} tables, uploads ${manifest.uploads === "included" ? "included" : "in S3 (back up the bucket)"}.`,
  );
  return 0;
}

runCommand(main, { expected: [ConfigError, BackupError] });
