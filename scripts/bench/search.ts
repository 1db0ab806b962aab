/**
 * Search and page speed (issue 3). For every imported database in ctx.targets:
 *  - search latency p50/p95/p99 per search type through the domain function, cache cleared
 *    before every query;
 *  - the same over HTTP (GET /api/v1/providers, Node's HTTP client on a kept-alive connection,
 *    in a process of its own: latency-client.mjs) against the built server started on that
 *    database, each query asked once (cold cache);
 *  - the SQL those requests run, sent directly (the statements each search sent, captured from
 *    the pool and sent again one after another; on PostgreSQL by the same latency client), and
 *    the HTTP p50 as a multiple of it, each side warmed up until two passes agree (decision 0243);
 *  - requests/s for the home, search results and profile pages (autocannon, 10 connections, a
 *    browser's user agent so profile views are counted, after a warm-up), with the page cache on
 *    (the product's default, decision 0207), and the server's CPU ms per request beside them
 *    (the same pages with the page cache off, against a baseline: the pages section, pages.ts);
 * and, once, the client JavaScript (gzip) each of those pages loads, from the build manifest.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { sql } from "kysely";
import { parseSearchInput } from "../../app/modules/directory/search-input";
import { clearSearchCache, searchProviders } from "../../app/modules/directory/search-providers.server";
import {
  openDatabase,
  PLAN_CACHE_MODE,
  PREPARED_MARK,
  type Database,
  type DatabaseHandle,
} from "../../app/platform/db/database.server";
import type { Config } from "@react-router/dev/config";
import productConfig from "../../react-router.config";
import { statementsSent, type SentStatement } from "../../tests/support/statements-sent";
import { cpuMs } from "./proc";
import type { BenchContext, BenchRow, BenchSection, BenchTarget } from "./types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECTION = "search";
/** The search types, and 'near': a search around a place (issue 16: postcodes, sectors, districts, towns). */
const TYPES = ["location", "name", "registration", "all", "near"] as const;
type SearchKind = (typeof TYPES)[number];
const PER_TYPE = Number(process.env.BENCH_SEARCH_QUERIES ?? 60);
const DURATION = Number(process.env.BENCH_AUTOCANNON_SECONDS ?? 5);

export interface Samples {
  queries: Record<SearchKind, string[]>;
  profiles: string[];
  towns: string[];
}

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Swaps two inner letters: 'greenway' -> 'grenewy'-like typos people make. */
function typo(word: string, i: number): string {
  if (word.length < 5) return word;
  const p = 1 + (i % (word.length - 3));
  return word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2);
}

export async function sampleQueries(db: Database): Promise<Samples> {
  const towns = (
    await sql<{ town: string }>`SELECT min(btrim(town)) AS town FROM directory_entries
      WHERE on_register AND town_key <> '' GROUP BY town_key ORDER BY count(*) DESC LIMIT 40`.execute(db)
  ).rows.map((r) => r.town);
  const rows = (
    await sql<{ registration_number: string; business_name: string; postcode: string | null }>`
      SELECT registration_number, business_name, postcode FROM directory_entries
      WHERE on_register AND business_name <> '' ORDER BY md5(registration_number) LIMIT ${PER_TYPE * 4}`.execute(
      db,
    )
  ).rows;
  const outcodes = [...new Set(rows.map((r) => r.postcode?.split(" ")[0]).filter((x): x is string => !!x))];
  const names = rows
    .map((r, i) => {
      const words = r.business_name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 1)
        .slice(0, 2);
      if (i % 5 === 4 && words[0]) words[0] = typo(words[0], i); // one query in five has a typo
      return words.join(" ");
    })
    .filter(Boolean);
  const regs = rows.map((r) => r.registration_number);
  const location = [...towns, ...outcodes].slice(0, PER_TYPE);
  // Full postcodes, their sectors ('LS1 1'), districts ('LS1') and towns typed in lower case.
  const postcodes = rows.map((r) => r.postcode).filter((x): x is string => !!x);
  const near = Array.from({ length: PER_TYPE }, (_, i) => {
    const postcode = postcodes[i % postcodes.length] ?? towns[0];
    return [
      postcode,
      postcode.slice(0, -2).trim(),
      postcode.split(" ")[0],
      towns[i % towns.length]?.toLowerCase(),
    ][i % 4];
  }).filter((q): q is string => !!q);
  const all = Array.from(
    { length: PER_TYPE },
    (_, i) => [towns[i % towns.length], names[i + PER_TYPE], regs[i + PER_TYPE]][i % 3],
  ).filter(Boolean);
  return {
    queries: { location, name: names.slice(0, PER_TYPE), registration: regs.slice(0, PER_TYPE), all, near },
    profiles: regs.slice(PER_TYPE * 2, PER_TYPE * 3),
    towns: towns.slice(0, 10),
  };
}

function searchParams(type: SearchKind, query: string): URLSearchParams {
  return new URLSearchParams(type === "near" ? { near: query } : { query, type });
}

async function domainLatency(db: Database, samples: Samples): Promise<Record<SearchKind, number[]>> {
  const out = {} as Record<SearchKind, number[]>;
  for (const type of TYPES) {
    const times: number[] = [];
    for (const query of samples.queries[type]) {
      clearSearchCache(db);
      const { input } = parseSearchInput(searchParams(type, query));
      const started = performance.now();
      await searchProviders(db, input);
      times.push(performance.now() - started);
    }
    out[type] = times.sort((a, b) => a - b);
  }
  return out;
}

interface DirectTimes {
  /** The domain function, as the HTTP requests ask it (page 2), cache cleared. */
  domain: number[];
  /** The statements it sent, sent again directly. */
  sql: number[];
}

/**
 * Runs scripts/bench/latency-client.mjs on a job and returns its times per kind: requests timed
 * from a process that does nothing else (decision 0235). The bench's own process holds the
 * generated register, pools and every section's leftovers; an HTTP client in it took 2-3 ms more
 * per request than the same client alone, which is the bench's overhead, not the server's.
 */
async function clientTimes(
  ctx: BenchContext,
  job:
    | { mode: "http"; base: string; timed: Record<string, string[]> }
    | {
        mode: "sql";
        url: string;
        options: string;
        preparedMark: string;
        timed: Record<string, SentStatement[][]>;
      },
): Promise<Record<string, number[]>> {
  const file = path.join(ctx.workDir, `latency-${job.mode}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  const child = spawn(process.execPath, [path.join(root, "scripts/bench/latency-client.mjs"), file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  fs.rmSync(file, { force: true });
  if (code !== 0) throw new Error(`the latency client failed (${job.mode}): ${stderr.trim().slice(-500)}`);
  return JSON.parse(stdout) as Record<string, number[]>;
}

/** The API address of a sample query, on a page. */
function apiPath(type: SearchKind, query: string, page: number): string {
  const params = searchParams(type, query);
  params.set("page", String(page));
  return `/api/v1/providers?${params}`;
}

/**
 * The statements a search sends, as the HTTP requests below ask it (page 2, cold cache, and page
 * 3 for the warm-up), captured from the pool's connections; then the domain function timed again
 * (cache cleared) and the same statements sent again directly, one after another on one
 * connection, as the search sends them (decision 0220). As over HTTP: warm-up passes over every
 * type's page-3 statements until two agree (settle), then each type's page-2 statements timed in
 * a pass over its queries (the same statements run back to back find their rows where the last
 * run left them, which no request over HTTP does). On PostgreSQL they are sent by the latency
 * client, a process of its own as the HTTP client is, with the server's session options and as
 * the same named prepared statements; PGlite lives in the bench's process, so they are sent
 * there, through its pool.
 */
async function sqlLatency(
  ctx: BenchContext,
  handle: DatabaseHandle,
  url: string | undefined,
  samples: Samples,
): Promise<{ times: Record<SearchKind, DirectTimes>; passes: number[] }> {
  const capture = async (type: SearchKind, page: number): Promise<SentStatement[][]> => {
    const statements: SentStatement[][] = [];
    for (const query of samples.queries[type]) {
      const params = searchParams(type, query);
      params.set("page", String(page));
      clearSearchCache(handle.db);
      const input = parseSearchInput(params).input;
      statements.push(await statementsSent(handle.pool, () => searchProviders(handle.db, input)));
    }
    return statements;
  };
  const warm: SentStatement[][] = [];
  const timed = {} as Record<SearchKind, SentStatement[][]>;
  const domain = {} as Record<SearchKind, number[]>;
  for (const type of TYPES) {
    warm.push(...(await capture(type, 3)));
    timed[type] = await capture(type, 2);
    const times: number[] = [];
    for (const query of samples.queries[type]) {
      const params = searchParams(type, query);
      params.set("page", "2");
      const input = parseSearchInput(params).input;
      clearSearchCache(handle.db);
      const started = performance.now();
      await searchProviders(handle.db, input);
      times.push(performance.now() - started);
    }
    domain[type] = times.sort((a, b) => a - b);
  }
  // The server's session options and prepared statements (decision 0220): the same database work.
  const options = `-c plan_cache_mode=${PLAN_CACHE_MODE}`;
  const client = url ? { mode: "sql" as const, url, options, preparedMark: PREPARED_MARK } : null;
  // Warm until settled, as the server is before its HTTP timings (decision 0243).
  const passes = await settle(async () =>
    client ? (await clientTimes(ctx, { ...client, timed: { pass: warm } })).pass : replayHere(handle, warm),
  );
  const sqlTimes: Record<string, number[]> = {};
  if (client) Object.assign(sqlTimes, await clientTimes(ctx, { ...client, timed }));
  else for (const type of TYPES) sqlTimes[type] = await replayHere(handle, timed[type]);
  const out = {} as Record<SearchKind, DirectTimes>;
  for (const type of TYPES) out[type] = { domain: domain[type], sql: sqlTimes[type] ?? [] };
  return { times: out, passes };
}

/**
 * PGlite's SQL, sent from this process (the one PGlite lives in) on a connection of its pool: each
 * search's statements one after another, each search timed whole (sorted).
 */
async function replayHere(handle: DatabaseHandle, searches: SentStatement[][]): Promise<number[]> {
  const client = await handle.pool.connect();
  try {
    const times: number[] = [];
    for (const sent of searches) {
      const started = performance.now();
      for (const s of sent) await client.query(s.text, s.values);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  } finally {
    client.release();
  }
}

/**
 * Warm-up before a side of the HTTP ÷ SQL comparison is timed (decision 0243): passes until two
 * in a row have the same median (within 5%), at least 2 and at most 8. Returns their medians.
 */
const WARMUP = { minPasses: 2, maxPasses: 8, agreement: 0.05 };
async function settle(pass: (index: number) => Promise<number[]>): Promise<number[]> {
  const medians: number[] = [];
  for (let i = 0; i < WARMUP.maxPasses; i++) {
    medians.push(percentile(await pass(i), 0.5));
    const [before, now] = medians.slice(-2);
    if (medians.length >= WARMUP.minPasses && Math.abs(now - before) <= WARMUP.agreement * before) break;
  }
  return medians;
}

/**
 * Each sample query once over HTTP (page 2: cold cache), from the latency client, after the server
 * is warm (settle): each pass asks every query of every type for another page (3, 4, 5…: the same
 * statements, another answer, so the search cache serves none of them). A server just started
 * runs its first few hundred searches slower while V8 optimises its code and, on PGlite, the
 * database's WebAssembly (decision 0238); one pass, as before, measured part of that.
 */
async function httpLatency(
  ctx: BenchContext,
  base: string,
  samples: Samples,
): Promise<{ times: Record<SearchKind, number[]>; passes: number[] }> {
  const pass = (page: number) =>
    TYPES.flatMap((type) => samples.queries[type].map((q) => apiPath(type, q, page)));
  const passes = await settle(
    async (i) => (await clientTimes(ctx, { mode: "http", base, timed: { pass: pass(3 + i) } })).pass,
  );
  const timed = Object.fromEntries(
    TYPES.map((type) => [type, samples.queries[type].map((q) => apiPath(type, q, 2))]),
  );
  const times = await clientTimes(ctx, { mode: "http", base, timed });
  return { times: times as Record<SearchKind, number[]>, passes };
}

// A browser's user agent: profile views by people are counted (crawlers' are not), so the
// figures include that write, as real traffic does.
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

/** req/s after a 2 s warm-up, and the server's CPU ms per request over the measured run. */
async function throughput(
  base: string,
  pid: number,
  paths: string[],
): Promise<{ rps: number; errors: number; cpuMsPerRequest: number }> {
  const load = (duration: number) =>
    autocannon({
      url: base,
      connections: 10,
      duration,
      headers: { "user-agent": BROWSER },
      requests: paths.map((p) => ({ method: "GET", path: p })),
    });
  await load(2);
  const before = cpuMs(pid);
  const result = await load(DURATION);
  const cpu = cpuMs(pid) - before;
  return {
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest: result.requests.total ? cpu / result.requests.total : NaN,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function startServer(
  ctx: BenchContext,
  target: BenchTarget,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PORT: String(port),
    HOST: "127.0.0.1",
    // Production refuses a plain-http public address and a missing mail server; the bench only
    // reads pages (no links are e-mailed, no forms sent), so a placeholder and the outbox do.
    PUBLIC_URL: "https://bench.example",
    MAIL_TRANSPORT: "outbox",
    SEED_SAMPLE_DATA: "false",
    JOBS_ENABLED: "false",
    LOG_LEVEL: "warn",
    DATABASE_URL: target.url ?? "",
    DATA_DIR: target.dataDir ?? path.join(ctx.workDir, "search-bench-data"),
    ...extraEnv,
  };
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.trim().slice(-300)}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return { base, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not become ready in 120 s");
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** React, React DOM and React Router's runtime (gzip): issue 18's floor for a page's client JS. */
export const CLIENT_JS_FLOOR = 104.8 * 1024;

/**
 * Client JS (gzip) a first visit to each page downloads: entry, root, layout, route and their
 * imports, and the route manifest's file when route discovery is "initial" (decision 0217).
 * `home`, `search` and `profile`, then every other page of the public layout by its route id.
 */
export function clientJsSizes(buildDir: string): Record<string, number> {
  const clientDir = path.join(buildDir, "client");
  const file = fs.readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${clientDir}/assets: build first`);
  const text = fs.readFileSync(path.join(clientDir, "assets", file), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    entry: { module: string; imports: string[] };
    routes: Record<
      string,
      { id: string; parentId?: string; hasDefaultExport?: boolean; module: string; imports?: string[] }
    >;
  };
  const gz = (p: string) => clientFileGzip(buildDir, p);
  const sizes: Record<string, number> = {};
  const pages: Record<string, string> = {
    home: "routes/public/home",
    search: "routes/public/search-results",
    profile: "routes/public/provider",
  };
  for (const r of Object.values(manifest.routes))
    if (
      r.parentId === "routes/public/layout" &&
      r.hasDefaultExport &&
      !Object.values(pages).includes(r.id) &&
      !r.id.startsWith("routes/dev/")
    )
      pages[r.id] = r.id;
  for (const [page, id] of Object.entries(pages)) {
    // With lazy route discovery (the default) the page carries the manifest of its own routes
    // inline (counted with the HTML) and never loads manifest-*.js; with "initial" it imports it.
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    if ((productConfig as Config).routeDiscovery?.mode === "initial") files.add(`/assets/${file}`);
    for (const rid of ["root", "routes/public/layout", id]) {
      const r = manifest.routes[rid];
      if (!r) throw new Error(`route ${rid} missing from the manifest`);
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    sizes[page] = [...files].reduce((sum, f) => sum + gz(f), 0);
  }
  return sizes;
}

/** The gzip size of one of the build's client files, by its URL path ("/assets/x.js"). */
export function clientFileGzip(buildDir: string, urlPath: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(buildDir, "client", urlPath.replace(/^\//, "")))).length;
}

/** The build the sections measure (BUILD_DIR, else build/), made first on a fresh clone. */
export async function ensureBuild(ctx: BenchContext, section: string): Promise<string> {
  const buildDir = path.join(root, process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    if (process.env.BUILD_DIR) throw new Error(`no build in ${buildDir}: run npm run build first`);
    ctx.log(`${section}: no build yet, running npm run build...`);
    await buildProduct();
  }
  return buildDir;
}

/** A fresh clone has no build: make one, as `npm run build` would (the pages are measured built). */
function buildProduct(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code})`)),
    );
  });
}

type PageSet = [string, string[], number | null][];

/** One database: the domain function's latency, then the built server's over HTTP. */
async function measureTarget(ctx: BenchContext, target: BenchTarget): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  ctx.log(`search: sampling queries and timing the domain function on ${target.database}...`);
  // PGlite is single-process: use it directly first, close it, then start the server on it.
  const handle = await openDatabase(
    target.url ? { url: target.url, poolSize: 4 } : { pgliteDir: path.join(target.dataDir ?? "", "db") },
  );
  let samples: Samples;
  let domain: Record<SearchKind, number[]>;
  let direct: { times: Record<SearchKind, DirectTimes>; passes: number[] };
  try {
    samples = await sampleQueries(handle.db);
    domain = await domainLatency(handle.db, samples);
    direct = await sqlLatency(ctx, handle, target.url, samples);
  } finally {
    await handle.close();
  }
  for (const type of TYPES) {
    const t = domain[type];
    rows.push({
      section: SECTION,
      metric: `${type} search p50/p95/p99, domain (${t.length} queries)`,
      database: target.database,
      value: `${ms(percentile(t, 0.5))} / ${ms(percentile(t, 0.95))} / ${ms(percentile(t, 0.99))}`,
    });
  }

  const pages: PageSet = [
    ["home page", ["/"], null],
    ["search results page", samples.towns.map((t) => `/search-results/${encodeURIComponent(t)}`), 300],
    ["profile page", samples.profiles.map((r) => `/provider/${encodeURIComponent(r)}`), 500],
  ];
  rows.push(...(await measureServer(ctx, target, samples, pages, direct)));
  return rows;
}

/** The server with its page cache: search latency, cold cache, and the pages' throughput. */
async function measureServer(
  ctx: BenchContext,
  target: BenchTarget,
  samples: Samples,
  pages: PageSet,
  direct: { times: Record<SearchKind, DirectTimes>; passes: number[] },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const isPg = target.database === "PostgreSQL";
  ctx.log(`search: starting the server on ${target.database}...`);
  const { base, child } = await startServer(ctx, target);
  try {
    const { times: http, passes } = await httpLatency(ctx, base, samples);
    const medians = (p: number[]) => `${p.length}: ${p.map((m) => m.toFixed(2)).join(" / ")} ms`;
    rows.push({
      section: SECTION,
      metric: "warm-up passes before the HTTP ÷ SQL timings, their medians: SQL; HTTP",
      database: target.database,
      value: `${medians(direct.passes)}; ${medians(passes)}`,
    });
    for (const type of TYPES) {
      const t = http[type];
      const p95 = percentile(t, 0.95);
      rows.push({
        section: SECTION,
        metric: `${type} search p50/p95/p99, HTTP cold cache`,
        database: target.database,
        value: `${ms(percentile(t, 0.5))} / ${ms(p95)} / ${ms(percentile(t, 0.99))}`,
        // Every search type on PostgreSQL; a search around a place on PGlite too (issue 16).
        ...(isPg || type === "near" ? { target: "p95 < 30 ms", ok: p95 < 30 } : {}),
      });
      const { domain, sql: d } = direct.times[type];
      const sqlP50 = percentile(d, 0.5);
      const ratio = percentile(t, 0.5) / sqlP50;
      rows.push({
        section: SECTION,
        metric: `${type} search p50 (page 2): its SQL sent directly / domain / HTTP; HTTP ÷ SQL`,
        database: target.database,
        value: `${ms(sqlP50)} / ${ms(percentile(domain, 0.5))} / ${ms(percentile(t, 0.5))}; ${ratio.toFixed(2)}x`,
        target: "<= 1.5x",
        ok: ratio <= 1.5,
      });
    }
    for (const [label, paths, goal] of pages) {
      ctx.log(`search: autocannon ${label} on ${target.database}...`);
      const { rps, errors, cpuMsPerRequest } = await throughput(base, child.pid!, paths);
      rows.push({
        section: SECTION,
        metric: `${label} req/s (10 connections${errors ? `, ${errors} errors` : ""}; CPU per request)`,
        database: target.database,
        value: `${rps.toFixed(0)} (${cpuMsPerRequest.toFixed(2)} ms)`,
        ...(isPg && goal ? { target: `>= ${goal}`, ok: rps >= goal && errors === 0 } : {}),
      });
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

const section: BenchSection = {
  name: SECTION,
  order: 20,
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    const buildDir = await ensureBuild(ctx, SECTION);

    // Issue 18: home, results and profile at most 1.2x the floor, every other public page 1.4x.
    const sizes = Object.entries(clientJsSizes(buildDir));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    for (const [page, bytes] of sizes.slice(0, 3)) {
      rows.push({
        section: SECTION,
        metric: `client JS, ${page} page: what it imports to hydrate (gzip; ÷ the floor)`,
        database: "-",
        value: `${kb(bytes)} (${(bytes / CLIENT_JS_FLOOR).toFixed(2)}x)`,
        target: `<= 1.2x (${kb(CLIENT_JS_FLOOR * 1.2)})`,
        ok: bytes <= CLIENT_JS_FLOOR * 1.2,
      });
    }
    const others = sizes.slice(3).sort((a, b) => b[1] - a[1]);
    if (others.length) {
      const [heaviest, bytes] = others[0];
      rows.push({
        section: SECTION,
        metric: `client JS, the heaviest of ${others.length} other public pages (gzip; ÷ the floor)`,
        database: "-",
        value: `${kb(bytes)} (${(bytes / CLIENT_JS_FLOOR).toFixed(2)}x, ${heaviest})`,
        target: `<= 1.4x (${kb(CLIENT_JS_FLOOR * 1.4)})`,
        ok: bytes <= CLIENT_JS_FLOOR * 1.4,
      });
    }
    if (!ctx.targets.length)
      ctx.log("search: no imported databases in ctx.targets (did the import section run?)");

    for (const target of ctx.targets) rows.push(...(await measureTarget(ctx, target)));
    return rows;
  },
};

export default section;
