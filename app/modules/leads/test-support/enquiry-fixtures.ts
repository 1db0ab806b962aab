/** Test helpers for the enquiry modules: premium listings, image bytes, form files. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "~/platform/db/database.server";
import { createLogger } from "~/platform/logger.server";
import { LocalDiskStorage, type Storage, type StoredFile } from "~/platform/storage/storage.server";

export const log = createLogger("silent");

/** The smallest valid PNG (1x1). */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);
export const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");

export function file(bytes: Buffer, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export function tempStorage(): { storage: LocalDiskStorage; dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enquiries-"));
  return { storage: new LocalDiskStorage(dir), dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
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

export async function premiumListing(
  db: Database,
  reg: string,
  opts: { email?: string | null; services?: string[]; plan?: "premium" | "standard"; verified?: boolean; notify?: boolean; userId?: string | null } = {},
) {
  await db.insertInto("directory_entries").values({ registration_number: reg, business_name: `Business ${reg}`, expiry_date: "2099-01-01", is_claimed: true }).execute();
  await db
    .insertInto("claimed_listings")
    .values({
      registration_number: reg,
      company_name: `Business ${reg}`,
      email: opts.email === undefined ? `owner-${reg.toLowerCase()}@example.test` : opts.email,
      services: opts.services ?? [],
      verified: opts.verified ?? true,
      subscription_plan: opts.plan ?? "premium",
      email_notifications: opts.notify ?? true,
      user_id: opts.userId ?? null,
    })
    .execute();
}
