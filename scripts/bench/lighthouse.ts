/**
 * Bench section "lighthouse" (issue 18, item 4): Lighthouse (from npm) on Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), mobile form factor with its default simulated
 * throttling, on the home, a town's results and a profile page of the first imported database,
 * with the server's production defaults. Each page is audited RUNS times and the median score is
 * reported: performance (target >= 95), accessibility, best practices and SEO (100 each). A run
 * that fails (a browser or protocol error, no scores) is run again, up to twice, and named in the
 * row, instead of counting as a score of 0. Beside
 * them, the client JS the browser loaded for the page (gzip of each script it fetched, whatever
 * loaded after hydration included): home, results and profile at most 1.2x the floor.
 */
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { openDatabase } from "../../app/platform/db/database.server";
import {
  CLIENT_JS_FLOOR,
  clientFileGzip,
  ensureBuild,
  sampleQueries,
  startServer,
  stopServer,
} from "./search";
import type { BenchContext, BenchRow, BenchSection, BenchTarget } from "./types";

const SECTION = "lighthouse";
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function pagesOf(target: BenchTarget): Promise<[string, string][]> {
  const handle = await openDatabase(
    target.url ? { url: target.url, poolSize: 2 } : { pgliteDir: path.join(target.dataDir ?? "", "db") },
  );
  const samples = await sampleQueries(handle.db).finally(() => handle.close());
  return [
    ["home page", "/"],
    ["search results page", `/search-results/${encodeURIComponent(samples.towns[0] ?? "London")}`],
    ["profile page", `/provider/${encodeURIComponent(samples.profiles[0] ?? "")}`],
  ];
}

interface Audit {
  scores: Record<Category, number>;
  /** The performance metrics behind the score, e.g. "FCP 1.2 s, LCP 2.0 s, TBT 40 ms, CLS 0". */
  metrics: string;
  /** The URL paths of the page's own scripts the browser fetched, in the order it asked. */
  scripts: string[];
  /** Lighthouse's error when the run failed (no scores: it is run again, not counted as 0). */
  error?: string;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  const categories = result?.lhr.categories ?? {};
  const failed =
    result?.lhr.runtimeError?.code ??
    (CATEGORIES.some((c) => typeof categories[c]?.score !== "number") ? "NO_SCORE" : undefined);
  const audits = result?.lhr.audits ?? {};
  const shown = (id: string, label: string) => `${label} ${audits[id]?.displayValue ?? "?"}`;
  const requests = (audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items;
  const origin = new URL(url).origin;
  return {
    scripts: (requests ?? [])
      .filter((r) => r.resourceType === "Script" && r.url.startsWith(origin))
      .map((r) => new URL(r.url).pathname),
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>,
    metrics: [
      shown("first-contentful-paint", "FCP"),
      shown("largest-contentful-paint", "LCP"),
      shown("total-blocking-time", "TBT"),
      shown("cumulative-layout-shift", "CLS"),
      shown("speed-index", "SI"),
    ].join(", "),
    error: failed,
  };
}

/** A run that failed (a browser or protocol error, no scores) is run again, up to twice. */
async function auditAgainIfFailed(url: string, port: number, failures: string[]): Promise<Audit> {
  let run = await audit(url, port);
  for (let again = 0; run.error && again < 2; again++) {
    failures.push(run.error);
    run = await audit(url, port);
  }
  return run;
}

/** Issue 18: the client JS a first view loads, in a real browser, against 1.2x the floor. */
function scriptRow(label: string, database: string, buildDir: string, scripts: string[]): BenchRow {
  const bytes = [...new Set(scripts)].reduce((sum, p) => sum + clientFileGzip(buildDir, p), 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  return {
    section: SECTION,
    metric: `${label}: client JS the browser loaded, after hydration included (gzip; ÷ the floor)`,
    database,
    value: `${kb(bytes)} (${(bytes / CLIENT_JS_FLOOR).toFixed(2)}x, ${new Set(scripts).size} files)`,
    target: `<= 1.2x (${kb(CLIENT_JS_FLOOR * 1.2)})`,
    ok: bytes <= CLIENT_JS_FLOOR * 1.2,
  };
}

async function auditTarget(ctx: BenchContext, target: BenchTarget, buildDir: string): Promise<BenchRow[]> {
  const pages = await pagesOf(target);
  const { base, child } = await startServer(ctx, target);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows: BenchRow[] = [];
  try {
    for (const [label, pagePath] of pages) {
      ctx.log(`lighthouse: ${label} on ${target.database}, ${RUNS} runs...`);
      await audit(`${base}${pagePath}`, chrome.port); // warm-up: the server's first render of it
      const audits: Audit[] = [];
      const failures: string[] = [];
      for (let i = 0; i < RUNS; i++)
        audits.push(await auditAgainIfFailed(`${base}${pagePath}`, chrome.port, failures));
      const again = failures.length
        ? `; ${failures.length} failed and run again: ${failures.join(", ")}`
        : "";
      const runs = audits.map((a) => a.scores);
      for (const c of CATEGORIES) {
        const score = median(runs.map((r) => r[c]));
        rows.push({
          section: SECTION,
          metric: `${label}: ${c} (median of ${RUNS}: ${runs.map((r) => r[c]).join(", ")}${again})`,
          database: target.database,
          value: String(score),
          target: `>= ${TARGETS[c]}`,
          ok: score >= TARGETS[c],
        });
      }
      rows.push({
        section: SECTION,
        metric: `${label}: metrics of the last run`,
        database: target.database,
        value: audits.at(-1)?.metrics ?? "",
      });
      rows.push(scriptRow(label, target.database, buildDir, audits.at(-1)?.scripts ?? []));
    }
  } finally {
    chrome.kill();
    await stopServer(child);
  }
  return rows;
}

const section: BenchSection = {
  name: SECTION,
  order: 30,
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    const target = ctx.targets[0];
    if (!target) return [{ section: SECTION, metric: "no imported database", database: "-", value: "-" }];
    return auditTarget(ctx, target, await ensureBuild(ctx, SECTION));
  },
};

export default section;
