/**
 * File storage behind one small interface. The local-disk driver (default) keeps files under
 * DATA_DIR/uploads; the S3-compatible driver (s3-storage.server.ts) implements it for production.
 * Keys are relative paths such as "waste-notes/<id>/photo-1.jpg"; nothing here is served
 * directly: routes decide who may read what.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { S3Storage } from "./s3-storage.server";

export interface StoredFile {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface Storage {
  put(key: string, body: Buffer | Uint8Array, options: { contentType: string }): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {}

/** Keys are lower-case path segments of [a-z0-9._-], never "." or "..". */
export function checkKey(key: string): string {
  const parts = key.split("/");
  if (
    key.length === 0 ||
    key.length > 300 ||
    parts.some((p) => p === "" || p === "." || p === ".." || !/^[A-Za-z0-9._-]+$/.test(p))
  ) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

const typesByExtension: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".csv": "text/csv; charset=utf-8",
};

export function contentTypeFor(key: string): string {
  return typesByExtension[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Local-disk driver: files under `root`, written atomically (temp file + rename). */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split("/"));
  }

  async put(key: string, body: Buffer | Uint8Array): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, body, { mode: 0o640 });
    await fs.rename(temp, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const body = await fs.readFile(this.file(key));
      return { body, contentType: contentTypeFor(key), size: body.length };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}

const instances = new Map<string, Storage>();

export interface StorageConfig {
  dataDir: string;
  STORAGE_DRIVER: "local" | "s3";
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_PREFIX?: string;
}

/** The configured storage: local disk under DATA_DIR/uploads, or an S3-compatible bucket. */
export function getStorage(config: StorageConfig): Storage {
  const id =
    config.STORAGE_DRIVER === "s3"
      ? `s3:${config.S3_ENDPOINT ?? ""}:${config.S3_BUCKET}:${config.S3_PREFIX ?? ""}`
      : path.join(config.dataDir, "uploads");
  let storage = instances.get(id);
  if (!storage) {
    if (config.STORAGE_DRIVER === "s3") {
      if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
        throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
      }
      storage = new S3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION ?? "us-east-1",
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      });
    } else {
      storage = new LocalDiskStorage(id);
    }
    instances.set(id, storage);
  }
  return storage;
}
