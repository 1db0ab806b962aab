/**
 * First run of the embedded demo: when the directory is empty, generate a sample register into
 * DATA_DIR/sample-register.csv and import it. A second start finds the data and does nothing.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import { runRegisterSync, type SyncSummary } from "./run-register-sync.server";
import { DEFAULT_SAMPLE_SEED } from "./sample-register";
import { writeSampleRegister } from "./write-sample-register.server";

export async function seedSampleRegister(
  db: Database,
  options: { dataDir: string; rows: number; log: Pick<Logger, "info" | "warn" | "error"> },
): Promise<SyncSummary | null> {
  const any = await db
    .selectFrom("directory_entries")
    .select("registration_number")
    .limit(1)
    .executeTakeFirst();
  if (any || options.rows <= 0) return null;
  const file = path.join(options.dataDir, "sample-register.csv");
  if (!fs.existsSync(file)) {
    await writeSampleRegister(file, { rows: options.rows, seed: DEFAULT_SAMPLE_SEED });
    options.log.info({ file, rows: options.rows }, "generated a sample register for the demo");
  }
  // The whole (sample) register into an empty directory: a full source, so profiles date their data
  // by it (decision 0280); with nothing stored there is nothing to remove.
  const summary = await runRegisterSync(db, { source: file, trigger: "seed", removeMissing: true });
  options.log.info(
    { file, added: summary.added, rejected: summary.rejected, ms: summary.durationMs },
    `imported ${summary.added} sample registrations into the empty directory`,
  );
  return summary;
}
