/**
 * The staging worker's side (a worker thread, decision 0231): it is handed the source's bytes
 * chunk by chunk, reads them as CSV or JSON, validates every row (normalise-row.ts) and writes the
 * valid ones as COPY text in batches (staging-batch.ts), which it hands back to the thread that
 * runs the sync; that thread writes them to the database while this one reads on. Both threads of
 * a two-core machine then work at once: reading no longer waits for each COPY's round trips, nor
 * the COPY for the reading.
 *
 * It says when it takes each chunk (`read`), and the sender keeps a few megabytes queued ahead of
 * it and no more: memory stays flat whatever the size of the source.
 */
import { parentPort, workerData } from "node:worker_threads";
import { normaliseRow } from "./normalise-row";
import { readCsvRows } from "./read-csv-rows.server";
import { readJsonRows } from "./read-json-rows.server";
import type { Rejection } from "./record-rejections.server";
import { SeenNumbers } from "./seen-numbers";
import { SourceError, type SourceItem } from "./source-types";
import { StagingBatch } from "./staging-batch";
import type { StageWorkerData, ToStageWorker, FromStageWorker } from "./stage-worker-protocol";

const port = parentPort;
if (!port) throw new Error("stage-worker.ts runs in a worker thread (staging-worker.server.ts starts it)");
const { format, batchSize } = workerData as StageWorkerData;

/** Chunks received and not yet read; `null` once the source has ended. */
const queue: (Uint8Array | null)[] = [];
/** Items read so far: rows and rejected rows. */
let processed = 0;
let wake: (() => void) | undefined;
port.on("message", (message: ToStageWorker) => {
  queue.push(message.t === "chunk" ? message.bytes : null);
  wake?.();
});

function send(message: FromStageWorker, transfer?: ArrayBuffer[]): void {
  port!.postMessage(message, transfer);
}

/** The source's bytes as they arrive; says so as it takes each chunk (the sender sends more). */
async function* input(): AsyncGenerator<Buffer> {
  for (;;) {
    if (queue.length === 0) {
      send({ t: "read", bytes: 0, processed }); // caught up: how far it got
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    const chunk = queue.shift();
    if (chunk === null || chunk === undefined) return;
    send({ t: "read", bytes: chunk.byteLength, processed });
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

async function stage(): Promise<void> {
  const batch = new StagingBatch();
  const seen = new SeenNumbers();
  let rejections: Rejection[] = [];
  /** Hands the batch over (its text in a buffer of its own, moved, not copied, to the other thread). */
  const flush = () => {
    const text = new Uint8Array(batch.toCopyText());
    send({ t: "batch", text, rows: batch.length, processed, rejections }, [text.buffer]);
    batch.clear();
    rejections = [];
  };
  const take = (item: SourceItem) => {
    processed++;
    if (item.kind === "reject") {
      rejections.push({ line: item.line, registrationNumber: null, reason: item.reason });
    } else {
      const result = normaliseRow(item.raw);
      if (result.ok) {
        seen.add(result.row.registration_number);
        batch.add(result.row, item.line);
      } else {
        rejections.push({
          line: item.line,
          registrationNumber: result.registrationNumber,
          reason: result.reason,
        });
      }
    }
    if (batch.length >= batchSize || rejections.length >= batchSize) flush();
  };
  const slices = format === "json" ? readJsonRows(input()) : readCsvRows(input());
  for await (const items of slices) for (const item of items) take(item);
  if (batch.length > 0 || rejections.length > 0) flush();
  send({ t: "done", maybeDuplicates: seen.maybeDuplicates });
}

stage().catch((error: unknown) => {
  send({
    t: "error",
    message: error instanceof Error ? error.message : String(error),
    source: error instanceof SourceError,
  });
});
