/**
 * npm run bench -- [--rows 300000] [--pg postgres://...] [--keep] [--only name,name]
 * Generates a register, then runs every section in scripts/bench/*.ts (default export: a
 * BenchSection) in `order`, and prints one table. --pg (or BENCH_DATABASE_URL) adds PostgreSQL:
 * sections create their own fresh databases on that server; the runner drops them afterwards
 * unless --keep.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { writeSampleRegister } from "../app/modules/register-sync/write-sample-register.server";
import type { BenchContext, BenchRow, BenchSection } from "./bench/types";

const here = path.dirname(fileURLToPath(import.meta.url));

function isSection(value: unknown): value is BenchSection {
  const s = value as BenchSection | undefined;
  return !!s && typeof s.name === "string" && typeof s.order === "number" && typeof s.run === "function";
}

async function loadSections(only?: string[]): Promise<BenchSection[]> {
  const dir = path.join(here, "bench");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "types.ts");
  const sections: BenchSection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    if (isSection(mod.default)) sections.push(mod.default);
  }
  return sections.filter((s) => !only || only.includes(s.name)).sort((a, b) => a.order - b.order);
}

export function formatTable(rows: BenchRow[]): string {
  const head = ["section", "metric", "database", "value", "target", "ok"];
  const cells = rows.map((r) => [
    r.section,
    r.metric,
    r.database,
    r.value,
    r.target ?? "",
    r.ok === undefined ? "" : r.ok ? "yes" : "NO",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "300000" },
      pg: { type: "string" },
      keep: { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows must be a positive whole number");
  const pgUrl = values.pg ?? process.env.BENCH_DATABASE_URL;
  if (pgUrl)
    process.env.BENCH_DATABASE_URL = pgUrl; // sections read it from here
  else delete process.env.BENCH_DATABASE_URL;

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const log = (message: string) =>
    console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
  const ctx: BenchContext = {
    rows,
    workDir,
    registerFile: path.join(workDir, "register.csv"),
    targets: [],
    log,
  };
  const results: BenchRow[] = [];
  try {
    const sections = await loadSections(values.only?.split(","));
    log(`work dir ${workDir}; sections: ${sections.map((s) => s.name).join(", ") || "(none)"}`);
    const started = Date.now();
    await writeSampleRegister(ctx.registerFile, { rows, seed: 1 });
    log(`generated ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    results.push({
      section: "setup",
      metric: "generate register",
      database: "-",
      value: `${((Date.now() - started) / 1000).toFixed(1)} s`,
    });
    for (const section of sections) {
      log(`section ${section.name}...`);
      try {
        results.push(...(await section.run(ctx)));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`section ${section.name} failed: ${message}`);
        results.push({
          section: section.name,
          metric: "error",
          database: "-",
          value: message.slice(0, 120),
          ok: false,
        });
      }
    }
  } finally {
    if (!values.keep) await cleanUp(ctx, pgUrl);
    else log(`kept ${workDir} and databases: ${ctx.targets.map((t) => t.url ?? t.dataDir).join(", ")}`);
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `\nBenchmark: ${rows.toLocaleString("en-GB")} rows, ${os.cpus().length} CPUs (load average ${load}), Node ${process.version}\n`,
  );
  console.log(formatTable(results));
  return results.some((r) => r.ok === false) ? 1 : 0;
}

/** Drops the bench_* databases the sections created and the work dir. */
async function cleanUp(ctx: BenchContext, pgUrl: string | undefined): Promise<void> {
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    try {
      await client.connect();
      for (const target of ctx.targets) {
        const name = target.url ? decodeURIComponent(new URL(target.url).pathname.slice(1)) : "";
        if (/^bench_\w+$/.test(name)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    } catch (error) {
      ctx.log(`could not drop the bench databases: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  fs.rmSync(ctx.workDir, { recursive: true, force: true });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
