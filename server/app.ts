/**
 * The server's entry point, built by Vite together with the React Router app so that routes
 * and server share one copy of every module. `start()` boots the whole product.
 */
import path from "node:path";
import { serve } from "@hono/node-server";
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import type { AppServices } from "../app/platform/context";
import { openDatabase } from "../app/platform/db/database.server";
import { migrate } from "../app/platform/db/migrate.server";
import { ConfigError, loadConfig } from "../app/platform/env.server";
import { JobQueue } from "../app/platform/jobs/queue.server";
import { ProviderEventRecorder } from "../app/modules/analytics/record-event.server";
import { createLogger } from "../app/platform/logger.server";
import { projectRoot } from "../app/platform/paths.server";
import { firstRun, registerJobs } from "./boot";
import { createHttpApp } from "./http";

export async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  log.info({ database: database.describe }, "database opened");
  const applied = await migrate(database.pool);
  if (applied.length) log.info({ applied }, "migrations applied");

  const jobs = new JobQueue(database.db, log, { staleAfterMs: config.SYNC_STALE_AFTER_MINUTES * 60_000 });
  const events = new ProviderEventRecorder(database.db, {
    onError: (err, lost) => log.warn({ err, lost }, "profile views and phone clicks not recorded"),
  });
  const services: AppServices = { config, db: database.db, jobs, events };
  registerJobs(services, log);
  await firstRun(services, log);

  const clientDir = path.relative(
    process.cwd(),
    path.join(projectRoot(), process.env.BUILD_DIR ?? "build", "client"),
  );
  const app = createHttpApp({ services, pool: database.pool, log, build: build as unknown as ServerBuild, clientDir });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log.info({ port: info.port }, `Listening on ${config.publicUrl}`);
  });
  if (config.JOBS_ENABLED) jobs.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close();
    await jobs.stop();
    await events.flush();
    await database.close();
    log.info("database closed, bye");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
