/**
 * A small durable job queue in the `jobs` table: enqueue, claim with FOR UPDATE SKIP LOCKED,
 * retry with exponential backoff, recover jobs whose process died, and daily schedules.
 */
import os from "node:os";
import { sql } from "kysely";
import type { Database } from "../db/database.server";
import type { Job } from "../db/schema";
import type { Logger } from "../logger.server";

export interface JobHelpers {
  db: Database;
  log: Logger;
  job: Job;
  /** True once the runner is stopping: long jobs should finish their step and return. */
  signal: AbortSignal;
}

export type JobHandler = (payload: Record<string, unknown>, helpers: JobHelpers) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing another is a no-op. */
  uniqueKey?: string;
}

export interface Schedule {
  name: string;
  /** Daily time, "HH:MM" in UTC. */
  dailyAt: string;
  type: string;
  payload?: Record<string, unknown>;
}

export interface JobQueueOptions {
  pollMs?: number;
  concurrency?: number;
  /** A running job whose lock is older than this is taken as crashed and retried. */
  staleAfterMs?: number;
}

export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private schedules: Schedule[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private abort = new AbortController();
  private readonly workerId = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly staleAfterMs: number;
  private ticking = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 2;
    this.staleAfterMs = options.staleAfterMs ?? 30 * 60_000;
  }

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  schedule(schedule: Schedule): void {
    this.schedules.push(schedule);
  }

  async enqueue(type: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<string | null> {
    return enqueueJob(this.db, type, payload, options);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops polling and waits for running jobs to finish (they see the abort signal). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  /** One poll: run due schedules, recover stale jobs, start due jobs up to the concurrency. */
  async tick(now = new Date()): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.enqueueDueSchedules(now);
      await this.recoverStale();
      while (this.running.size < this.concurrency && !this.abort.signal.aborted) {
        const job = await this.claim();
        if (!job) break;
        const run = this.run(job).finally(() => this.running.delete(run));
        this.running.add(run);
      }
    } catch (error) {
      this.log.error({ err: error }, "job runner tick failed");
    } finally {
      this.ticking = false;
    }
  }

  /** Runs every due job to completion, one after another (for CLI commands and tests). */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) return count;
      await this.run(job);
      count++;
    }
  }

  private async claim(): Promise<Job | undefined> {
    const types = [...this.handlers.keys()];
    if (types.length === 0) return undefined;
    const result = await sql<Job>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${this.workerId}
      WHERE id = (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= now() AND type IN (${sql.join(types)})
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING *`.execute(this.db);
    return result.rows[0];
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.type)!;
    const log = this.log.child({ jobId: job.id, jobType: job.type });
    const started = Date.now();
    try {
      await handler(job.payload ?? {}, { db: this.db, log, job, signal: this.abort.signal });
      await this.db
        .updateTable("jobs")
        .set({ status: "done", finished_at: new Date(), last_error: null })
        .where("id", "=", job.id)
        .execute();
      log.info({ ms: Date.now() - started }, "job done");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      const backoffMs = Math.min(2 ** job.attempts * 5_000, 60 * 60_000);
      log.error({ err: error, attempt: job.attempts, final }, "job failed");
      await this.db
        .updateTable("jobs")
        .set(
          final
            ? { status: "failed", last_error: message, finished_at: new Date() }
            : { status: "queued", last_error: message, run_at: new Date(Date.now() + backoffMs), locked_at: null },
        )
        .where("id", "=", job.id)
        .execute();
    }
  }

  private async recoverStale(): Promise<void> {
    const cutoff = new Date(Date.now() - this.staleAfterMs);
    const { numUpdatedRows } = await this.db
      .updateTable("jobs")
      .set({ status: "queued", locked_at: null, last_error: "The process running this job stopped" })
      .where("status", "=", "running")
      .where("locked_at", "<", cutoff)
      .executeTakeFirst();
    if (Number(numUpdatedRows) > 0) this.log.warn({ count: Number(numUpdatedRows) }, "re-queued stale jobs");
  }

  private async enqueueDueSchedules(now: Date): Promise<void> {
    for (const s of this.schedules) {
      const [hh, mm] = s.dailyAt.split(":").map(Number);
      const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hh, mm));
      if (now < due) continue;
      const key = `schedule:${s.name}:${due.toISOString().slice(0, 10)}`;
      const exists = await this.db.selectFrom("jobs").select("id").where("unique_key", "=", key).executeTakeFirst();
      if (exists) continue;
      await enqueueJob(this.db, s.type, { ...s.payload, trigger: "schedule" }, { uniqueKey: key, maxAttempts: 1 });
      this.log.info({ schedule: s.name }, "scheduled job enqueued");
    }
  }
}

/** Adds a job; usable inside a transaction so that the job exists only if the work commits. */
export async function enqueueJob(
  db: Database,
  type: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
  const row = await db
    .insertInto("jobs")
    .values({
      type,
      payload: JSON.stringify(payload),
      run_at: options.runAt ?? new Date(),
      max_attempts: options.maxAttempts ?? 5,
      unique_key: options.uniqueKey ?? null,
    })
    .onConflict((oc) =>
      oc.columns(["unique_key"]).where("unique_key", "is not", null).where("status", "in", ["queued", "running"]).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}
