/**
 * An admin's uploaded register file (CSV or ZIP): checked by content, kept under
 * DATA_DIR/register-uploads (never served), then imported by a 'register-sync' job with trigger
 * 'upload'. An upload may be a partial file, so it never marks missing registrations removed.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Larger registers are synced from REGISTER_SOURCE (a URL or a path) or with `npm run sync`. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export class InvalidUploadError extends Error {}

export function registerUploadDir(dataDir: string): string {
  return path.join(dataDir, "register-uploads");
}

/** 'zip' for a ZIP archive, 'csv' for text that looks like CSV (a header line with commas). */
export function detectRegisterFileType(bytes: Uint8Array): "zip" | "csv" | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "zip";
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 4096))).toString("utf8");
  if (head.includes("\u0000")) return null;
  const firstLine = head.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
  return firstLine.includes(",") ? "csv" : null;
}

export async function storeRegisterUpload(dataDir: string, file: File): Promise<string> {
  if (file.size === 0) throw new InvalidUploadError("Choose a register file to upload");
  if (file.size > MAX_UPLOAD_BYTES) throw new InvalidUploadError("The file is larger than 50 MB: sync large registers from the configured source instead");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectRegisterFileType(bytes);
  if (!type) throw new InvalidUploadError("The file is not a CSV or ZIP register file");
  const dir = registerUploadDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.${type}`;
  const target = path.join(dir, name);
  await fs.writeFile(target, bytes, { mode: 0o600 });
  return target;
}
