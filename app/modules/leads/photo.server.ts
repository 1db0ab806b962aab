/**
 * Visitor photos (lead and quote forms): checked by content (JPEG, PNG, GIF, WebP; at most 10 MB),
 * stored through the storage interface under a random key. A storage failure is logged and the
 * caller carries on without the image (spec section 7); it never fails the submission.
 */
import crypto from "node:crypto";
import type { Logger } from "~/platform/logger.server";
import { detectImageType, type ImageType } from "~/platform/storage/image-type.server";
import type { Storage } from "~/platform/storage/storage.server";
import { MAX_PHOTO_BYTES } from "./constants";

export interface CheckedPhoto {
  bytes: Buffer;
  type: ImageType;
}

export type PhotoCheck = { kind: "none" } | { kind: "ok"; photo: CheckedPhoto } | { kind: "not-image" } | { kind: "too-large" };

/** Reads an uploaded form value: nothing chosen, a valid image, or why it was refused. */
export async function checkPhoto(value: FormDataEntryValue | null | undefined): Promise<PhotoCheck> {
  if (!value || typeof value === "string" || value.size === 0) return { kind: "none" };
  if (value.size > MAX_PHOTO_BYTES) return { kind: "too-large" };
  const bytes = Buffer.from(await value.arrayBuffer());
  const type = detectImageType(bytes);
  return type ? { kind: "ok", photo: { bytes, type } } : { kind: "not-image" };
}

/** Stores the photo at `{prefix}/{timestamp-random}.{ext}`; the key, or null after a logged failure. */
export async function storePhoto(storage: Storage, log: Logger, prefix: string, photo: CheckedPhoto): Promise<string | null> {
  const key = `${prefix}/${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${photo.type.extension}`;
  try {
    await storage.put(key, photo.bytes, { contentType: photo.type.mime });
    return key;
  } catch (error) {
    log.error({ err: error, key }, "photo upload failed; continuing without the image");
    return null;
  }
}

/** Reads a stored photo back, re-checking its bytes; null when missing or not an image. */
export async function readPhoto(storage: Storage, key: string | null): Promise<{ body: Buffer; contentType: string } | null> {
  if (!key) return null;
  const file = await storage.get(key);
  if (!file) return null;
  const type = detectImageType(file.body);
  return type ? { body: file.body, contentType: type.mime } : null;
}
