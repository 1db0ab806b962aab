/**
 * Bench section "soak" (issue 18, item 5), run only when asked: `npm run bench -- --only
 * import,soak` (BENCH_SOAK_MINUTES, default 10). For every imported database the built server
 * runs with its production defaults (page cache on, jobs off) under a steady load of visitors
 * (autocannon at a fixed 40 requests a second over 4 connections): home, town results pages 1-3
 * with and without filters, profiles, and the search API, from a pool of several hundred
 * different addresses so that caches fill as they would. The resident memory of the server and
 * every process under it is sampled every 5 seconds.
 *
 * Warm-up (decision 0245): the same load, a minute at a time, until the medians of two minutes in
 * a row agree within 2% (at least 2 minutes, at most 5). A fresh server's memory rises while its
 * caches fill and V8 and PGlite optimise their code, in steps that came as late as 150 s on the
 * embedded database; a fixed one-minute warm-up counted those steps as growth. Then the soak
 * proper, with no pause: its first minute's median against its last minute's is the growth
 * (target < 10%), and the last minute's median the memory after load (embedded < 450 MB,
 * PostgreSQL server < 250 MB). A server that kept growing would never settle: the warm-up's
 * medians are printed, and its growth shows in them as in the soak.
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
const WARMUP = { minMinutes: 2, maxMinutes: 5, agreement: 0.02 };
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

/** The median of a run's memory samples (memory follows the collector's sawtooth). */
const median = (kb: number[]) => [...kb].sort((a, b) => a - b)[Math.floor(kb.length / 2)];

/** The load for `seconds`, the server's memory sampled every 5 s (ms from the run's start, kB). */
async function loadRun(
  base: string,
  paths: string[],
  pid: number,
  seconds: number,
): Promise<{ result: autocannon.Result; samples: { at: number; kb: number }[] }> {
  const samples: { at: number; kb: number }[] = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push({ at: Date.now() - started, kb: treeRssKb(pid) }), 5_000);
  try {
    const result = await autocannon({
      url: base,
      connections: 4,
      overallRate: RATE,
      duration: seconds,
      headers: { "user-agent": BROWSER },
      requests: paths.map((p) => ({ method: "GET", path: p })),
    });
    return { result, samples };
  } finally {
    clearInterval(timer);
  }
}

async function soakTarget(ctx: BenchContext, target: BenchTarget): Promise<BenchRow[]> {
  const paths = await visitorPaths(target);
  const { base, child } = await startServer(ctx, target);
  const pid = child.pid!;
  try {
    await new Promise((r) => setTimeout(r, 5_000));
    const idle = treeRssKb(pid);
    let requests = 0;
    let errors = 0;
    let peak = idle;
    const count = (run: Awaited<ReturnType<typeof loadRun>>) => {
      requests += run.result.requests.total;
      errors += run.result.errors + run.result.non2xx;
      peak = Math.max(peak, ...run.samples.map((s) => s.kb));
    };
    ctx.log(`soak: warm-up on ${target.database}, ${paths.length} addresses at ${RATE} req/s...`);
    const warmup: number[] = [];
    for (let minute = 1; minute <= WARMUP.maxMinutes; minute++) {
      const run = await loadRun(base, paths, pid, 60);
      count(run);
      warmup.push(median(run.samples.map((s) => s.kb)));
      const [before, last] = warmup.slice(-2);
      if (minute >= WARMUP.minMinutes && Math.abs(last - before) <= WARMUP.agreement * before) break;
    }
    ctx.log(`soak: ${MINUTES} min on ${target.database} after ${warmup.length} min of warm-up...`);
    const soak = await loadRun(base, paths, pid, MINUTES * 60);
    count(soak);
    const minuteMedian = (fromMs: number) =>
      median(soak.samples.filter((s) => s.at >= fromMs && s.at < fromMs + 60_000).map((s) => s.kb));
    const first = minuteMedian(0);
    const end = minuteMedian(MINUTES * 60_000 - 60_000);
    const growth = (end - first) / first;
    const limitMb = target.database === "PostgreSQL" ? 250 : 450;
    const db = target.database;
    return [
      {
        section: SECTION,
        metric: `${warmup.length} + ${MINUTES} min at ${RATE} req/s: requests (errors)`,
        database: db,
        value: `${requests} (${errors})`,
        target: "0 errors",
        ok: errors === 0,
      },
      {
        section: SECTION,
        metric: "warm-up: minutes until two agree within 2%, their medians",
        database: db,
        value: `${warmup.length} (${warmup.map(mb).join(", ")})`,
      },
      {
        section: SECTION,
        metric: "memory idle / first minute after warm-up (median) / peak",
        database: db,
        value: `${mb(idle)} / ${mb(first)} / ${mb(peak)}`,
      },
      {
        section: SECTION,
        metric: "memory growth after warm-up (median of the last minute vs the first)",
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
