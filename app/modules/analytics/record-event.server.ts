import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export type ProviderEvent = "view" | "phone_click";

interface QueuedEvent {
  id: string;
  action: ProviderEvent;
  /** When it happened (ISO 8601), not when it was written. */
  at: string;
}

export interface ProviderEventRecorderOptions {
  /** Longest an event waits before it is written. */
  maxDelayMs?: number;
  /** Written at once when this many are waiting. */
  maxBatch?: number;
  /** Told about a batch that could not be written (analytics never break a page). */
  onError?: (error: unknown, lost: number) => void;
}

/**
 * Counts profile views and phone clicks (decision 0209). Events are queued in memory and written
 * in one multi-row insert at most `maxDelayMs` later (or as soon as `maxBatch` are waiting):
 * one commit per batch instead of one per page view, so a busy profile page does not queue
 * behind the database's disk flushes. `flush()` writes what is waiting; the server calls it
 * before it closes the database. An event for a registration number that is not in the
 * directory is dropped, not allowed to fail the rest of its batch.
 */
export class ProviderEventRecorder {
  private queue: QueuedEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly maxDelayMs: number;
  private readonly maxBatch: number;
  private readonly onError: (error: unknown, lost: number) => void;

  constructor(
    private readonly db: Database,
    options: ProviderEventRecorderOptions = {},
  ) {
    this.maxDelayMs = options.maxDelayMs ?? 1000;
    this.maxBatch = options.maxBatch ?? 500;
    this.onError = options.onError ?? (() => {});
  }

  record(registrationNumber: string, action: ProviderEvent): void {
    this.queue.push({ id: registrationNumber, action, at: new Date().toISOString() });
    if (this.queue.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.maxDelayMs);
      this.timer.unref();
    }
  }

  /** Writes every waiting event; resolves when they (and any batch already being written) are stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: QueuedEvent[]): Promise<void> {
    try {
      await sql`
        INSERT INTO provider_analytics (provider_id, action_type, created_at)
        SELECT e.id, e.action, e.at
        FROM unnest(
          ${sql.val(batch.map((e) => e.id))}::text[],
          ${sql.val(batch.map((e) => e.action))}::text[],
          ${sql.val(batch.map((e) => e.at))}::timestamptz[]
        ) AS e (id, action, at)
        JOIN directory_entries d ON d.registration_number = e.id`.execute(this.db);
    } catch (error) {
      this.onError(error, batch.length);
    }
  }
}
