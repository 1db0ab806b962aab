/**
 * Backups of the embedded product (decision 0011): one .tar file holding
 *   manifest.json      when, which migrations, the row count of every table, what else to keep;
 *   database.tar.gz    PGlite's own consistent copy of its data folder (dumpDataDir);
 *   uploads/           the local uploads (photos, signatures, PDFs, logos), when stored locally.
 * `npm run backup` writes one from the stopped database, or asks the running server for it
 * (a signal: the server is the only process that may open the embedded database).
 * `npm run restore` puts one back into an empty DATA_DIR. PostgreSQL: pg_dump/pg_restore
 * (docs/deploy.md). tar is loaded when a backup is written or read (decision 0246).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadPgliteDataDir, type DatabaseHandle } from "./db/database.server";

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: "pglite";
  /** Applied migrations, newest last. */
  migrations: string[];
  /** Rows per table when the copy was taken. */
  counts: Record<string, number>;
  /** "included": DATA_DIR/uploads is in the file; "s3": uploads live in the bucket (back it up there). */
  uploads: "included" | "s3";
}

export class BackupError extends Error {}

/** Rows in every table of the current schema, by name. */
export async function tableCounts(handle: Pick<DatabaseHandle, "db">): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
    handle.db,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}`.execute(
      handle.db,
    );
    counts[table_name] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Writes a backup of an open embedded database (and the local uploads) to `out`. */
export async function writeBackup(
  out: string,
  deps: { handle: DatabaseHandle; dataDir: string; storageDriver: "local" | "s3" },
): Promise<BackupManifest> {
  const { handle, dataDir } = deps;
  if (!handle.dumpDataDir)
    throw new BackupError(
      "Backups from this command are for the embedded database; use pg_dump for PostgreSQL (docs/deploy.md)",
    );
  const tar = await import("tar");
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  try {
    const migrations = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(
      handle.db,
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: "pglite",
      migrations: migrations.rows.map((r) => r.name),
      counts: await tableCounts(handle),
      uploads: deps.storageDriver === "s3" ? "s3" : "included",
    };
    // Counts and the copy are taken back to back; PGlite runs one statement at a time, and the
    // dump itself is consistent (a checkpoint, then the folder as it is).
    const dump = await handle.dumpDataDir();
    fs.writeFileSync(path.join(staging, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const partial = `${out}.partial-${crypto.randomBytes(4).toString("hex")}`;
    await tar.c({ file: partial, cwd: staging, portable: true }, ["manifest.json", "database.tar.gz"]);
    const uploads = path.join(dataDir, "uploads");
    if (manifest.uploads === "included" && fs.existsSync(uploads))
      await tar.r({ file: partial, cwd: dataDir, portable: true }, ["uploads"]);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Reads a backup's manifest without restoring it. */
export async function readManifest(from: string): Promise<BackupManifest> {
  const tar = await import("tar");
  let text: string | null = null;
  await tar.t({
    file: from,
    filter: (p) => p === "manifest.json",
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on("data", (c: Buffer) => chunks.push(c));
      entry.on("end", () => (text = Buffer.concat(chunks).toString("utf8")));
    },
  });
  if (!text) throw new BackupError(`${from} is not a backup of this product (no manifest.json)`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.database !== "pglite")
    throw new BackupError(`${from} is a backup this version cannot restore`);
  return manifest;
}

/**
 * Restores a backup into `dataDir`, which must hold no database yet (the server stopped; move the
 * old data away first). The uploads are put back beside it.
 */
export async function restoreBackup(from: string, dataDir: string): Promise<BackupManifest> {
  if (!fs.existsSync(from)) throw new BackupError(`No such backup file: ${from}`);
  const manifest = await readManifest(from);
  const tar = await import("tar");
  const dbDir = path.join(dataDir, "db");
  if (fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new BackupError(
      `${dbDir} already holds a database: stop the server and move DATA_DIR's db folder away before restoring`,
    );
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  try {
    await tar.x({ file: from, cwd: staging, strict: true, preservePaths: false });
    const dump = fs.readFileSync(path.join(staging, "database.tar.gz"));
    await loadPgliteDataDir(dbDir, new Blob([dump]));
    const uploads = path.join(staging, "uploads");
    if (fs.existsSync(uploads))
      fs.cpSync(uploads, path.join(dataDir, "uploads"), { recursive: true, force: true });
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// ---- asking the running server --------------------------------------------------------------

const REQUEST_PREFIX = "backup-request-";

/**
 * The server's side: on SIGUSR2, every request file in DATA_DIR is answered with a backup to the
 * path it names and a `.done` (or `.error`) file next to the request.
 */
export async function answerBackupRequests(deps: Parameters<typeof writeBackup>[1]): Promise<number> {
  const files = fs
    .readdirSync(deps.dataDir)
    .filter((f) => f.startsWith(REQUEST_PREFIX) && f.endsWith(".json"));
  for (const file of files) {
    const request = path.join(deps.dataDir, file);
    const base = request.slice(0, -".json".length);
    try {
      const { out } = JSON.parse(fs.readFileSync(request, "utf8")) as { out: string };
      const manifest = await writeBackup(out, deps);
      fs.writeFileSync(`${base}.done`, JSON.stringify(manifest));
    } catch (error) {
      fs.writeFileSync(`${base}.error`, (error as Error).message);
    } finally {
      fs.rmSync(request, { force: true });
    }
  }
  return files.length;
}

/** The command's side: asks the server (process `pid`) for a backup and waits for it. */
export async function requestBackupFromServer(
  pid: number,
  dataDir: string,
  out: string,
  timeoutMs = 10 * 60_000,
): Promise<BackupManifest> {
  const base = path.join(dataDir, `${REQUEST_PREFIX}${Date.now()}-${crypto.randomBytes(4).toString("hex")}`);
  fs.writeFileSync(`${base}.json`, JSON.stringify({ out: path.resolve(out) }), { mode: 0o600 });
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(`${base}.done`)) {
      const manifest = JSON.parse(fs.readFileSync(`${base}.done`, "utf8")) as BackupManifest;
      fs.rmSync(`${base}.done`, { force: true });
      return manifest;
    }
    if (fs.existsSync(`${base}.error`)) {
      const message = fs.readFileSync(`${base}.error`, "utf8");
      fs.rmSync(`${base}.error`, { force: true });
      throw new BackupError(`The server could not write the backup: ${message}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.rmSync(`${base}.json`, { force: true });
  throw new BackupError(
    "The running server did not answer the backup request (is it this project's server, started with this DATA_DIR?)",
  );
}
