/** Test helpers for the enquiry modules: image bytes, form files, storage (listings: #tests/support/builders). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import type { Storage, StoredFile } from "~/platform/storage/storage.server";
import * as z from "zod/mini";

export const log = createLogger("silent");

/** What a form's schema makes of the fields, as the route would pass it on; throws the issues if it refuses them. */
export function parsedInput<S extends z.ZodMiniType>(
  schema: S,
  fields: Record<string, unknown>,
): z.output<S> {
  const r = z.safeParse(schema, fields);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
}

/** A small valid PNG (1x1, green, with alpha): it decodes, as every stored photo must. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b" +
    "0000000d49444154089963d0ab35fa0f00039701ddeeb152b30000000049454e44ae426082",
  "hex",
);
/** A small valid GIF (1x1, green). */
export const GIF = Buffer.from(
  "474946383961010001008000004c69712e7d3221f90405000000002c00000000010001000002024c01003b",
  "hex",
);

export function file(bytes: Buffer, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export function tempStorage(): { storage: LocalDiskStorage; dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enquiries-"));
  return {
    storage: new LocalDiskStorage(dir),
    dir,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A storage whose writes fail (a full disk, an S3 outage). */
export class FailingStorage implements Storage {
  async put(): Promise<void> {
    throw new Error("disk full");
  }
  async get(): Promise<StoredFile | null> {
    return null;
  }
  async delete(): Promise<void> {}
  async deletePrefix(): Promise<void> {}
}
