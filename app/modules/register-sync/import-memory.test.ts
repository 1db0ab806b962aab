/**
 * A 50,000-row import with memory checked flat. After each batch the test forces a full garbage
 * collection and reads the live JS heap of the thread that runs the sync (the staging worker's own
 * heap is capped: staging-worker.server.ts). Streaming keeps at most three batches (5,000 rows each
 * here) alive, so the live heap must not grow between the first batch and the last. An importer that
 * kept rows (or rejections, or the file) would retain about 1 KB per row: 40+ MB by the end, far
 * above the 16 MB bound, which leaves room for V8's own caches and the database driver.
 */
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { expect, it } from "vitest";
import type { TestDatabase } from "../../../tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { runRegisterSync } from "./run-register-sync.server";
import { writeSampleRegister } from "./write-sample-register.server";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let t: TestDatabase;
let dir: string;
useTestDatabaseAndFolder("register-memory-", (opened, folder) => {
  t = opened;
  dir = folder;
});

it("imports 50,000 rows with a flat live heap", { timeout: 180_000 }, async () => {
  const file = path.join(dir, "register-50k.csv");
  await writeSampleRegister(file, { rows: 50_000, seed: 5, malformed: 25 });
  const samples: { processed: number; heap: number }[] = [];
  const summary = await runRegisterSync(t.db, {
    source: file,
    removeMissing: true,
    batchSize: 5_000,
    onProgress: (p) => {
      gc();
      samples.push({ processed: p.processed, heap: process.memoryUsage().heapUsed });
    },
  });
  expect(summary).toMatchObject({ processed: 50_000, added: 49_975, rejected: 25 });
  const { count } = await t.db
    .selectFrom("directory_entries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(49_975);

  expect(samples.length).toBeGreaterThanOrEqual(9);
  const baseline = samples[0].heap;
  const peak = Math.max(...samples.map((s) => s.heap));
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(
    `live heap after the first batch ${(baseline / 1048576).toFixed(1)} MB, peak growth ${growthMb.toFixed(1)} MB over ${samples.length} batches`,
  );
  expect(growthMb).toBeLessThan(16);
});
