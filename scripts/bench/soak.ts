/**
 * Bench section "soak" (issue 18, item 5), run only when asked: `npm run bench -- --only
 * import,soak` (BENCH_SOAK_MINUTES, default 10). For every imported database the built server
 * runs with its production defaults (page cache on, jobs off) under a steady load of visitors
 * (autocannon at a fixed 40 requests a second over 4 connections): home, town results pages 1-3
 * with and without filters, profiles, and the search API, from a pool of several hundred
 * different addresses so that caches fill as they would. The resident memory of the server and
 * every process under it is sampled every 5 seconds. Reported: memory idle, after a 1-minute
 * warm-up (the median of the second minute), at the end (the median of the last minute) and at
 * its peak; the growth from the second minute to the last (target < 10%), and the
 * memory after load against the targets (embedded < 450 MB, PostgreSQL server < 250 MB).
 */
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../../app/platform/db/database.server";
import { treeRssKb } from "./proc";
import { BROWSER, sampleQueries, startServer, stopServer } from "./search";
import type { BenchContext, BenchRow, BenchSection, BenchTarget } from "./types";

const SECTION = "soak";
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WARMUP_SECONDS = 60;
const RATE = 40;
const GROWTH_TARGET = 0.1;

/** The visitors' addresses: several hundred, so that every cache fills as it would in use. */
async function visitorPaths(target: BenchTarget): Promise<string[]> {
  const handle = await openDatabase(
    target.url ? { url: target.url, poolSize: 2 } : { pgliteDir: path.join(target.dataDir ?? "", "db") },
  );
  const samples = await sampleQueries(handle.db).finally(() => handle.close());
  const paths = ["/"];
  for (const town of samples.towns) {
    const t = encodeURIComponent(town);
    paths.push(`/search-results/${t}`, `/search-results/${t}?page=2`, `/search-results/${t}?page=3`);
    paths.push(`/search-results/${t}?tier=upper`, `/api/v1/providers?query=${t}&type=location`);
  }
  for (const reg of samples.profiles) paths.push(`/provider/${encodeURIComponent(reg)}`);
  for (const q of samples.queries.name ?? [])
    paths.push(`/search-results?query=${encodeURIComponent(q)}&type=name`);
  return paths;
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function soakTarget(ctx: BenchContext, target: BenchTarget): Promise<BenchRow[]> {
  const paths = await visitorPaths(target);
  ctx.log(`soak: ${MINUTES} min on ${target.database}, ${paths.length} addresses at ${RATE} req/s...`);
  const { base, child } = await startServer(ctx, target);
  const pid = child.pid!;
  const samples: { at: number; kb: number }[] = [];
  try {
    await new Promise((r) => setTimeout(r, 5_000));
    const idle = treeRssKb(pid);
    const started = Date.now();
    const timer = setInterval(() => samples.push({ at: Date.now() - started, kb: treeRssKb(pid) }), 5_000);
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: base,
        connections: 4,
        overallRate: RATE,
        duration: MINUTES * 60,
        headers: { "user-agent": BROWSER },
        requests: paths.map((p) => ({ method: "GET", path: p })),
      });
    } finally {
      clearInterval(timer);
    }
    // Medians of a minute of samples, not single ones: memory follows the garbage collector's
    // sawtooth, so one sample can sit at a peak or a trough.
    const minuteMedian = (fromMs: number) => {
      const kb = samples
        .filter((s) => s.at >= fromMs && s.at < fromMs + 60_000)
        .map((s) => s.kb)
        .sort((a, b) => a - b);
      return kb.length ? kb[Math.floor(kb.length / 2)] : idle;
    };
    const afterWarmup = minuteMedian(WARMUP_SECONDS * 1000);
    const end = minuteMedian(Math.max(WARMUP_SECONDS * 1000, MINUTES * 60_000 - 60_000));
    const peak = Math.max(idle, ...samples.map((s) => s.kb));
    const growth = (end - afterWarmup) / afterWarmup;
    const limitMb = target.database === "PostgreSQL" ? 250 : 450;
    const errors = result.errors + result.non2xx;
    const db = target.database;
    return [
      {
        section: SECTION,
        metric: `${MINUTES} min at ${RATE} req/s: requests (errors)`,
        database: db,
        value: `${result.requests.total} (${errors})`,
        target: "0 errors",
        ok: errors === 0,
      },
      {
        section: SECTION,
        metric: "memory idle / second minute (median) / peak",
        database: db,
        value: `${mb(idle)} / ${mb(afterWarmup)} / ${mb(peak)}`,
      },
      {
        section: SECTION,
        metric: "memory growth after warm-up (median of the last minute vs the second)",
        database: db,
        value: `${(growth * 100).toFixed(1)}% (${mb(end)} at the end)`,
        target: `< ${GROWTH_TARGET * 100}%`,
        ok: growth < GROWTH_TARGET,
      },
      {
        section: SECTION,
        metric: "memory after load (server and its children)",
        database: db,
        value: mb(end),
        target: `< ${limitMb} MB`,
        ok: end / 1024 < limitMb,
      },
    ];
  } finally {
    await stopServer(child);
  }
}

const section: BenchSection = {
  name: SECTION,
  order: 90,
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    if (!process.argv.includes("--only") || !process.argv.join(" ").includes("soak"))
      return [
        { section: SECTION, metric: "not run (ask for it: --only import,soak)", database: "-", value: "-" },
      ];
    const rows: BenchRow[] = [
      { section: SECTION, metric: "load average at start", database: "-", value: os.loadavg()[0].toFixed(1) },
    ];
    for (const target of ctx.targets) rows.push(...(await soakTarget(ctx, target)));
    return rows;
  },
};

export default section;
