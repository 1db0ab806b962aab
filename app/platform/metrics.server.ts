/**
 * Prometheus metrics (decision 0010): request durations by route and status, the database pool,
 * the job queue (depth by status, failures), the last register sync, and Node's own (event-loop
 * lag, memory, CPU, GC) from prom-client. Each app has its own registry (tests run several).
 * Gauges that read the database are computed when scraped, not kept up to date on every change.
 */
import { sql } from "kysely";
import client from "prom-client";
import type { Database } from "./db/database.server";

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

interface LastSync {
  status: string;
  finished_at: Date | null;
  records_added: number;
  records_updated: number;
  records_unchanged: number;
  records_removed: number;
  records_rejected: number;
}

export interface Metrics {
  registry: client.Registry;
  /** Records one HTTP request: the route that served it, method, status and seconds taken. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Records one finished job attempt. */
  observeJob(type: string, outcome: "done" | "failed" | "retry", seconds: number): void;
  /** The text Prometheus scrapes. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** The database pool by state and the job queue by status, read when scraped. */
function registerQueueGauges(registry: client.Registry, db: Database, pool: PoolStats): void {
  new client.Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state (total, idle, waiting clients)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  new client.Gauge({
    name: "jobs",
    help: "Jobs in the queue by status (failed: in the last 24 hours)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ queued: number; running: number; failed: number }>`SELECT
        (SELECT count(*)::int FROM jobs WHERE status = 'queued') AS queued,
        (SELECT count(*)::int FROM jobs WHERE status = 'running') AS running,
        (SELECT count(*)::int FROM jobs WHERE status = 'failed' AND finished_at > now() - interval '24 hours') AS failed`.execute(
        db,
      );
      const r = rows[0];
      for (const status of ["queued", "running", "failed"] as const) this.set({ status }, r?.[status] ?? 0);
    },
  });
}

/** The last finished register sync: when, with what status, and its row counts. */
function registerSyncGauges(registry: client.Registry, db: Database): void {
  // Both sync gauges read one query per scrape (a scrape collects every metric at once).
  let lastSync: { at: number; row: Promise<LastSync | undefined> } | null = null;
  const readLastSync = () => {
    if (!lastSync || Date.now() - lastSync.at > 1000) {
      lastSync = {
        at: Date.now(),
        row: db
          .selectFrom("sync_log")
          .select([
            "status",
            "finished_at",
            "records_added",
            "records_updated",
            "records_unchanged",
            "records_removed",
            "records_rejected",
          ])
          .where("status", "<>", "running")
          .orderBy("finished_at", "desc")
          .limit(1)
          .executeTakeFirst(),
      };
    }
    return lastSync.row;
  };
  new client.Gauge({
    name: "register_sync_last_finished_timestamp_seconds",
    help: "When the last register sync finished (Unix time), by its status (success, error)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const row = await readLastSync();
      this.reset();
      if (row?.finished_at)
        this.set({ status: row.status }, Math.floor(new Date(row.finished_at).getTime() / 1000));
    },
  });
  new client.Gauge({
    name: "register_sync_last_records",
    help: "The last finished register sync's row counts, by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const row = await readLastSync();
      this.reset();
      if (!row) return;
      this.set({ kind: "added" }, row.records_added);
      this.set({ kind: "updated" }, row.records_updated);
      this.set({ kind: "unchanged" }, row.records_unchanged);
      this.set({ kind: "removed" }, row.records_removed);
      this.set({ kind: "rejected" }, row.records_rejected);
    },
  });
}

export function createMetrics(deps: { db: Database; pool: PoolStats }): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requestDuration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new client.Counter({
    name: "jobs_finished_total",
    help: "Job attempts finished, by type and outcome (done, retry, failed for good)",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
  });
  const jobDuration = new client.Histogram({
    name: "job_duration_seconds",
    help: "Time a job attempt took, by type",
    labelNames: ["type"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  });

  registerQueueGauges(registry, deps.db, deps.pool);
  registerSyncGauges(registry, deps.db);

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requestDuration.observe({ route, method, status: String(status) }, seconds);
    },
    observeJob(type, outcome, seconds) {
      jobRuns.inc({ type, outcome });
      jobDuration.observe({ type }, seconds);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
