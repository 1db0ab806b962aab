/**
 * The server's entry point, built by Vite together with the React Router app so that routes
 * and server share one copy of every module. `start()` boots the whole product.
 */
import type { createServer } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import type { AppServices } from "../app/web/context";
import { createStorage } from "../app/platform/storage/create-storage.server";
import { answerBackupRequests } from "../app/platform/backup.server";
import { listenForChanges } from "../app/platform/db/changes.server";
import { openDatabase, type DatabaseHandle } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { checkDataDir, ConfigError, loadConfig, loadDotEnv, type Config } from "../app/platform/env.server";
import { JobQueue } from "../app/platform/jobs/queue.server";
import { ProviderEventRecorder } from "../app/modules/analytics/record-event.server";
import { createLogger, type Logger } from "../app/platform/logger.server";
import { createMetrics, type Metrics } from "../app/platform/metrics.server";
import { projectRoot } from "../app/platform/paths.server";
import { firstRun, registerJobs } from "./boot";
import { isProvidersApiUrl } from "./api";
import { compressingServer } from "./compress";
import { createHttpApp } from "./http";
import { PDF_CHILD_ROLE } from "../app/modules/waste-notes/pdf-renderer.server";
import { servePdfTasks } from "../app/modules/waste-notes/pdf-child";

/** The server's child processes run from the same bundle, in a role (server.mjs, decision 0006). */
export function runChildRole(role: string): void {
  if (role === PDF_CHILD_ROLE) return servePdfTasks();
  console.error(`Unknown CHILD_ROLE: ${role}`);
  process.exit(1);
}

/**
 * What this process does: "all" (the default: HTTP and, unless JOBS_ENABLED=false, the job
 * runner), or "worker" (`npm run worker`: the job runner only, no HTTP; needs PostgreSQL, since
 * the embedded database allows one process). Decision 0010.
 */
export type ProcessRole = "all" | "worker";

/**
 * `npm run dev` (server/dev.ts, decision 0014): the same server with Vite's dev server in front.
 * `loadBuild` gives the React Router build as Vite has it now; `createServer` makes the HTTP
 * server that passes requests through Vite's middlewares first.
 */
export interface DevServerHooks {
  loadBuild: () => Promise<ServerBuild>;
  createServer: typeof createServer;
}

/** The settings, checked for this role; a bad one ends the process with one clear line. */
function loadStartConfig(role: ProcessRole): Config {
  try {
    loadDotEnv();
    const config = loadConfig();
    if (role === "worker" && config.embedded) {
      throw new ConfigError(
        "DATABASE_URL: a worker process needs PostgreSQL (the embedded database allows one process: run the server alone)",
      );
    }
    if (role === "worker" && !config.JOBS_ENABLED)
      throw new ConfigError("JOBS_ENABLED: a worker process runs jobs; remove JOBS_ENABLED=false");
    // DATA_DIR holds the embedded database, local uploads and the outbox: refuse a read-only one
    // with one clear line, not a stack trace from deep inside the database.
    if (config.embedded || config.STORAGE_DRIVER === "local" || config.mailTransport === "outbox")
      checkDataDir(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The site itself, on PORT. */
function serveHttp(
  services: AppServices,
  database: DatabaseHandle,
  log: Logger,
  metrics: Metrics,
  dev?: DevServerHooks,
): { close(): void } {
  const { config } = services;
  const clientDir = path.relative(
    process.cwd(),
    path.join(projectRoot(), process.env.BUILD_DIR ?? "build", "client"),
  );
  const app = createHttpApp({
    services,
    pool: database.pool,
    log,
    build: build as unknown as ServerBuild,
    loadBuild: dev?.loadBuild,
    clientDir,
    metrics,
  });
  return serve(
    {
      fetch: app.fetch,
      port: config.PORT,
      hostname: config.HOST,
      createServer: compressingServer(dev?.createServer, isProvidersApiUrl),
    },
    (info) => {
      log.info({ port: info.port }, `Listening on ${config.publicUrl}`);
    },
  );
}

/** /metrics on a port of its own (METRICS_PORT). */
function serveMetrics(config: Config, metrics: Metrics, log: Logger): { close(): void } {
  const metricsApp = new Hono();
  metricsApp.get("/metrics", async (c) => {
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
  return serve(
    { fetch: metricsApp.fetch, port: config.METRICS_PORT, hostname: config.METRICS_HOST },
    (info) => {
      log.info({ port: info.port, host: config.METRICS_HOST }, "metrics served at /metrics");
    },
  );
}

/** SIGINT and SIGTERM stop everything in order; SIGUSR2 answers `npm run backup` (embedded only). */
function handleSignals(
  config: Config,
  log: Logger,
  running: {
    servers: { close(): void }[];
    changes: { close(): Promise<void> } | null;
    jobs: JobQueue;
    releaseJobs: () => Promise<unknown>;
    events: ProviderEventRecorder;
    database: DatabaseHandle;
  },
): void {
  const { servers, changes, jobs, releaseJobs, events, database } = running;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    for (const s of servers) s.close();
    await changes?.close();
    await jobs.stop();
    await releaseJobs();
    await events.flush();
    await database.close();
    log.info("database closed, bye");
    process.exit(0);
  };
  if (database.dumpDataDir) {
    // `npm run backup` while the server runs: it leaves a request in DATA_DIR and signals us (decision 0011).
    process.on("SIGUSR2", () => {
      void answerBackupRequests({
        handle: database,
        dataDir: config.dataDir,
        storageDriver: config.STORAGE_DRIVER,
      })
        .then((n) => n && log.info({ requests: n }, "backup written on request"))
        .catch((error: unknown) => log.error({ err: error }, "backup request failed"));
    });
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

export async function start(role: ProcessRole = "all", dev?: DevServerHooks): Promise<void> {
  const config = loadStartConfig(role);
  const log = createLogger(config.LOG_LEVEL, { pretty: !config.isProduction && process.stdout.isTTY }).child({
    role,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  log.info({ database: database.describe }, "database opened");
  const applied = await migrate(database.pool);
  if (applied.length) log.info({ applied }, "migrations applied");

  const metrics = createMetrics({ db: database.db, pool: database.pool });
  const jobs = new JobQueue(database.db, log, {
    onFinished: (type, outcome, seconds) => metrics.observeJob(type, outcome, seconds),
  });
  const events = new ProviderEventRecorder(database.db, {
    onError: (err, lost) => log.warn({ err, lost }, "profile views and phone clicks not recorded"),
  });
  const storage = createStorage(config);
  const services: AppServices = { config, db: database.db, jobs, events, storage };
  // Other instances' changes clear this one's caches (decision 0013); PGlite is one process.
  const changes =
    config.DATABASE_URL && role === "all" ? await listenForChanges(config.DATABASE_URL, log) : null;
  const releaseJobs = registerJobs(services, log);
  if (role === "all") await firstRun(services, log);

  const servers: { close(): void }[] = [];
  if (role === "all") servers.push(serveHttp(services, database, log, metrics, dev));
  if (config.METRICS_PORT) servers.push(serveMetrics(config, metrics, log));
  if (config.JOBS_ENABLED) jobs.start();
  else log.info("job runner off (JOBS_ENABLED=false): a worker process runs the jobs");
  if (role === "worker") log.info("worker started: running jobs, no HTTP");

  handleSignals(config, log, { servers, changes, jobs, releaseJobs, events, database });
}
