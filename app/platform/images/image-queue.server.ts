/**
 * The one queue every piece of image work in the process goes through (sharp's decoding and
 * re-encoding, decision 0005): at most IMAGE_PARALLEL jobs at once and at most IMAGE_MAX_WAITING
 * waiting for a turn, whoever sent them (decision 0255). A job that finds the queue full is refused
 * at once with ImageQueueFull, before any work is done; a waiting job whose request is abandoned
 * (its AbortSignal fires) leaves the queue and is never run.
 *
 * Written here rather than taken from a library: none in package.json does it, and the whole of it
 * is the few lines below (p-limit has no bound on its waiting list, p-queue is not a dependency).
 */

/** Two images at once, one libvips thread each (decision 0005). */
export const IMAGE_PARALLEL = 2;
/**
 * Sixteen waiting: a burst of honest uploads (a 12 MP phone photo takes about a quarter of a
 * second) waits a few seconds at most, and the uploads held in memory while they wait stay under
 * 16 x 10 MB. Beyond that the visitor is asked to try again in a minute.
 */
export const IMAGE_MAX_WAITING = 16;
/**
 * Work nobody is waiting to send (the link preview cards any visitor or crawler may ask for) waits
 * only while fewer than this many jobs are waiting: however many cards are asked for, they hold at
 * most this many of the places, and an upload finds the queue full only behind other uploads.
 */
export const IMAGE_BACKGROUND_MAX_WAITING = 4;

/** The queue had IMAGE_MAX_WAITING jobs waiting already: this one was not taken. */
export class ImageQueueFull extends Error {
  constructor() {
    super("too much image work waiting; try again shortly");
    this.name = "ImageQueueFull";
  }
}

export interface RunOptions {
  /** The request behind the job: when it is abandoned before the job's turn, the job is dropped. */
  signal?: AbortSignal;
  /** Wait only while fewer jobs than this are waiting (at most the queue's own bound). */
  maxWaiting?: number;
}

export interface WorkQueue {
  /**
   * Runs `work` when a slot is free. Rejects with ImageQueueFull when the waiting list is full (for
   * this job: `options.maxWaiting`), and with `signal.reason` (without running `work`) when the
   * signal fires before the turn comes.
   */
  run<T>(work: () => Promise<T>, options?: RunOptions): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(parallel: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting = new Set<() => void>(); // in the order they came
  // A finished job hands its slot to the first waiting one, so no newcomer can slip in between.
  const release = () => {
    const [next] = waiting;
    if (next) {
      waiting.delete(next);
      next();
    } else running--;
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.size;
    },
    async run(work, { signal, maxWaiting: ownLimit = maxWaiting } = {}) {
      signal?.throwIfAborted();
      if (running < parallel) running++;
      else if (waiting.size >= Math.min(ownLimit, maxWaiting)) throw new ImageQueueFull();
      else
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener("abort", abandon);
            resolve();
          };
          const abandon = () => {
            waiting.delete(start);
            reject(signal?.reason);
          };
          waiting.add(start);
          signal?.addEventListener("abort", abandon, { once: true });
        });
      try {
        signal?.throwIfAborted();
        return await work();
      } finally {
        release();
      }
    },
  };
}

/** The process's image queue: normaliseImage and imageVariant both wait here. */
export const imageQueue = createWorkQueue(IMAGE_PARALLEL, IMAGE_MAX_WAITING);
