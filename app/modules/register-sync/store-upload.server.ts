/**
 * An admin's uploaded register file (CSV or ZIP): checked by content and kept through the storage
 * interface (local disk or S3), never served, so the 'register-sync' job may run on any instance
 * (decision 0010). The job copies it to a temporary file, imports it with trigger 'upload' and
 * deletes both. An upload may be a partial file, so it never marks missing registrations removed.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Storage } from "~/platform/storage/storage.server";

/** Larger registers are synced from REGISTER_SOURCE (a URL or a path) or with `npm run sync`. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const UPLOAD_PREFIX = "register-uploads";

export class InvalidUploadError extends Error {}

export interface StoredUpload {
  /** Storage key, under register-uploads/. */
  key: string;
  /** The name the admin's file had, for the sync log. */
  name: string;
}

/** 'zip' for a ZIP archive, 'csv' for text that looks like CSV (a header line with commas). */
export function detectRegisterFileType(bytes: Uint8Array): "zip" | "csv" | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return "zip";
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 4096))).toString("utf8");
  if (head.includes("\u0000")) return null;
  const firstLine = head.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
  return firstLine.includes(",") ? "csv" : null;
}

export async function storeRegisterUpload(storage: Storage, file: File): Promise<StoredUpload> {
  if (file.size === 0) throw new InvalidUploadError("Choose a register file to upload");
  if (file.size > MAX_UPLOAD_BYTES)
    throw new InvalidUploadError(
      "The file is larger than 50 MB: sync large registers from the configured source instead",
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectRegisterFileType(bytes);
  if (!type) throw new InvalidUploadError("The file is not a CSV or ZIP register file");
  const key = `${UPLOAD_PREFIX}/${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(6).toString("hex")}.${type}`;
  await storage.put(key, bytes, { contentType: type === "zip" ? "application/zip" : "text/csv" });
  const name = path.basename(file.name || `upload.${type}`).slice(0, 200) || `upload.${type}`;
  return { key, name };
}

/**
 * Runs `work` with the stored upload as a local file, then deletes the local copy and the stored
 * upload, whether the import worked or not (an upload is used once).
 */
export async function withStoredUpload<T>(
  storage: Storage,
  key: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  if (!key.startsWith(`${UPLOAD_PREFIX}/`) || key.includes(".."))
    throw new Error(`Not a register upload: ${key}`);
  const stored = await storage.get(key);
  if (!stored)
    throw new Error(
      "The uploaded register file is no longer in storage (it was imported or removed already)",
    );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "register-upload-"));
  const file = path.join(dir, path.basename(key));
  try {
    await fs.writeFile(file, stored.body, { mode: 0o600 });
    return await work(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    await storage.delete(key).catch(() => undefined);
  }
}
