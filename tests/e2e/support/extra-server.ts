/**
 * A second server process for tests that need settings the shared e2e server does not have
 * (behind a proxy, production mode, PostgreSQL...): the same build, its own port and data folder,
 * and its own embedded database unless DATABASE_URL is given.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface ExtraServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  output(): string;
  /** Stops the server; removes the data folder it made unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * A migrated, empty embedded database, made once (per set of migrations) and copied for each
 * server: creating a PGlite database (initdb) is the slow part of a start. Workers that need it
 * at the same moment wait for the one that makes it.
 */
function templateDataDir(): string {
  const migrations = path.resolve("db/migrations");
  const hash = crypto.createHash("sha256");
  for (const f of fs.readdirSync(migrations).sort())
    hash.update(f).update(fs.readFileSync(path.join(migrations, f)));
  const template = path.join(os.tmpdir(), `extra-server-template-${hash.digest("hex").slice(0, 12)}`);
  const ready = () => fs.existsSync(path.join(template, "ready"));
  if (ready()) return template;
  const lock = `${template}.lock`;
  try {
    fs.mkdirSync(lock);
  } catch {
    const deadline = Date.now() + 180_000;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error(`waited too long for ${template}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
    return template;
  }
  try {
    fs.rmSync(template, { recursive: true, force: true });
    execFileSync(process.execPath, ["--import", "tsx", "scripts/sync.ts", "--migrate-only"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: template, LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    fs.writeFileSync(path.join(template, "ready"), "");
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
  return template;
}

export async function startServer(
  env: Record<string, string>,
  options: { waitReady?: boolean; args?: string[] } = {},
): Promise<ExtraServer & { exited: Promise<number | null> }> {
  const port = await freePort();
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "extra-server-"));
  }
  if (!env.DATA_DIR && !env.DATABASE_URL) {
    // The embedded database: a copy of the migrated template.
    fs.cpSync(templateDataDir(), dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, "ready"));
    fs.rmSync(path.join(dataDir, "session-secret"), { force: true });
  }
  const child: ChildProcess = spawn(process.execPath, ["server.mjs", ...(options.args ?? [])], {
    env: {
      PATH: process.env.PATH ?? "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SEED_SAMPLE_DATA: "false",
      // Every server render refuses conflicting classes (app/components/ui/cn.ts, decision 0223).
      CN_CHECK: "1",
      // The address the browser uses: forms' Origin checks compare with it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server = {
    url,
    port,
    pid: child.pid!,
    dataDir,
    exited,
    output: () => out,
    stop: async (stopOptions: { keepData?: boolean } = {}) => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!env.DATA_DIR && !stopOptions.keepData) fs.rmSync(dataDir!, { recursive: true, force: true });
    },
  };
  if (options.waitReady === false) return server;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${out}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The resident memory of a server once it has settled, in MB: first a few pages that run
 * database statements, then readings a second apart until two agree within 5 MB (at most 30 s).
 * On Node 24 the embedded database's first statements set V8 optimising its WebAssembly, which
 * takes hundreds of MB for a moment and leaves some of it resident (decision 0238): a memory
 * check that starts before that has settled measures the compiler, not what the check is about.
 */
export async function settledResidentMb(server: { url: string; pid: number }): Promise<number> {
  for (const page of ["/", "/search-results/Leeds", "/provider/CBDU1", "/"])
    await (await fetch(`${server.url}${page}`)).text();
  const deadline = Date.now() + 30_000;
  let last = residentMb(server.pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = residentMb(server.pid);
    if (Math.abs(now - last) <= 5 || Date.now() > deadline) return now;
    last = now;
  }
}

/** Resident memory of a process in MB (Linux). */
export function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}
