/**
 * Reads, validates and formats a register source in a worker thread (stage-worker.ts, decision
 * 0231) while this thread writes the batches it returns to the staging table. This thread keeps
 * up to AHEAD_BYTES of the source queued for the worker (so that the worker need not wait for this
 * thread, which may be busy in the embedded database's COPY), and sends nothing while a finished
 * batch waits to be written: the source is read no faster than the database takes it, and memory
 * stays flat.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { projectRoot } from "~/platform/paths.server";
import type { Rejection } from "./record-rejections.server";
import { SourceError } from "./source-types";
import type { FromStageWorker, StageWorkerData, ToStageWorker } from "./stage-worker-protocol";
import type { CopyBatch } from "./staging-batch";

/** A batch of staged rows as the worker wrote it, with the rows it rejected since the last. */
export interface WorkerBatch extends CopyBatch {
  rejections: Rejection[];
}

/** How many of the source's bytes may wait for the worker: about a batch's worth. */
const AHEAD_BYTES = 4 * 1024 * 1024;

/** The worker's own heap: a batch, the reader's buffers and the seen-numbers filter fit well within. */
const WORKER_HEAP_MB = 256;

/**
 * What the worker runs. Built, the server's bundle has the worker's own entry beside it
 * (vite.config.ts); from source (tests, the CLI under tsx, the dev server) the worker loads
 * stage-worker.ts through tsx (worker-from-source.mjs).
 */
function workerScript(): { file: string; argv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts")) {
    // This code is in the server build's folder or in its assets/ folder of chunks.
    const folder = path.dirname(here);
    const file = [folder, path.dirname(folder)]
      .map((dir) => path.join(dir, "stage-worker.js"))
      .find((candidate) => fs.existsSync(candidate));
    if (!file) throw new Error(`The register reader is missing from the server build (${folder})`);
    return { file, argv: [] };
  }
  return {
    file: path.join(projectRoot(), "app", "platform", "worker-from-source.mjs"),
    argv: [pathToFileURL(path.join(path.dirname(here), "stage-worker.ts")).href],
  };
}

export class StagingWorker {
  /** Set once the source is read: a registration number may appear twice. */
  maybeDuplicates = false;
  private readonly worker: Worker;
  private readonly ready: FromStageWorker[] = [];
  /** Bytes sent to the worker that it has not taken yet. */
  private ahead = 0;
  /** The worker has read all it was sent and waits for more. */
  private caughtUp = false;
  private done = false;
  private failure: Error | undefined;
  private stopped = false;
  /** The feeder and the reader of batches, each waiting for the other side's news. */
  private waiting: (() => void)[] = [];

  /** `onRead`: how many items (rows and rejected rows) the worker has read, whenever it says. */
  constructor(
    format: "csv" | "json",
    batchSize: number,
    private readonly onRead: (processed: number) => void,
  ) {
    const { file, argv } = workerScript();
    const workerData: StageWorkerData = { format, batchSize };
    this.worker = new Worker(file, {
      argv,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.on("message", (message: FromStageWorker) => {
      if (message.t === "read") {
        this.ahead -= message.bytes;
        this.caughtUp = message.bytes === 0 && this.ahead === 0;
        this.onRead(message.processed);
      } else if (message.t === "batch") this.ready.push(message);
      else if (message.t === "done") {
        this.maybeDuplicates = message.maybeDuplicates;
        this.done = true;
      } else this.fail(message.source ? new SourceError(message.message) : new Error(message.message));
      this.wake();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => {
      if (!this.done && !this.stopped)
        this.fail(new Error(`The register reader stopped (exit code ${code})`));
    });
  }

  /**
   * The batches of the source's bytes, in order. Throws what reading the bytes or the rows threw
   * (a SourceError for an unreadable source). The worker is stopped when the caller stops.
   */
  async *batches(bytes: AsyncIterable<Buffer>): AsyncGenerator<WorkerBatch> {
    const feeding = this.feed(bytes);
    try {
      for (;;) {
        const next = this.ready.shift();
        if (next?.t === "batch") {
          const text = next.text;
          this.onRead(next.processed);
          yield { length: next.rows, toCopyText: () => text, rejections: next.rejections };
          this.wake(); // room for the feeder
          continue;
        }
        if (this.failure) throw this.failure;
        if (this.done) break;
        await this.wait();
      }
      await feeding;
    } finally {
      // Not waiting for the feeder: it may be waiting on a silent source, which the caller closes
      // next; it settles on its own once the source ends or fails.
      await this.stop();
    }
  }

  /** Stops the worker (also after it has finished). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake();
    await this.worker.terminate();
  }

  /** Sends the bytes chunk by chunk while little waits for the worker and no batch waits to be written. */
  private async feed(bytes: AsyncIterable<Buffer>): Promise<void> {
    try {
      for await (const chunk of bytes) {
        while ((this.ahead >= AHEAD_BYTES || this.ready.length > 0) && !this.failure && !this.stopped)
          await this.wait();
        if (this.failure || this.stopped) return;
        // A copy of the chunk's own bytes (a Buffer may be a view of a larger pooled buffer), moved.
        const own = new Uint8Array(chunk);
        this.ahead += own.byteLength;
        this.caughtUp = false;
        this.post({ t: "chunk", bytes: own }, [own.buffer]);
      }
      if (!this.failure && !this.stopped) this.post({ t: "end" });
    } catch (error) {
      // The source failed (a broken download, a cap): the worker first reads what it was sent, so
      // that the failed run's log says how far it got.
      while (!this.caughtUp && !this.failure && !this.stopped) await this.wait();
      this.fail(error as Error);
    }
  }

  private post(message: ToStageWorker, transfer?: ArrayBuffer[]): void {
    this.worker.postMessage(message, transfer);
  }

  /** The first failure wins (the source's own error before the worker's reaction to it). */
  private fail(error: Error): void {
    this.failure ??= error;
    this.wake();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
