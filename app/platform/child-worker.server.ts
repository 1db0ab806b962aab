/**
 * Runs risky work (decoding untrusted files, rendering PDFs) in a separate Node process, so that
 * an exception thrown from a native callback, an endless loop or runaway memory ends that
 * process and fails the task, never the web server. One long-lived child takes one task at a
 * time; it is started on first use, replaced when it dies, times out or grows past its memory
 * limit, and leaves after a quiet minute (decision 0006).
 *
 * The child is a script that calls `serveChildTasks(handler)`. Messages use Node's "advanced"
 * serialisation, so Buffers, Dates and plain objects cross as they are.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { Logger } from "./logger.server";

export interface ChildWorkerOptions {
  /** Absolute path of the child's script (`.js`, or `.ts` run through tsx in development and tests). */
  script: string;
  /** Node options for the child, e.g. ["--import", "tsx"]. The heap limit is added to them. */
  execArgv?: string[];
  /** Extra environment for the child (e.g. which role a shared entry script should take). */
  env?: Record<string, string>;
  /** A task that takes longer is abandoned and the child killed (counted once the child is ready). */
  timeoutMs: number;
  /**
   * How long a new child may take to load before it is ready for its first task (default 60 s):
   * a cold start on a busy machine does not eat the task's own time.
   */
  startupMs?: number;
  /** V8 heap of the child (--max-old-space-size). */
  maxHeapMb: number;
  /** The child's whole resident memory (heap, buffers and native), checked while a task runs. */
  maxRssMb: number;
  /** The child exits after this long without work (it starts again on the next task). */
  idleMs?: number;
  log: Logger;
  /** Name in log lines and errors, e.g. "PDF renderer". */
  name: string;
}

/** Why a task failed when the child, not the task's own code, was the problem. */
export class ChildWorkerError extends Error {}

interface Pending {
  id: number;
  request: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type ChildMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { crash: string }
  | { ready: true };

const RSS_CHECK_MS = 200;

export class ChildWorker<Req, Res> {
  private child: ChildProcess | undefined;
  private queue: Pending[] = [];
  private current: Pending | undefined;
  private nextId = 1;
  private taskTimer: NodeJS.Timeout | undefined;
  private rssTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private lastCrash: string | undefined;
  /** The current child has loaded its script and serves tasks. */
  private ready = false;
  private closed = false;

  constructor(private readonly options: ChildWorkerOptions) {}

  /** Runs one task in the child. Rejects with the task's own error, or a ChildWorkerError. */
  run(request: Req): Promise<Res> {
    if (this.closed) return Promise.reject(new ChildWorkerError(`The ${this.options.name} is shut down`));
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Stops the child; queued tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0))
      p.reject(new ChildWorkerError(`The ${this.options.name} is shut down`));
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }

  /** The child's process id while one runs (for tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    const task = this.queue.shift()!;
    this.current = task;
    clearTimeout(this.idleTimer);
    this.ensureChild();
    if (this.ready) this.send(task);
    else {
      const startupMs = this.options.startupMs ?? 60_000;
      this.taskTimer = setTimeout(() => {
        this.kill(`waited more than ${Math.round(startupMs / 1000)} s for the process to start`);
      }, startupMs);
    }
  }

  /** Hands the task to the ready child; its time and memory limits start now. */
  private send(task: Pending): void {
    const child = this.child!;
    clearTimeout(this.taskTimer);
    this.taskTimer = setTimeout(() => {
      this.kill(`took longer than ${Math.round(this.options.timeoutMs / 1000)} s`);
    }, this.options.timeoutMs);
    this.rssTimer = setInterval(() => {
      const rss = residentMb(child.pid);
      if (rss !== null && rss > this.options.maxRssMb)
        this.kill(`used ${rss} MB of memory (limit ${this.options.maxRssMb} MB)`);
    }, RSS_CHECK_MS);
    child.send({ id: task.id, request: task.request }, (error) => {
      if (error && this.current === task) this.kill(`could not be reached (${error.message})`);
    });
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const { script, execArgv = [], maxHeapMb } = this.options;
    const child = fork(script, [], {
      execArgv: [...execArgv, `--max-old-space-size=${maxHeapMb}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, ...this.options.env },
    });
    this.child = child;
    this.ready = false;
    this.lastCrash = undefined;
    child.on("message", (message: ChildMessage) => this.onMessage(child, message));
    child.on("error", (error) =>
      this.options.log.error({ err: error }, `${this.options.name} process error`),
    );
    child.once("exit", (code, signal) => this.onExit(child, code, signal));
    return child;
  }

  private onMessage(child: ChildProcess, message: ChildMessage): void {
    if (child !== this.child) return;
    if ("ready" in message) {
      this.ready = true;
      if (this.current) this.send(this.current);
      return;
    }
    if ("crash" in message) {
      this.lastCrash = message.crash;
      return;
    }
    const task = this.current;
    if (!task || task.id !== message.id) return;
    this.finish();
    if (message.ok) task.resolve(message.result);
    else task.reject(new Error(message.error));
    this.afterTask();
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child) return;
    this.child = undefined;
    const task = this.current;
    if (!task) return;
    this.finish();
    const why = this.lastCrash ?? (signal ? `was stopped (${signal})` : `exited with code ${code}`);
    this.options.log.warn({ why }, `${this.options.name} process ended during a task`);
    task.reject(new ChildWorkerError(`The ${this.options.name} failed: ${why}`));
    this.afterTask();
  }

  private kill(reason: string): void {
    const child = this.child;
    if (!child) return;
    this.lastCrash = `the task ${reason} and was stopped`;
    child.kill("SIGKILL");
  }

  private finish(): void {
    clearTimeout(this.taskTimer);
    clearInterval(this.rssTimer);
    this.current = undefined;
  }

  private afterTask(): void {
    if (this.queue.length) return this.pump();
    const idleMs = this.options.idleMs ?? 60_000;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (!this.current && this.child) {
        const child = this.child;
        this.child = undefined;
        child.kill("SIGTERM");
      }
    }, idleMs);
    this.idleTimer.unref();
  }
}

/** Resident memory of a process in MB (Linux /proc), or null where it cannot be read. */
function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * The child's side: answers each task with the handler's result or error. An exception that
 * escapes every `try` (a throw from a native callback) is reported to the parent, and the child
 * exits: the parent fails that task and starts a fresh child for the next.
 */
export function serveChildTasks<Req, Res>(handler: (request: Req) => Promise<Res>): void {
  if (!process.send) throw new Error("serveChildTasks runs only in a child process started by ChildWorker");
  const send = (message: ChildMessage) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));
  const crash = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    void send({ crash: `it stopped on an unexpected error: ${text.slice(0, 500)}` }).finally(() =>
      process.exit(70),
    );
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: { id: number; request: Req }) => {
    handler(message.request).then(
      (result) => send({ id: message.id, ok: true, result }),
      (error: unknown) =>
        send({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  void send({ ready: true });
}
