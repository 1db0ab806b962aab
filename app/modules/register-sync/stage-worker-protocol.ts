/** The messages between a sync and its staging worker (stage-worker.ts, staging-worker.server.ts). */
import type { Rejection } from "./record-rejections.server";

export interface StageWorkerData {
  format: "csv" | "json";
  /** A batch is handed over at this many valid rows (or this many rejections). */
  batchSize: number;
}

/** To the worker: the source's next bytes, or its end. */
export type ToStageWorker = { t: "chunk"; bytes: Uint8Array } | { t: "end" };

/** From the worker. */
export type FromStageWorker =
  /** It has taken a chunk of `bytes` to read; `processed` items so far (rows and rejected rows). */
  | { t: "read"; bytes: number; processed: number }
  /**
   * A batch: its COPY text and row count, the rows it rejected since the last batch, and the
   * items read so far (rows and rejected rows, this batch's included).
   */
  | { t: "batch"; text: Uint8Array; rows: number; processed: number; rejections: Rejection[] }
  /** The source is read. `maybeDuplicates`: a registration number may appear twice (seen-numbers.ts). */
  | { t: "done"; maybeDuplicates: boolean }
  /** Reading failed: `source` when the source itself is unreadable (a SourceError). */
  | { t: "error"; message: string; source: boolean };
