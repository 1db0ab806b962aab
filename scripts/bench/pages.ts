/**
 * Bench section "pages" (issue 18): what an uncached page costs the server. For every imported
 * database, the built server is started with its page cache off (PAGE_CACHE_SECONDS=0: every
 * request runs the loaders and renders) and the home, search results (town pages) and profile
 * pages are each loaded by autocannon (10 connections, a browser's user agent) after a warm-up;
 * the server process's CPU time (utime + stime from /proc/<pid>/stat, every thread of it:
 * rendering, the database driver, PGlite, the garbage collector) before and after, divided by
 * the requests answered, is the page's CPU cost, printed beside req/s and the page's HTML size.
 *
 * The baseline, measured the same way in the same run: a minimal React Router app (framework
 * mode, the same Hono + @hono/node-server stack) whose page renders a 10-card list
 * (baseline-app.ts). Each page's cost is checked as a ratio to it (≤ 2.5×, on PostgreSQL), so
 * that the check holds on a busy machine; the absolute goals (results ≤ 3 ms, profile ≤ 2 ms,
 * home ≤ 1.5 ms) are printed for information. The load average is printed with the figures.
 * On PostgreSQL, each page is also loaded as a browser asks for it (Accept-Encoding: br, gzip),
 * for its cost with the compression every visitor gets (information, no baseline).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openDatabase } from "../../app/platform/db/database.server";
import { buildBaselineApp } from "./baseline-app";
import { cpuMs } from "./proc";
import { BROWSER, ensureBuild, freePort, sampleQueries, startServer, stopServer } from "./search";
import type { BenchContext, BenchRow, BenchSection, BenchTarget } from "./types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECTION = "pages";
/** Seconds of measured load per page (and as many for the baseline), in ROUNDS turns. */
const DURATION = Number(process.env.BENCH_PAGES_SECONDS ?? 6);
const ROUNDS = 3;
/**
 * Warm-up: one-second runs until two in a row cost the same CPU per request (within 5%), at
 * least 3 s and at most 20 s. A fresh server's first ~2,500 pages pay for V8 compiling the
 * rendering code (home page, one machine: 3.5, 2.9, 2.2, 1.9, 1.8, 1.7… ms per request over
 * successive 600-request runs); a fixed 2 s warm-up measured part of that.
 */
const WARMUP = { minSeconds: 3, maxSeconds: 20, runSeconds: 1, agreement: 0.05 };
const RATIO_TARGET = 2.5;

interface PageCost {
  cpuMs: number;
  rps: number;
  requests: number;
  errors: number;
  htmlBytes: number;
  /** Seconds of warm-up before the measured runs. */
  warmedSeconds?: number;
}

interface Server {
  base: string;
  pid: number;
}

interface Run {
  /** CPU ms of the server over the run. */
  cpu: number;
  requests: number;
  seconds: number;
  errors: number;
}

/** One autocannon run (10 connections) and the server's CPU time over it. */
async function run(
  server: Server,
  paths: string[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Run> {
  const before = cpuMs(server.pid);
  const result = await autocannon({
    url: server.base,
    connections: 10,
    duration: seconds,
    headers: { "user-agent": BROWSER, ...headers },
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  return {
    cpu: cpuMs(server.pid) - before,
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors + result.non2xx,
  };
}

async function htmlBytes(server: Server, paths: string[]): Promise<number> {
  let bytes = 0;
  for (const p of paths) {
    const res = await fetch(`${server.base}${p}`, { headers: { "user-agent": BROWSER } });
    bytes += (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status}`);
  }
  return bytes / paths.length;
}

function cost(runs: Run[], html: number): PageCost {
  const sum = (f: (r: Run) => number) => runs.reduce((a, r) => a + f(r), 0);
  const requests = sum((r) => r.requests);
  return {
    cpuMs: requests ? sum((r) => r.cpu) / requests : NaN,
    rps: requests / sum((r) => r.seconds),
    requests,
    errors: sum((r) => r.errors),
    htmlBytes: html,
  };
}

/**
 * A page and the baseline, each warmed up, then measured in turns (ROUNDS of each, baseline
 * first) so that both see the machine as busy: the ratio is of the sums over the turns.
 */
export async function pageCost(
  page: Server,
  paths: string[],
  baseline: Server,
): Promise<{ page: PageCost; baseline: PageCost }> {
  const pageHtml = await htmlBytes(page, paths);
  const baselineHtml = await htmlBytes(baseline, ["/"]);
  const baselineWarmed = await warmUp(baseline, ["/"]);
  const pageWarmed = await warmUp(page, paths);
  const pageRuns: Run[] = [];
  const baselineRuns: Run[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    baselineRuns.push(await run(baseline, ["/"], DURATION / ROUNDS));
    pageRuns.push(await run(page, paths, DURATION / ROUNDS));
  }
  return {
    page: { ...cost(pageRuns, pageHtml), warmedSeconds: pageWarmed },
    baseline: { ...cost(baselineRuns, baselineHtml), warmedSeconds: baselineWarmed },
  };
}

/** Loads the server with `paths` until its CPU per request has settled (WARMUP). */
async function warmUp(
  server: Server,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<number> {
  let seconds = 0;
  let last = NaN;
  while (seconds < WARMUP.maxSeconds) {
    const r = await run(server, paths, WARMUP.runSeconds, headers);
    seconds += r.seconds;
    const perRequest = r.cpu / Math.max(1, r.requests);
    const settled = Math.abs(perRequest - last) <= WARMUP.agreement * last;
    if (settled && seconds >= WARMUP.minSeconds) return seconds;
    last = perRequest;
  }
  return seconds;
}

/** Browsers ask for a compressed page: what that costs (warmed up, one run as long as the turns). */
async function compressedCost(page: Server, paths: string[]): Promise<PageCost> {
  const asked = { "accept-encoding": "br, gzip" };
  await warmUp(page, paths, asked);
  return cost([await run(page, paths, DURATION, asked)], NaN);
}

function describe(c: PageCost): string {
  const warmed = c.warmedSeconds === undefined ? "" : ` (after ${c.warmedSeconds.toFixed(0)} s of warm-up)`;
  return `${c.cpuMs.toFixed(2)} ms CPU, ${c.rps.toFixed(0)} req/s, ${(c.htmlBytes / 1024).toFixed(1)} kB HTML${warmed}`;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

export async function startBaseline(ctx: BenchContext): Promise<{ base: string; child: ChildProcess }> {
  ctx.log("pages: building the baseline (a minimal React Router list page)...");
  const dir = path.join(root, "tmp", `bench-baseline-${process.pid}`);
  const entry = await buildBaselineApp(root, dir);
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: path.dirname(path.dirname(path.dirname(entry))),
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("the baseline server exited");
    try {
      if ((await fetch(base)).ok) return { base, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGTERM");
  throw new Error("the baseline server did not start in 30 s");
}

const GOALS_MS = { home: 1.5, results: 3, profile: 2 } as const;

async function measureTarget(ctx: BenchContext, target: BenchTarget, baseline: Server): Promise<BenchRow[]> {
  const handle = await openDatabase(
    target.url ? { url: target.url, poolSize: 2 } : { pgliteDir: path.join(target.dataDir ?? "", "db") },
  );
  const samples = await sampleQueries(handle.db).finally(() => handle.close());
  const pages: [keyof typeof GOALS_MS, string, string[]][] = [
    ["home", "home page", ["/"]],
    ["results", "search results page", samples.towns.map((t) => `/search-results/${encodeURIComponent(t)}`)],
    ["profile", "profile page", samples.profiles.map((r) => `/provider/${encodeURIComponent(r)}`)],
  ];
  const isPg = target.database === "PostgreSQL";
  const rows: BenchRow[] = [];
  ctx.log(`pages: starting the server on ${target.database} with the page cache off...`);
  const { base, child } = await startServer(ctx, target, { PAGE_CACHE_SECONDS: "0" });
  try {
    for (const [key, label, paths] of pages) {
      ctx.log(`pages: ${label} on ${target.database}, in turns with the baseline...`);
      const measured = await pageCost({ base, pid: child.pid! }, paths, baseline);
      const ratio = measured.page.cpuMs / measured.baseline.cpuMs;
      const errors = measured.page.errors;
      rows.push(
        {
          section: SECTION,
          metric: `${label}, page cache off (10 connections${errors ? `, ${errors} errors` : ""})`,
          database: target.database,
          value: describe(measured.page),
          target: `CPU <= ${GOALS_MS[key]} ms (info)`,
        },
        {
          section: SECTION,
          metric: `${label}: its baseline turns`,
          database: target.database,
          value: describe(measured.baseline),
        },
        {
          section: SECTION,
          metric: `${label} CPU / baseline's`,
          database: target.database,
          value: `${ratio.toFixed(2)}x`,
          ...(isPg
            ? { target: `<= ${RATIO_TARGET}x`, ok: ratio <= RATIO_TARGET && errors === 0 }
            : { target: `<= ${RATIO_TARGET}x (info)` }),
        },
      );
      if (isPg) {
        // The figures above are of uncompressed pages, as the baseline's; a browser asks for
        // brotli, which the server adds (decision 0222).
        const compressed = await compressedCost({ base, pid: child.pid! }, paths);
        rows.push({
          section: SECTION,
          metric: `${label}, as a browser asks for it (brotli)`,
          database: target.database,
          value: `${compressed.cpuMs.toFixed(2)} ms CPU, ${compressed.rps.toFixed(0)} req/s${compressed.errors ? `, ${compressed.errors} errors` : ""}`,
        });
      }
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

const section: BenchSection = {
  name: SECTION,
  order: 25,
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    await ensureBuild(ctx, SECTION);
    if (!ctx.targets.length)
      ctx.log("pages: no imported databases in ctx.targets (did the import section run?)");
    const rows: BenchRow[] = [
      { section: SECTION, metric: "load average at start", database: "-", value: loadAverage() },
    ];

    const baseline = await startBaseline(ctx);
    try {
      for (const target of ctx.targets)
        rows.push(...(await measureTarget(ctx, target, { base: baseline.base, pid: baseline.child.pid! })));
    } finally {
      await stopServer(baseline.child);
      fs.rmSync(path.join(root, "tmp", `bench-baseline-${process.pid}`), { recursive: true, force: true });
    }
    rows.push({ section: SECTION, metric: "load average at end", database: "-", value: loadAverage() });
    return rows;
  },
};

export default section;
