import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ChildWorker, ChildWorkerError } from "./child-worker.server";
import { createLogger } from "./logger.server";
import type { TestTask } from "./test-support/child-tasks";

const worker = new ChildWorker<TestTask, unknown>({
  script: path.join(import.meta.dirname, "test-support", "child-tasks.ts"),
  execArgv: ["--import", "tsx"],
  timeoutMs: 3_000,
  maxHeapMb: 64,
  maxRssMb: 300,
  log: createLogger("silent"),
  name: "test worker",
});
afterAll(() => worker.close());

describe("ChildWorker", () => {
  it("runs tasks in another process and returns Buffers, Dates and objects as they are", async () => {
    const pid = await worker.run({ kind: "pid" });
    expect(pid).not.toBe(process.pid);
    const value = { at: new Date("2026-11-23T10:00:00Z"), bytes: Buffer.from("hello"), list: [1, "two"] };
    const back = (await worker.run({ kind: "echo", value })) as typeof value;
    expect(back.at).toEqual(value.at);
    expect(Buffer.from(back.bytes).toString()).toBe("hello");
    expect(back.list).toEqual([1, "two"]);
  });

  it("passes a task's own error back and keeps the same child", async () => {
    const pid = await worker.run({ kind: "pid" });
    await expect(worker.run({ kind: "reject", message: "bad input" })).rejects.toThrow("bad input");
    expect(await worker.run({ kind: "pid" })).toBe(pid);
  });

  it("survives an exception thrown from a callback no try can catch: the task fails, the next runs in a new child", async () => {
    const pid = await worker.run({ kind: "pid" });
    const error = await worker
      .run({ kind: "throw-in-callback", message: "invalid IDAT" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChildWorkerError);
    expect((error as Error).message).toContain("invalid IDAT");
    const next = await worker.run({ kind: "pid" });
    expect(next).not.toBe(pid);
    expect(next).not.toBe(process.pid);
  });

  it("counts a task's time from when its process is ready, and gives up on a process that never is", async () => {
    const options = {
      script: path.join(import.meta.dirname, "test-support", "child-tasks.ts"),
      execArgv: ["--import", "tsx"],
      maxHeapMb: 64,
      maxRssMb: 300,
      log: createLogger("silent"),
      name: "slow worker",
      env: { CHILD_TASKS_START_DELAY_MS: "1500" },
    };
    // Loading takes 1.5 s more than the task's whole 1 s: the task still runs, and later ones too.
    const slow = new ChildWorker<TestTask, unknown>({ ...options, timeoutMs: 1_000 });
    try {
      expect(await slow.run({ kind: "echo", value: "late start" })).toBe("late start");
      expect(await slow.run({ kind: "echo", value: "next" })).toBe("next");
    } finally {
      await slow.close();
    }
    const stuck = new ChildWorker<TestTask, unknown>({ ...options, timeoutMs: 1_000, startupMs: 500 });
    try {
      const error = await stuck.run({ kind: "echo", value: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChildWorkerError);
      expect((error as Error).message).toMatch(/waited more than 1 s for the process to start/);
    } finally {
      await stuck.close();
    }
  });

  it("stops a task that takes longer than its time limit", async () => {
    const error = await worker.run({ kind: "hang" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChildWorkerError);
    expect((error as Error).message).toMatch(/took longer than 3 s/);
    expect(await worker.run({ kind: "echo", value: "after" })).toBe("after");
  });

  it("stops a task whose memory grows past the limit (buffers outside the JavaScript heap too)", async () => {
    const error = await worker.run({ kind: "grow", mb: 600 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChildWorkerError);
    expect((error as Error).message).toMatch(/of memory \(limit 300 MB\)/);
    expect(await worker.run({ kind: "echo", value: 1 })).toBe(1);
  });

  it("runs queued tasks one after another when one of them kills the child", async () => {
    const results = await Promise.allSettled([
      worker.run({ kind: "echo", value: "a" }),
      worker.run({ kind: "throw-in-callback", message: "boom" }),
      worker.run({ kind: "echo", value: "c" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[2] as PromiseFulfilledResult<unknown>).value).toBe("c");
  });
});
