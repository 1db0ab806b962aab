/**
 * Decision 0255: the image queue runs a fixed number of jobs at once, keeps a bounded number
 * waiting, refuses the rest at once, lets an abandoned waiting job go without running it, and
 * recovers as soon as work finishes.
 */
import { describe, expect, it } from "vitest";
import {
  createWorkQueue,
  IMAGE_BACKGROUND_MAX_WAITING,
  IMAGE_MAX_WAITING,
  IMAGE_PARALLEL,
  imageQueue,
  ImageQueueFull,
} from "./image-queue.server";
import { IMAGE_MESSAGES, imageVariant, normaliseImage } from "./normalise-image.server";
import { SITE_CARD, socialCardImage } from "./social-card.server";
import { goodImages } from "./test-support/crafted-images";

/** A job that runs until the test lets it finish, saying whether it was started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const job = { started: false, open, work: async () => ((job.started = true), await opened, "done") };
  return job;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the bounded work queue", () => {
  it("runs `parallel` jobs, keeps `maxWaiting` waiting, refuses the next at once, and recovers", async () => {
    const queue = createWorkQueue(2, 3);
    const jobs = Array.from({ length: 5 }, gate);
    const results = jobs.map((j) => queue.run(j.work));
    await settle();
    expect(jobs.map((j) => j.started)).toEqual([true, true, false, false, false]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 3 });

    const refused = gate();
    await expect(queue.run(refused.work)).rejects.toBeInstanceOf(ImageQueueFull);
    expect(refused.started).toBe(false);

    // One finishes: the first waiting job takes its slot, and there is room for one more.
    jobs[0].open();
    await settle();
    expect(jobs.map((j) => j.started)).toEqual([true, true, true, false, false]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 2 });
    const late = gate();
    const lateResult = queue.run(late.work);
    await expect(queue.run(gate().work)).rejects.toBeInstanceOf(ImageQueueFull);

    for (const j of [...jobs, late]) j.open();
    expect(await Promise.all([...results, lateResult])).toEqual(Array(6).fill("done"));
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => "again")).toBe("again");
  });

  it("frees the slot of a job that fails", async () => {
    const queue = createWorkQueue(1, 1);
    const failing = queue.run(() => Promise.reject(new Error("broken file")));
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("broken file");
    expect(await next).toBe("next");
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("drops a waiting job whose request is abandoned, without running it, and frees its place", async () => {
    const queue = createWorkQueue(1, 2);
    const running = gate();
    const first = queue.run(running.work);
    const abandoned = gate();
    const visitor = new AbortController();
    const gone = queue.run(abandoned.work, { signal: visitor.signal });
    const kept = gate();
    const stays = queue.run(kept.work);
    expect(queue.waiting).toBe(2);

    visitor.abort(new Error("Client connection prematurely closed."));
    await expect(gone).rejects.toThrow("Client connection prematurely closed.");
    expect(queue.waiting).toBe(1);
    const another = gate();
    const anotherResult = queue.run(another.work); // the abandoned job's place is free again

    running.open();
    kept.open();
    another.open();
    expect(await Promise.all([first, stays, anotherResult])).toEqual(["done", "done", "done"]);
    expect(abandoned.started).toBe(false);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });

    // A request already gone is not queued at all.
    const never = gate();
    await expect(queue.run(never.work, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(never.started).toBe(false);
  });

  it("lets a job with its own smaller bound wait only while fewer than that are waiting", async () => {
    const queue = createWorkQueue(1, 4);
    const running = gate();
    const first = queue.run(running.work);
    const background = [gate(), gate()];
    const waitingBackground = background.map((j) => queue.run(j.work, { maxWaiting: 2 }));
    await expect(queue.run(gate().work, { maxWaiting: 2 })).rejects.toBeInstanceOf(ImageQueueFull);
    // The other places are still there for everyone else, up to the queue's own bound.
    const others = [gate(), gate()];
    const waitingOthers = others.map((j) => queue.run(j.work));
    expect(queue.waiting).toBe(4);
    await expect(queue.run(gate().work)).rejects.toBeInstanceOf(ImageQueueFull);
    // A job's own bound never raises the queue's.
    await expect(queue.run(gate().work, { maxWaiting: 99 })).rejects.toBeInstanceOf(ImageQueueFull);

    for (const j of [running, ...background, ...others]) j.open();
    expect(await Promise.all([first, ...waitingBackground, ...waitingOthers])).toEqual(Array(5).fill("done"));
  });
});

describe("the process's image queue", () => {
  it(`runs ${IMAGE_PARALLEL} images at once and keeps ${IMAGE_MAX_WAITING} waiting; beyond that an upload is refused as busy, and it recovers`, async () => {
    const { jpeg } = await goodImages(1600, 1200);
    // Real image work, all sent at once: exactly as many as run plus as many as may wait.
    const accepted = Array.from({ length: IMAGE_PARALLEL + IMAGE_MAX_WAITING }, () =>
      normaliseImage(jpeg, "photo"),
    );
    expect({ running: imageQueue.running, waiting: imageQueue.waiting }).toEqual({
      running: IMAGE_PARALLEL,
      waiting: IMAGE_MAX_WAITING,
    });
    expect(await normaliseImage(jpeg, "photo")).toEqual({
      ok: false,
      reason: "busy",
      message: IMAGE_MESSAGES.busy,
    });
    await expect(imageVariant(jpeg, 400, "jpeg")).rejects.toBeInstanceOf(ImageQueueFull);
    // What is not an image is still told so: the queue is not needed for that.
    expect(await normaliseImage(Buffer.from("not an image"), "photo")).toMatchObject({ reason: "not-image" });

    const results = await Promise.all(accepted);
    expect(results.every((r) => r.ok)).toBe(true);
    expect({ running: imageQueue.running, waiting: imageQueue.waiting }).toEqual({ running: 0, waiting: 0 });
    expect(await normaliseImage(jpeg, "photo")).toMatchObject({ ok: true, image: { width: 1600 } });
    expect(await imageVariant(jpeg, 400, "jpeg")).toBeInstanceOf(Buffer);
    expect(IMAGE_MESSAGES.busy).toBe(
      "We're handling a lot of photos right now. Please try again in a minute.",
    );
  });

  it(`holds at most ${IMAGE_BACKGROUND_MAX_WAITING} waiting places for link preview cards, however many are asked for; an upload still gets in`, async () => {
    const holders = Array.from({ length: IMAGE_PARALLEL }, gate);
    const held = holders.map((h) => imageQueue.run(h.work));
    const card = (n: number) => socialCardImage({ ...SITE_CARD, title: `Card ${n} of a crawl` }).png();
    const cards = Array.from({ length: IMAGE_BACKGROUND_MAX_WAITING }, (_, n) => card(n));
    expect(imageQueue.waiting).toBe(IMAGE_BACKGROUND_MAX_WAITING);
    const refused = Array.from({ length: 20 }, (_, n) => card(100 + n));
    for (const r of refused) await expect(r).rejects.toBeInstanceOf(ImageQueueFull);
    expect(imageQueue.waiting).toBe(IMAGE_BACKGROUND_MAX_WAITING);

    const { jpeg } = await goodImages();
    const upload = normaliseImage(jpeg, "photo");
    expect(imageQueue.waiting).toBe(IMAGE_BACKGROUND_MAX_WAITING + 1);
    for (const h of holders) h.open();
    expect(await upload).toMatchObject({ ok: true });
    for (const png of await Promise.all(cards)) expect(png.subarray(1, 4).toString()).toBe("PNG");
    await Promise.all(held);
  });

  it("does not work on an upload whose request is abandoned while it waits", async () => {
    const holders = Array.from({ length: IMAGE_PARALLEL }, gate);
    const held = holders.map((h) => imageQueue.run(h.work));
    const { jpeg } = await goodImages();
    const visitor = new AbortController();
    const upload = normaliseImage(jpeg, "photo", { signal: visitor.signal });
    expect(imageQueue.waiting).toBe(1);
    visitor.abort(new Error("gone"));
    await expect(upload).rejects.toThrow("gone");
    expect(imageQueue.waiting).toBe(0);
    for (const h of holders) h.open();
    await Promise.all(held);
  });
});
