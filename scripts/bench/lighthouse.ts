/**
 * Bench section "lighthouse" (issue 18, item 4): Lighthouse (from npm) on Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), mobile form factor with its default simulated
 * throttling, on the home, a town's results and a profile page of the first imported database,
 * with the server's production defaults. Each page is audited RUNS times and the median score is
 * reported: performance (target >= 95), accessibility, best practices and SEO (100 each).
 */
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { openDatabase } from "../../app/platform/db/database.server";
import { ensureBuild, sampleQueries, startServer, stopServer } from "./search";
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
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  const categories = result?.lhr.categories ?? {};
  const audits = result?.lhr.audits ?? {};
  const shown = (id: string, label: string) => `${label} ${audits[id]?.displayValue ?? "?"}`;
  return {
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
  };
}

async function auditTarget(ctx: BenchContext, target: BenchTarget): Promise<BenchRow[]> {
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
      for (let i = 0; i < RUNS; i++) audits.push(await audit(`${base}${pagePath}`, chrome.port));
      const runs = audits.map((a) => a.scores);
      for (const c of CATEGORIES) {
        const score = median(runs.map((r) => r[c]));
        rows.push({
          section: SECTION,
          metric: `${label}: ${c} (median of ${RUNS}: ${runs.map((r) => r[c]).join(", ")})`,
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
    await ensureBuild(ctx, SECTION);
    return auditTarget(ctx, target);
  },
};

export default section;
