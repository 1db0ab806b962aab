/**
 * The import runs inside the web server process. Reading a stream whose data is already buffered
 * (a fast disk, an inflating ZIP) can go on in promise callbacks alone, which never let timers or
 * requests run; the source readers hand the event loop back at least every YIELD_EVERY_MS of work
 * and cut big chunks into slices, so that no single synchronous step lasts long (decision 0109).
 */
import { setImmediate as immediate } from "node:timers/promises";

export const YIELD_EVERY_MS = 5;
/** Largest piece of a chunk parsed in one synchronous step. */
export const SLICE_BYTES = 256 * 1024;

export class EventLoopYielder {
  private last = performance.now();

  constructor(private readonly everyMs = YIELD_EVERY_MS) {}

  /** True once `everyMs` passed since the last yield. */
  due(): boolean {
    return performance.now() - this.last >= this.everyMs;
  }

  async yield(): Promise<void> {
    await immediate();
    this.last = performance.now();
  }
}

/** The chunks cut in pieces of at most SLICE_BYTES (a multi-byte character cut in two is fine: the decoders keep it). */
export async function* slicedChunks(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of bytes) {
    if (chunk.length <= SLICE_BYTES) yield chunk;
    else for (let i = 0; i < chunk.length; i += SLICE_BYTES) yield chunk.subarray(i, i + SLICE_BYTES);
  }
}

/** slicedChunks as an iterator. */
export function sliced(bytes: AsyncIterable<Buffer>): AsyncIterator<Buffer> {
  return slicedChunks(bytes)[Symbol.asyncIterator]();
}
