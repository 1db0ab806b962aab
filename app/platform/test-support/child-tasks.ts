/** A child script for child-worker tests: each request names how the task should behave. */
import { pathToFileURL } from "node:url";
import { serveChildTasks } from "../child-worker.server";

export type TestTask =
  | { kind: "echo"; value: unknown }
  | { kind: "reject"; message: string }
  | { kind: "throw-in-callback"; message: string }
  | { kind: "hang" }
  | { kind: "grow"; mb: number }
  | { kind: "pid" };

const hold: Buffer[] = [];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // A slow start (a cold machine loading a large module): ready only after this long.
  const startDelay = Number(process.env.CHILD_TASKS_START_DELAY_MS ?? 0);
  if (startDelay) await new Promise((resolve) => setTimeout(resolve, startDelay));
  serveChildTasks<TestTask, unknown>(async (task) => {
    switch (task.kind) {
      case "echo":
        return task.value;
      case "pid":
        return process.pid;
      case "reject":
        throw new Error(task.message);
      case "throw-in-callback":
        // Like a decoder failing inside a zlib callback: no try around the caller can catch it.
        setImmediate(() => {
          throw new Error(task.message);
        });
        return new Promise(() => {});
      case "hang":
        return new Promise(() => {});
      case "grow":
        for (let i = 0; i < task.mb; i++) hold.push(Buffer.alloc(1024 * 1024, 1));
        return new Promise(() => {});
    }
  });
}
