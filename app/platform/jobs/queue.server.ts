/**
 * A small durable job queue in the `jobs` table: enqueue, claim with FOR UPDATE SKIP LOCKED,
 * retry with exponential backoff, recover jobs whose process died, and daily schedules.
 *
 * Rules (decision 0007): a job never runs more than its max_attempts; a job whose process died
 * (its runner stopped beating) counts that attempt, and is failed, not re-queued, when it was the
 * last; urgent types (e-mails) are claimed before others; bulk types (register syncs, purges)
 * take at most one slot, so user-facing work never waits behind them. Job types are definitions
 * with a zod payload (job-definition.server.ts): checked when enqueued and again before they run.
 */
import os from "node:os";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database.server";
import type { Job } from "../db/schema";
import type { Logger } from "../logger.server";
import {
  InvalidJobPayloadError,
  JOB_PRIORITY,
  parseJobPayload,
  type JobDefinition,
  type JobRegistration,
} from "./job-definition.server";

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /**
   * While a job with this key is queued or running, enqueueing another is a no-op (unless the
   * running one gave its key up: releaseUniqueKey).
   */
  uniqueKey?: string;
}

export interface JobQueueOptions {
  pollMs?: number;
  concurrency?: number;
  /**
   * A running job whose runner has not beaten for this long is taken as crashed: retried, or
   * failed when that was its last attempt. Runners beat every `heartbeatMs` for their jobs.
   */
  staleAfterMs?: number;
  heartbeatMs?: number;
  /** Told about every finished attempt (for metrics). */
  onFinished?: (type: string, outcome: "done" | "failed" | "retry", seconds: number) => void;
}

export class JobQueue {
  private handlers = new Map<string, JobRegistration>();
  private runningJobs = new Map<string, Job>();
  private lastBeat = 0;
  private lastPrune = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private abort = new AbortController();
  private readonly workerId = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly staleAfterMs: number;
  private readonly heartbeatMs: number;
  private readonly onFinished: JobQueueOptions["onFinished"];
  private ticking = false;
  private wakeAgain = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 2;
    this.staleAfterMs = options.staleAfterMs ?? 2 * 60_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.floor(this.staleAfterMs / 6));
    this.onFinished = options.onFinished;
  }

  /** Adds job types this runner claims (one registration per type; the last one wins). */
  register(...registrations: JobRegistration[]): void {
    for (const r of registrations) this.handlers.set(r.type, r);
  }

  async enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    return enqueueJob(this.db, definition, payload, options);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /**
   * Looks for due jobs now rather than at the next poll (after enqueueing a job someone waits
   * for). Only once started; a wake during a tick runs one more tick after it.
   */
  wake(): void {
    if (!this.timer) return;
    if (this.ticking) this.wakeAgain = true;
    else void this.tick();
  }

  /**
   * Stops polling, waits for running jobs to finish (they see the abort signal), then releases
   * what the registered handlers hold.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await Promise.allSettled([...this.running]);
    await Promise.allSettled([...this.handlers.values()].map((h) => h.close?.()));
  }

  /** One poll: run due schedules, recover stale jobs, start due jobs up to the concurrency. */
  async tick(now = new Date()): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.enqueueDueSchedules(now);
      await this.beat();
      await this.recoverStale();
      await this.pruneFinished();
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
      if (this.wakeAgain && this.timer) {
        this.wakeAgain = false;
        void this.tick();
      }
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

  /** Takes the most urgent due job; a bulk type only while no bulk job runs here. */
  private async claim(): Promise<Job | undefined> {
    const bulkBusy = [...this.runningJobs.values()].some((j) => this.handlers.get(j.type)?.bulk);
    const types = [...this.handlers.entries()].filter(([, h]) => !(bulkBusy && h.bulk));
    if (types.length === 0) return undefined;
    const priority = sql`CASE type ${sql.join(
      types.map(([type, h]) => sql`WHEN ${type} THEN ${h.priority ?? JOB_PRIORITY.normal}`),
      sql` `,
    )} ELSE ${JOB_PRIORITY.normal} END`;
    const result = await sql<Job>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${this.workerId}
      WHERE id = (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= now() AND attempts < max_attempts
          AND type IN (${sql.join(types.map(([type]) => type))})
        ORDER BY ${priority}, run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING *`.execute(this.db);
    const job = result.rows[0];
    if (job) this.runningJobs.set(job.id, job);
    return job;
  }

  private async run(job: Job): Promise<void> {
    try {
      await this.runClaimed(job);
    } catch (error) {
      // Recording the outcome failed (the database went away): the job is recovered as stale.
      this.log.error({ err: error, jobId: job.id }, "job outcome not recorded");
    } finally {
      this.runningJobs.delete(job.id);
    }
  }

  private async runClaimed(job: Job): Promise<void> {
    const registration = this.handlers.get(job.type)!;
    const log = this.log.child({ jobId: job.id, jobType: job.type });
    const started = Date.now();
    try {
      const payload = parseJobPayload(registration, job.payload ?? {});
      await registration.handler(payload, { db: this.db, log, job, signal: this.abort.signal });
      await this.db
        .updateTable("jobs")
        .set({ status: "done", finished_at: new Date(), last_error: null })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .where("locked_by", "=", this.workerId)
        .execute();
      log.info({ ms: Date.now() - started }, "job done");
      this.onFinished?.(job.type, "done", (Date.now() - started) / 1000);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A payload the schema refuses will not become valid on a retry.
      const final = job.attempts >= job.max_attempts || error instanceof InvalidJobPayloadError;
      const backoffMs = Math.min(2 ** job.attempts * 5_000, 60 * 60_000);
      log.error({ err: error, attempt: job.attempts, final }, "job failed");
      this.onFinished?.(job.type, final ? "failed" : "retry", (Date.now() - started) / 1000);
      await this.db
        .updateTable("jobs")
        .set(
          final
            ? { status: "failed", last_error: message, finished_at: new Date() }
            : {
                status: "queued",
                last_error: message,
                run_at: new Date(Date.now() + backoffMs),
                locked_at: null,
              },
        )
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .where("locked_by", "=", this.workerId)
        .execute();
    }
  }

  /** Tells other runners that this one's jobs are alive (their lock is refreshed). */
  private async beat(): Promise<void> {
    if (this.runningJobs.size === 0 || Date.now() - this.lastBeat < this.heartbeatMs) return;
    this.lastBeat = Date.now();
    await this.db
      .updateTable("jobs")
      .set({ locked_at: new Date() })
      .where("id", "in", [...this.runningJobs.keys()])
      .where("status", "=", "running")
      .where("locked_by", "=", this.workerId)
      .execute();
  }

  /**
   * Jobs whose runner stopped beating died with their process. That run counted as an attempt
   * (attempts went up when it was claimed): the job is retried after a back-off while attempts
   * remain, and failed with the reason when that was its last.
   */
  async recoverStale(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - this.staleAfterMs);
    const message = "The process running this job stopped before it finished";
    const failed = await this.db
      .updateTable("jobs")
      .set({ status: "failed", locked_at: null, finished_at: now, last_error: message })
      .where("status", "=", "running")
      .where("locked_at", "<", cutoff)
      .whereRef("attempts", ">=", "max_attempts")
      .returning(["id", "type", "attempts"])
      .execute();
    const requeued = await this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: "queued",
        locked_at: null,
        last_error: message,
        run_at: sql<Date>`${now}::timestamptz + least(power(2, ${eb.ref("attempts")}) * interval '5 seconds', interval '1 hour')`,
      }))
      .where("status", "=", "running")
      .where("locked_at", "<", cutoff)
      .whereRef("attempts", "<", "max_attempts")
      .returning(["id", "type", "attempts"])
      .execute();
    if (failed.length)
      this.log.error({ jobs: failed }, "jobs failed: their process stopped during the last attempt");
    if (requeued.length) this.log.warn({ jobs: requeued }, "re-queued jobs whose process stopped");
  }

  /** Finished jobs are kept a while for the admin's view, then deleted (hourly). */
  private async pruneFinished(now = Date.now()): Promise<void> {
    if (now - this.lastPrune < 60 * 60_000) return;
    this.lastPrune = now;
    await this.db
      .deleteFrom("jobs")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "done"), eb("finished_at", "<", new Date(now - 7 * 24 * 60 * 60_000))]),
          eb.and([
            eb("status", "=", "failed"),
            eb("finished_at", "<", new Date(now - 30 * 24 * 60 * 60_000)),
          ]),
        ]),
      )
      .execute();
  }

  private async enqueueDueSchedules(now: Date): Promise<void> {
    for (const registration of this.handlers.values()) {
      const s = registration.schedule;
      if (!s) continue;
      const [hh, mm] = s.dailyAt.split(":").map(Number);
      const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hh, mm));
      if (now < due) continue;
      const key = `schedule:${s.name}:${due.toISOString().slice(0, 10)}`;
      const exists = await this.db
        .selectFrom("jobs")
        .select("id")
        .where("unique_key", "=", key)
        .executeTakeFirst();
      if (exists) continue;
      await enqueueJob(this.db, registration, { trigger: "schedule" }, { uniqueKey: key, maxAttempts: 1 });
      this.log.info({ schedule: s.name }, "scheduled job enqueued");
    }
  }
}

/**
 * Adds a job; usable inside a transaction so that the job exists only if the work commits. The
 * payload must pass the definition's schema (InvalidJobPayloadError otherwise: nothing is stored).
 */
export async function enqueueJob<S extends z.ZodType>(
  db: Database,
  definition: JobDefinition<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const parsed = parseJobPayload(definition, payload);
  const row = await db
    .insertInto("jobs")
    .values({
      type: definition.type,
      payload: JSON.stringify(parsed),
      run_at: options.runAt ?? new Date(),
      max_attempts: options.maxAttempts ?? definition.maxAttempts ?? 5,
      unique_key: options.uniqueKey ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(["unique_key"])
        .where("unique_key", "is not", null)
        .where("status", "in", ["queued", "running"])
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A running job gives up its unique key, in the transaction that finishes its work: from then on
 * enqueueing with that key queues a new job beside it, which the queue runs as usual. For a job
 * whose work must be done again after any change it did not see (the waste note PDF, decision
 * 0248): a change committed after this transaction gets a job of its own, not a no-op. No effect
 * on a job that is no longer running.
 */
export async function releaseUniqueKey(db: Database, jobId: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ unique_key: null })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .execute();
}

export interface FailedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  lastError: string | null;
  attempts: number;
  maxAttempts: number;
  failedAt: Date;
}

/** Jobs that failed for good (after their last attempt) since a date, newest first. */
export async function listFailedJobs(
  db: Database,
  options: { since: Date; limit: number },
): Promise<{ total: number; jobs: FailedJob[] }> {
  const base = db.selectFrom("jobs").where("status", "=", "failed").where("finished_at", ">=", options.since);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["id", "type", "payload", "last_error", "attempts", "max_attempts", "finished_at"])
      .orderBy("finished_at", "desc")
      .orderBy("id", "desc")
      .limit(options.limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    jobs: rows.map((r) => ({
      id: r.id,
      type: r.type,
      payload: r.payload ?? {},
      lastError: r.last_error,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      failedAt: r.finished_at ?? new Date(0),
    })),
  };
}
