/**
 * Admin Dashboard: the five counts and the recent claims, leads and quotes
 * (`getDashboard`), timed on the databases the import section filled. Above 100,000 listings
 * Total Listings is the planner's estimate, so the time does not grow with the register
 * (issue 8: "counts stay fast at 1,000,000 listings"; run with --rows 1000000 to see it).
 */
import path from "node:path";
import { getDashboard } from "../../app/modules/admin/get-dashboard.server";
import { openDatabase } from "../../app/platform/db/database.server";
import type { BenchRow, BenchSection } from "./types";

const SECTION = "admin";
const RUNS = 30;
const TARGET_MS = 50;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const section: BenchSection = {
  name: SECTION,
  order: 30,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const target of ctx.targets) {
      ctx.log(`admin: timing the dashboard on ${target.database}...`);
      const handle = await openDatabase(
        target.url ? { url: target.url, poolSize: 4 } : { pgliteDir: path.join(target.dataDir ?? "", "db") },
      );
      try {
        await getDashboard(handle.db); // warm-up
        const times: number[] = [];
        let listings = 0;
        let estimated = false;
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          const dashboard = await getDashboard(handle.db);
          times.push(performance.now() - t);
          listings = dashboard.counts.totalListings;
          estimated = dashboard.counts.totalListingsEstimated;
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 0.95);
        rows.push({
          section: SECTION,
          metric: `dashboard p50/p95 (${listings.toLocaleString("en-GB")} listings${estimated ? ", estimated" : ""})`,
          database: target.database,
          value: `${percentile(times, 0.5).toFixed(1)} ms / ${p95.toFixed(1)} ms`,
          target: `p95 < ${TARGET_MS} ms`,
          ok: p95 < TARGET_MS,
        });
      } finally {
        await handle.close();
      }
    }
    return rows;
  },
};

export default section;
