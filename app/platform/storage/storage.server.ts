/**
 * File storage behind one small interface. The local-disk driver (local-disk-storage.server.ts,
 * the default) keeps files under DATA_DIR/uploads; the S3-compatible driver (s3-storage.server.ts)
 * implements it for production; create-storage.server.ts picks one from the configuration, once,
 * at start-up, and the app services carry it (`getApp(context).storage`).
 * Keys are relative paths such as "waste-notes/<id>/photo-1.jpg"; nothing here is served
 * directly: routes decide who may read what.
 */
import path from "node:path";

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
