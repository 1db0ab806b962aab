/**
 * Jobs as definitions (decision 0016). A module defines each job type once, beside the code that
 * queues it: the type name, the payload's zod schema, how urgent it is and how often it may be
 * tried. `enqueueJob` takes the definition and refuses a payload the schema refuses, so a bad job
 * is never stored; the queue checks the payload again before it runs a job (a row written by an
 * older release, or by hand, fails at once with the reason instead of running on bad input).
 *
 * The handler is bound where the module's dependencies are known, in the module's `jobs.server.ts`
 * (`jobHandler(definition, handler, { schedule })`), and server/jobs.ts lists every module's jobs
 * in one place for the runner.
 */
import { z } from "zod";
import type { Database } from "../db/database.server";
import type { Job } from "../db/schema";
import type { Logger } from "../logger.server";

/** Priorities used by the modules: lower is claimed first among due jobs. */
export const JOB_PRIORITY = { urgent: 0, normal: 5, low: 9 } as const;

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Stored in jobs.type: never rename one that may still be queued. */
  type: string;
  payload: S;
  /** JOB_PRIORITY.normal unless given: e-mails people wait for are urgent. */
  priority?: number;
  /** Long background work: at most one bulk job runs at a time in a runner. */
  bulk?: boolean;
  /** Attempts when the enqueuer does not say (5 by default). */
  maxAttempts?: number;
}

export interface JobHelpers {
  db: Database;
  log: Logger;
  job: Job;
  /** True once the runner is stopping: long jobs should finish their step and return. */
  signal: AbortSignal;
}

export interface JobSchedule {
  /** Names the day's run in jobs.unique_key, so each instance enqueues it once a day. */
  name: string;
  /** Daily time, "HH:MM" in UTC. */
  dailyAt: string;
}

/** A definition with its handler: what the runner registers. */
export interface JobRegistration<S extends z.ZodType = z.ZodType> extends JobDefinition<S> {
  handler: (payload: z.output<S>, helpers: JobHelpers) => Promise<void>;
  /** Enqueued once a day with the payload { trigger: "schedule" }. */
  schedule?: JobSchedule;
  /** Releases what the handler holds (a child process), when the runner stops. */
  close?: () => Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export function jobHandler<S extends z.ZodType>(
  definition: JobDefinition<S>,
  handler: JobRegistration<S>["handler"],
  extra: Pick<JobRegistration<S>, "schedule" | "close"> = {},
): JobRegistration<S> {
  return { ...definition, handler, ...extra };
}

/** The payload of a job that takes none: empty, or how it was started ({ trigger: "schedule" }). */
export const triggerOnlyPayload = z.strictObject({ trigger: z.string().max(40).optional() });

export class InvalidJobPayloadError extends Error {
  constructor(type: string, error: z.ZodError) {
    super(`Invalid payload for the job '${type}': ${z.prettifyError(error)}`);
    this.name = "InvalidJobPayloadError";
  }
}

/** The payload as the definition's schema reads it, or InvalidJobPayloadError. */
export function parseJobPayload<S extends z.ZodType>(
  definition: JobDefinition<S>,
  payload: unknown,
): z.output<S> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.type, parsed.error);
  return parsed.data;
}
