/**
 * The listing's logo: checked by its bytes (JPEG, PNG or GIF; never by name or declared type),
 * at most 5 MB, decoded and written again as a clean PNG of at most 512 px a side (decision 0005),
 * stored under company-logos/ and served publicly at /company-logo/{file}. A
 * verified listing's logo changes at once; an unverified one's goes into the draft. A file that
 * no row names any more (neither the published logo nor the draft) is deleted with its copies
 * after the change commits; a file that cannot be deleted is logged and the change stands
 * (decision 0271). A suspended listing's logo cannot be
 * uploaded or removed (decisions 0604 and 0256): refused before the image is read, nothing stored.
 */
import crypto from "node:crypto";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import type { Database } from "~/platform/db/database.server";
import {
  IMAGE_MESSAGES,
  imageVariant,
  normaliseImage,
  VARIANT_TYPES,
  type VariantFormat,
} from "~/platform/images/normalise-image.server";
import { ImageQueueFull } from "~/platform/images/image-queue.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import type { Storage } from "~/platform/storage/storage.server";
import { parseDraft, type ListingDraft } from "./company-listing.server";
import { LISTING_MESSAGES } from "./listing-rules";
import { LOGO_DIR, LOGO_LARGE_PX, LOGO_SMALL_PX, LOGO_URL_PREFIX, parseLogoFile } from "./logo-files";
import { removeLogoFiles, unusedLogos } from "./unused-logos.server";

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_RECOMMENDED_PX = 512;
const ACCEPTED = ["image/jpeg", "image/png", "image/gif"] as const;
export { LOGO_URL_PREFIX };

export type LogoCheck =
  | { ok: true; bytes: Buffer; mime: string; extension: string; square: boolean }
  | { ok: false; message: string };

/**
 * Checks an uploaded logo and returns the clean PNG to store. `square` follows the upload as
 * sent (after orientation): the recommendation is a square of at least 512 px.
 */
export async function checkLogo(bytes: Uint8Array): Promise<LogoCheck> {
  if (bytes.length === 0) return { ok: false, message: LISTING_MESSAGES.logoMissing };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: LISTING_MESSAGES.logoTooLarge };
  const result = await normaliseImage(bytes, "logo", { accept: ACCEPTED });
  if (!result.ok) {
    return {
      ok: false,
      message:
        result.reason === "too-many-pixels" || result.reason === "busy"
          ? IMAGE_MESSAGES[result.reason]
          : LISTING_MESSAGES.logoNotImage,
    };
  }
  const { image } = result;
  const square = image.source.width === image.source.height && image.source.width >= LOGO_RECOMMENDED_PX;
  return { ok: true, bytes: image.bytes, mime: image.type.mime, extension: image.type.extension, square };
}

/**
 * The 128 px copy and the WebP copies of a clean logo, stored beside it. When the image queue is
 * full the rest are left for readLogo to make the first time each is asked for.
 */
async function storeLogoCopies(
  storage: Storage,
  base: string,
  original: Uint8Array,
  fallback: "png" | "jpeg",
): Promise<void> {
  const copies: [string, number, VariantFormat][] = [
    [`${base}-128.${fallback === "jpeg" ? "jpg" : "png"}`, LOGO_SMALL_PX, fallback],
    [`${base}.webp`, LOGO_LARGE_PX, "webp"],
    [`${base}-128.webp`, LOGO_SMALL_PX, "webp"],
  ];
  for (const [file, size, format] of copies) {
    let bytes: Buffer | null;
    try {
      bytes = await imageVariant(original, size, format);
    } catch (error) {
      if (error instanceof ImageQueueFull) return;
      throw error;
    }
    if (bytes) await storage.put(`${LOGO_DIR}/${file}`, bytes, { contentType: VARIANT_TYPES[format].mime });
  }
}

/**
 * The stored file for a public URL's file name, or null. A small or WebP copy that is not stored
 * (a logo from before the copies existed) is made from the original once and stored; making it
 * throws ImageQueueFull when the image queue is full.
 */
export async function readLogo(storage: Storage, file: string) {
  const name = parseLogoFile(file);
  if (!name) return null;
  const stored = await storage.get(`${LOGO_DIR}/${file}`);
  if (stored || (!name.small && name.extension !== "webp")) return stored;
  for (const extension of ["png", "jpg", "gif"]) {
    const original = await storage.get(`${LOGO_DIR}/${name.base}.${extension}`);
    if (!original) continue;
    const format: VariantFormat =
      name.extension === "webp" ? "webp" : name.extension === "jpg" ? "jpeg" : "png";
    const bytes = await imageVariant(original.body, name.small ? LOGO_SMALL_PX : LOGO_LARGE_PX, format);
    if (!bytes) return null;
    await storage.put(`${LOGO_DIR}/${file}`, bytes, { contentType: VARIANT_TYPES[format].mime });
    return { body: bytes, contentType: VARIANT_TYPES[format].mime, size: bytes.length };
  }
  return null;
}

type Deps = { db: Database; storage: Storage; log?: FileRemoval["log"] };
export type LogoOutcome =
  | { status: "published" | "draft"; square: boolean; logoUrl: string | null }
  | { status: "invalid"; message: string }
  | { status: "no_listing" }
  | { status: "suspended" };

/** Why the user's listing may not change its logo now, or null when it may (read without a lock). */
async function logoRefusal(db: Database, userId: string): Promise<"no_listing" | "suspended" | null> {
  const row = await db
    .selectFrom("claimed_listings")
    .select("suspended_at")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return "no_listing";
  return row.suspended_at ? "suspended" : null;
}

async function changeLogo(
  deps: Deps,
  userId: string,
  newUrl: string | null,
): Promise<"published" | "draft" | "no_listing" | "suspended"> {
  const { db } = deps;
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("claimed_listings")
      .select(["id", "verified", "suspended_at", "logo_url", "draft", "registration_number"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { status: "no_listing" as const, orphans: [] };
    // Suspended since the first look (or a removal): read-only, nothing audited.
    if (row.suspended_at) return { status: "suspended" as const, orphans: [] };
    await recordAudit(trx, {
      actorUserId: userId,
      action: newUrl ? "listing.logo_changed" : "listing.logo_removed",
      entity: "claimed_listing",
      entityId: row.id,
      details: { registrationNumber: row.registration_number, saved: row.verified ? "published" : "draft" },
    });
    const draft = parseDraft(row.draft);
    if (row.verified) {
      await trx
        .updateTable("claimed_listings")
        .set({ logo_url: newUrl, updated_at: new Date() })
        .where("id", "=", row.id)
        .execute();
      return { status: "published" as const, orphans: await unusedLogos(trx, [row.logo_url]) };
    }
    const next: ListingDraft = { ...(draft ?? {}), logoUrl: newUrl, savedAt: new Date().toISOString() };
    await trx
      .updateTable("claimed_listings")
      .set({ draft: JSON.stringify(next) })
      .where("id", "=", row.id)
      .execute();
    return { status: "draft" as const, orphans: await unusedLogos(trx, [draft?.logoUrl]) };
  });
  if (result.status === "published") await directoryChanged(db);
  // After the commit: a rollback above keeps every file its rows name.
  await removeLogoFiles(deps, result.orphans);
  return result.status;
}

export async function uploadLogo(
  deps: Deps,
  userId: string,
  registrationNumber: string,
  bytes: Uint8Array,
): Promise<LogoOutcome> {
  // Before any image work (decision 0252's order): a suspended listing's upload is not even read.
  const refusal = await logoRefusal(deps.db, userId);
  if (refusal) return { status: refusal };
  const check = await checkLogo(bytes);
  if (!check.ok) return { status: "invalid", message: check.message };
  const slug =
    registrationNumber
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 40) || "listing";
  const base = `${slug}-logo-${Date.now()}-${crypto.randomBytes(8).toString("hex")}`;
  const file = `${base}.${check.extension}`;
  const url = `${LOGO_URL_PREFIX}${file}`;
  try {
    await deps.storage.put(`${LOGO_DIR}/${file}`, check.bytes, { contentType: check.mime });
    await storeLogoCopies(deps.storage, base, check.bytes, check.extension === "jpg" ? "jpeg" : "png");
    const status = await changeLogo(deps, userId, url);
    if (status === "no_listing" || status === "suspended") {
      await removeLogoFiles(deps, [url]);
      return { status };
    }
    return { status, square: check.square, logoUrl: url };
  } catch (error) {
    // The new file, unless the change committed before the failure (then the listing names it).
    const unused = await unusedLogos(deps.db, [url]).catch(() => []);
    await removeLogoFiles(deps, unused);
    throw error;
  }
}

export async function removeLogo(deps: Deps, userId: string): Promise<LogoOutcome> {
  const status = await changeLogo(deps, userId, null);
  if (status === "no_listing" || status === "suspended") return { status };
  return { status, square: true, logoUrl: null };
}
