/**
 * Bench section "import" (order 10): imports the generated register with the sync CLI, as a
 * child process, into a fresh PGlite data dir and (with BENCH_DATABASE_URL) a fresh PostgreSQL
 * database; measures wall time and the child's peak RSS (VmHWM from /proc/<pid>/status).
 * Each import is also compared with a baseline measured in the same run, on the same database:
 * a raw COPY of the same file into a plain table of text columns (decision 0110), so that the
 * ratio holds on a busy machine. Leaves both databases in ctx.targets for the later sections.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  EMBEDDED_MERGE_MEMORY,
  SERVER_MERGE_MEMORY,
} from "../../app/modules/register-sync/merge-staged-rows.server";
import { mapHeader } from "../../app/modules/register-sync/register-fields";
import { copyIn } from "../../app/platform/db/copy-in.server";
import { openDatabase, type OpenOptions } from "../../app/platform/db/database.server";
import { cpuMs, peakRssKb } from "./proc";
import type { BenchContext, BenchRow, BenchSection } from "./types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET_ROWS = 300_000;
const TARGET_SECONDS = { PostgreSQL: 20, PGlite: 40 } as const;
const TARGET_MB = 700;
/** Reading and staging the register may take at most this many times a raw COPY of the file. */
const TARGET_COPY_RATIO = 3;

interface ImportRun {
  seconds: number;
  peakMb: number;
  /** user + system CPU seconds of the importing process (last sample before it exited). */
  cpuSeconds: number;
  output: string;
}

/** The process's CPU ms so far, or 0 once it has gone (sampled while it runs). */
function cpuMsWhileAlive(pid: number): number {
  try {
    return cpuMs(pid);
  } catch {
    return 0;
  }
}

function runSyncCli(
  ctx: BenchContext,
  env: Record<string, string | undefined>,
  args?: string[],
): Promise<ImportRun> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/sync.ts", ...(args ?? ["--source", ctx.registerFile, "--quiet"])],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: "warn", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    let peakKb = 0;
    let cpuMsSeen = 0;
    const timer = setInterval(() => {
      peakKb = Math.max(peakKb, peakRssKb(child.pid!));
      cpuMsSeen = Math.max(cpuMsSeen, cpuMsWhileAlive(child.pid!));
    }, 100);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0)
        reject(
          new Error(`sync exited with code ${code}: ${output.trim().split("\n").slice(-3).join(" | ")}`),
        );
      else resolve({ seconds, peakMb: peakKb / 1024, cpuSeconds: cpuMsSeen / 1000, output });
    });
  });
}

/**
 * The baseline: the register file loaded by COPY's own CSV reader, in one statement, into a new
 * table of plain text columns (one per column of the file), in the database the import goes to;
 * seconds of the COPY alone. The table is dropped afterwards.
 */
async function rawCopySeconds(ctx: BenchContext, database: OpenOptions): Promise<number> {
  const data = fs.readFileSync(ctx.registerFile);
  const header = data.subarray(0, data.indexOf(10)).toString("utf8").split(",");
  const columns = header.map((_, i) => `c${i + 1}`);
  const handle = await openDatabase(database);
  try {
    const table = "bench_raw_copy";
    await handle.pool.query(`DROP TABLE IF EXISTS ${table}`);
    await handle.pool.query(`CREATE TABLE ${table} (${columns.map((c) => `${c} text`).join(", ")})`);
    const started = process.hrtime.bigint();
    const rows = await copyIn(handle.db, { table, columns, data, csv: true });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await handle.pool.query(`DROP TABLE ${table}`);
    if (rows !== ctx.rows) throw new Error(`the raw COPY loaded ${rows} rows, not ${ctx.rows}`);
    return seconds;
  } finally {
    await handle.close();
  }
}

/**
 * The database's own floor for the whole import (decision 0231): the file's rows loaded by COPY's
 * CSV reader into an empty table shaped like directory_entries (its generated search columns
 * computed as the rows go in), then that table's indexes built from directory_entries' own
 * definitions, with the merge's index-build memory. What any importer pays at least for the same
 * rows to be searchable (without the checks, the name words and the places); seconds.
 */
async function floorSeconds(ctx: BenchContext, database: OpenOptions, embedded: boolean): Promise<number> {
  const data = fs.readFileSync(ctx.registerFile);
  const header = data.subarray(0, data.indexOf(10)).toString("utf8").split(",");
  const columns = mapHeader(header).map((field, i) => {
    if (!field) throw new Error(`the register's column ${header[i]} has no directory field`);
    return field;
  });
  const handle = await openDatabase(database);
  const table = "bench_floor";
  try {
    const { pool } = handle;
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.query(`CREATE TABLE ${table} (LIKE directory_entries INCLUDING DEFAULTS INCLUDING GENERATED)`);
    const { rows } = await pool.query<{ def: string }>(
      "SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'directory_entries'::regclass",
    );
    const memory = embedded ? EMBEDDED_MERGE_MEMORY : SERVER_MERGE_MEMORY;
    await pool.query(`SET maintenance_work_mem = '${memory.maintenanceWorkMem}'`);
    const started = process.hrtime.bigint();
    const loaded = await copyIn(handle.db, { table, columns, data, csv: true });
    for (const { def } of rows) {
      await pool.query(
        def.replace(/INDEX (\S+) ON (?:public\.)?directory_entries /, `INDEX $1_floor ON ${table} `),
      );
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (loaded !== ctx.rows) throw new Error(`the floor's COPY loaded ${loaded} rows, not ${ctx.rows}`);
    return seconds;
  } finally {
    await handle.pool.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await handle.close();
  }
}

/** Raw COPY before and after the import (the machine's load drifts): their mean is the baseline. */
interface Baseline {
  before: number;
  after: number;
  /** floorSeconds */
  floor: number;
}

function ratioRows(database: string, run: ImportRun, baseline: Baseline, again: ImportRun): BenchRow[] {
  const copy = (baseline.before + baseline.after) / 2;
  const inner = /success in ([\d.]+) s.*reading ([\d.]+) s, merging ([\d.]+) s/.exec(run.output);
  const reading = inner ? Number(inner[2]) : NaN;
  const steps = /merging [\d.]+ s: ([^)]*)\)/.exec(run.output)?.[1];
  const againInner = /reading ([\d.]+) s, merging ([\d.]+) s/.exec(again.output);
  return [
    {
      section: "import",
      metric: "raw COPY of the file, before / after the import (s)",
      database,
      value: `${baseline.before.toFixed(2)} / ${baseline.after.toFixed(2)}`,
    },
    {
      section: "import",
      metric: "reading + staging, times the raw COPY",
      database,
      value: `${(reading / copy).toFixed(1)}x`,
      target: `<= ${TARGET_COPY_RATIO}x`,
      ok: reading / copy <= TARGET_COPY_RATIO,
    },
    {
      section: "import",
      metric: "whole import (CLI process), times the raw COPY",
      database,
      value: `${(run.seconds / copy).toFixed(1)}x`,
    },
    ...(steps
      ? [{ section: "import", metric: "  merge steps (s)", database, value: steps.replace(/, /g, " ") }]
      : []),
    {
      section: "import",
      metric: "  the database's floor: the rows COPYed into the directory's shape, its indexes built",
      database,
      value: `${baseline.floor.toFixed(1)} s, ${(baseline.floor / copy).toFixed(1)}x the raw COPY`,
    },
    {
      section: "import",
      metric: "whole import (CLI process), times that floor",
      database,
      value: `${(run.seconds / baseline.floor).toFixed(1)}x`,
    },
    {
      section: "import",
      metric: "re-import of the unchanged register (CLI process), times the raw COPY",
      database,
      value: `${(again.seconds / copy).toFixed(1)}x (${again.seconds.toFixed(1)} s${
        againInner ? `: reading ${againInner[1]}, merging ${againInner[2]}` : ""
      })`,
    },
  ];
}

function rowsFor(database: keyof typeof TARGET_SECONDS, ctx: BenchContext, run: ImportRun): BenchRow[] {
  const processed = Number(/processed (\d+)/.exec(run.output)?.[1] ?? ctx.rows);
  const added = Number(/added (\d+)/.exec(run.output)?.[1] ?? 0);
  const targetSeconds = (TARGET_SECONDS[database] * ctx.rows) / TARGET_ROWS;
  const inner = /success in ([\d.]+) s.*reading ([\d.]+) s, merging ([\d.]+) s/.exec(run.output);
  ctx.log(
    `${database}: ${
      run.output
        .trim()
        .split("\n")
        .find((l) => l.includes("success")) ?? ""
    }`,
  );
  return [
    {
      section: "import",
      metric: "rows/s",
      database,
      value: Math.round(processed / run.seconds).toLocaleString("en-GB"),
      target: `>= ${Math.round(TARGET_ROWS / TARGET_SECONDS[database]).toLocaleString("en-GB")}`,
    },
    {
      section: "import",
      metric: `seconds (${processed} rows, ${added} added)`,
      database,
      value: run.seconds.toFixed(1),
      target: `< ${targetSeconds.toFixed(1)}`,
      ok: run.seconds < targetSeconds,
    },
    ...(inner
      ? [
          {
            section: "import",
            metric: "  of which reading / merging (s)",
            database,
            value: `${inner[2]} / ${inner[3]}`,
          },
        ]
      : []),
    // Load-independent: on PGlite all the work is in this process (about the wall time on an
    // idle machine); on PostgreSQL the server's own CPU is not included.
    {
      section: "import",
      metric: "CPU seconds of the importing process",
      database,
      value: run.cpuSeconds.toFixed(1),
    },
    {
      section: "import",
      metric: "peak RSS of the importing process (MB)",
      database,
      value: run.peakMb.toFixed(0),
      target: `< ${TARGET_MB}`,
      ok: run.peakMb > 0 && run.peakMb < TARGET_MB,
    },
  ];
}

const section: BenchSection = {
  name: "import",
  order: 10,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const dataDir = path.join(ctx.workDir, "pglite-data");
    // The database is created and migrated first, as the server's first start does, so that the
    // import is measured alone. initdb itself runs in a child of that process (decision 0108).
    ctx.log(`creating the PGlite database at ${dataDir}...`);
    const created = await runSyncCli(ctx, { DATABASE_URL: "", DATA_DIR: dataDir }, ["--migrate-only"]);
    rows.push({
      section: "import",
      metric: "create + migrate a new database: peak RSS (MB)",
      database: "PGlite",
      value: created.peakMb.toFixed(0),
      target: `< ${TARGET_MB}`,
      ok: created.peakMb > 0 && created.peakMb < TARGET_MB,
    });
    const pgliteDb = { pgliteDir: path.join(dataDir, "db") };
    ctx.log("raw COPY into PGlite (baseline)...");
    const pgliteBefore = await rawCopySeconds(ctx, pgliteDb);
    ctx.log(`importing into PGlite at ${dataDir}...`);
    const pglite = await runSyncCli(ctx, { DATABASE_URL: "", DATA_DIR: dataDir });
    const pgliteAfter = await rawCopySeconds(ctx, pgliteDb);
    ctx.log("the database's floor in PGlite (baseline)...");
    const pgliteFloor = await floorSeconds(ctx, pgliteDb, true);
    ctx.log("importing the same register into PGlite again (nothing changed)...");
    const pgliteAgain = await runSyncCli(ctx, { DATABASE_URL: "", DATA_DIR: dataDir });
    rows.push(...rowsFor("PGlite", ctx, pglite));
    rows.push(
      ...ratioRows(
        "PGlite",
        pglite,
        { before: pgliteBefore, after: pgliteAfter, floor: pgliteFloor },
        pgliteAgain,
      ),
    );
    ctx.targets.push({ database: "PGlite", dataDir });

    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (adminUrl) {
      const name = `bench_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${process.pid}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      ctx.targets.push({ database: "PostgreSQL", url: url.toString() });
      await runSyncCli(ctx, { DATABASE_URL: url.toString() }, ["--migrate-only"]);
      const postgresDb = { url: url.toString(), poolSize: 1 };
      ctx.log("raw COPY into PostgreSQL (baseline)...");
      const postgresBefore = await rawCopySeconds(ctx, postgresDb);
      ctx.log(`importing into PostgreSQL database ${name}...`);
      const postgres = await runSyncCli(ctx, {
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(ctx.workDir, "pg-data"),
      });
      const postgresAfter = await rawCopySeconds(ctx, postgresDb);
      ctx.log("the database's floor in PostgreSQL (baseline)...");
      const postgresFloor = await floorSeconds(ctx, postgresDb, false);
      ctx.log("importing the same register into PostgreSQL again (nothing changed)...");
      const postgresAgain = await runSyncCli(ctx, {
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(ctx.workDir, "pg-data"),
      });
      rows.push(...rowsFor("PostgreSQL", ctx, postgres));
      rows.push(
        ...ratioRows(
          "PostgreSQL",
          postgres,
          { before: postgresBefore, after: postgresAfter, floor: postgresFloor },
          postgresAgain,
        ),
      );
    }
    return rows;
  },
};

export default section;
