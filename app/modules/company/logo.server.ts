/**
 * The listing's logo: checked by its bytes (JPEG, PNG or GIF; never by name or declared type),
 * at most 5 MB, stored under company-logos/ and served publicly at /company-logo/{file}. A
 * verified listing's logo changes at once; an unverified one's goes into the draft. A file that
 * no longer backs the published logo or the draft is deleted.
 */
import crypto from "node:crypto";
import type { Database } from "~/platform/db/database.server";
import { detectImageType } from "~/platform/storage/image-type.server";
import type { Storage } from "~/platform/storage/storage.server";
import { parseDraft, type ListingDraft } from "./company-listing.server";
import { imageSize } from "./image-size";
import { LISTING_MESSAGES } from "./listing-rules";

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_RECOMMENDED_PX = 512;
export const LOGO_URL_PREFIX = "/company-logo/";
const LOGO_DIR = "company-logos";
const ALLOWED = new Set(["image/jpeg", "image/png", "image/gif"]);
/** The file part of a logo URL: registration, timestamp, random, extension. */
export const LOGO_FILE = /^[a-z0-9]{1,40}-logo-\d{10,16}-[a-f0-9]{16}\.(jpg|png|gif)$/;

export type LogoCheck = { ok: true; mime: string; extension: string; square: boolean } | { ok: false; message: string };

export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, message: LISTING_MESSAGES.logoMissing };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: LISTING_MESSAGES.logoTooLarge };
  const type = detectImageType(bytes);
  if (!type || !ALLOWED.has(type.mime)) return { ok: false, message: LISTING_MESSAGES.logoNotImage };
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, message: LISTING_MESSAGES.logoNotImage };
  const square = size.width === size.height && size.width >= LOGO_RECOMMENDED_PX;
  return { ok: true, mime: type.mime, extension: type.extension, square };
}

export function logoKeyFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return null;
  const file = url.slice(LOGO_URL_PREFIX.length);
  return LOGO_FILE.test(file) ? `${LOGO_DIR}/${file}` : null;
}

/** The stored logo for a public URL's file name, or null. */
export async function readLogo(storage: Storage, file: string) {
  if (!LOGO_FILE.test(file)) return null;
  return storage.get(`${LOGO_DIR}/${file}`);
}

type Deps = { db: Database; storage: Storage };
export type LogoOutcome =
  | { status: "published" | "draft"; square: boolean; logoUrl: string | null }
  | { status: "invalid"; message: string }
  | { status: "no_listing" };

async function changeLogo(deps: Deps, userId: string, newUrl: string | null): Promise<"published" | "draft" | "no_listing"> {
  const { db, storage } = deps;
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("claimed_listings")
      .select(["id", "verified", "logo_url", "draft"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { status: "no_listing" as const, orphan: null };
    const draft = parseDraft(row.draft);
    if (row.verified) {
      await trx.updateTable("claimed_listings").set({ logo_url: newUrl, updated_at: new Date() }).where("id", "=", row.id).execute();
      const stillUsed = draft?.logoUrl === row.logo_url;
      return { status: "published" as const, orphan: row.logo_url !== newUrl && !stillUsed ? row.logo_url : null };
    }
    const next: ListingDraft = { ...(draft ?? {}), logoUrl: newUrl, savedAt: new Date().toISOString() };
    await trx.updateTable("claimed_listings").set({ draft: JSON.stringify(next) }).where("id", "=", row.id).execute();
    const previous = draft?.logoUrl;
    const orphan = previous && previous !== newUrl && previous !== row.logo_url ? previous : null;
    return { status: "draft" as const, orphan };
  });
  const orphanKey = logoKeyFromUrl(result.orphan);
  if (orphanKey) await storage.delete(orphanKey).catch(() => {});
  return result.status;
}

export async function uploadLogo(deps: Deps, userId: string, registrationNumber: string, bytes: Uint8Array): Promise<LogoOutcome> {
  const check = checkLogo(bytes);
  if (!check.ok) return { status: "invalid", message: check.message };
  const slug = registrationNumber.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 40) || "listing";
  const file = `${slug}-logo-${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${check.extension}`;
  const key = `${LOGO_DIR}/${file}`;
  await deps.storage.put(key, bytes, { contentType: check.mime });
  const url = `${LOGO_URL_PREFIX}${file}`;
  try {
    const status = await changeLogo(deps, userId, url);
    if (status === "no_listing") {
      await deps.storage.delete(key);
      return { status };
    }
    return { status, square: check.square, logoUrl: url };
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

export async function removeLogo(deps: Deps, userId: string): Promise<LogoOutcome> {
  const status = await changeLogo(deps, userId, null);
  if (status === "no_listing") return { status };
  return { status, square: true, logoUrl: null };
}
