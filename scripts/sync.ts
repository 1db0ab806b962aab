/**
 * npm run sync -- --source <path-or-url> [--partial]
 * Imports a register file (CSV, JSON or ZIP; path or URL) into the configured database
 * (DATABASE_URL, or the embedded PGlite in DATA_DIR/db). Migrates first.
 */
import path from "node:path";
import { DatabaseInUseError, openDatabase } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { ConfigError } from "../app/platform/env.server";
import { formatSyncSummary } from "../app/modules/register-sync/format-sync-summary";
import { redactSource } from "../app/modules/register-sync/redact-source";
import { runRegisterSync } from "../app/modules/register-sync/run-register-sync.server";
import { commandSettings, runCommand } from "./cli";

const USAGE = `Usage: npm run sync -- --source <path-or-url> [--partial | --apply-removals] [--quiet]
       npm run sync -- --migrate-only
  --source    register file or URL (EA export CSV, public register CSV/JSON, or a ZIP of one);
              defaults to REGISTER_SOURCE
  --partial   the source is not the whole register: do not mark missing registrations as removed
  --apply-removals  the source is the whole register: mark every missing registration removed, even
              more than 2% of the register (otherwise held for an administrator, decision 0279)
  --quiet     no progress lines
  --migrate-only  create/migrate the database and exit`;

async function main(): Promise<number> {
  const settings = commandSettings(USAGE, {
    source: { type: "string" },
    partial: { type: "boolean", default: false },
    "apply-removals": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    "migrate-only": { type: "boolean", default: false },
  });
  if ("exitCode" in settings) return settings.exitCode;
  const { values, config } = settings;
  const source = values.source ?? config.REGISTER_SOURCE;
  if (!source && !values["migrate-only"]) {
    console.error(`No source given and REGISTER_SOURCE is not set.\n${USAGE}`);
    return 2;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: 4,
  });
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await migrate(database.pool);
    if (values["migrate-only"] || !source) {
      console.log(`${database.describe} is migrated`);
      return 0;
    }
    console.error(`Importing ${redactSource(source)} into ${database.describe}...`);
    let lastPrint = Date.now();
    const summary = await runRegisterSync(database.db, {
      source,
      trigger: "cli",
      removeMissing: !values.partial,
      applyRemovals: values["apply-removals"],
      signal: controller.signal,
      staleAfterMs: config.SYNC_STALE_AFTER_MINUTES * 60_000,
      onProgress: (p) => {
        if (values.quiet || Date.now() - lastPrint < 2_000) return;
        lastPrint = Date.now();
        const pct = p.bytesTotal ? ` (${Math.round((p.bytesRead / p.bytesTotal) * 100)}%)` : "";
        console.error(`  ${p.processed.toLocaleString("en-GB")} rows read${pct}, ${p.rejected} rejected`);
      },
    });
    console.log(formatSyncSummary(summary));
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, { expected: [DatabaseInUseError, ConfigError], failure: "Register sync failed" });
