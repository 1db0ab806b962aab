/**
 * Visitor photos (lead and quote forms): checked by content (JPEG, PNG, GIF, WebP; at most 10 MB),
 * decoded and written again as a clean JPEG (decision 0005), stored through the storage interface
 * under a random key. A storage failure is logged and the
 * caller carries on without the image (spec section 7); it never fails the submission.
 */
import crypto from "node:crypto";
import type { Logger } from "~/platform/logger.server";
import { imageVariant, normaliseImage } from "~/platform/images/normalise-image.server";
import { detectImageType, type ImageType } from "~/platform/storage/image-type.server";
import type { Storage } from "~/platform/storage/storage.server";
import { MAX_PHOTO_BYTES } from "./constants";

export interface CheckedPhoto {
  bytes: Buffer;
  type: ImageType;
}

export type PhotoCheck =
  | { kind: "none" }
  | { kind: "ok"; photo: CheckedPhoto }
  | { kind: "not-image" }
  | { kind: "too-large" }
  | { kind: "busy" };

/**
 * Reads an uploaded form value: nothing chosen, a valid image (re-encoded: the only bytes to
 * store), or why it was refused. A file that does not decode, or has more pixels than the
 * normaliser takes, is not a valid image; `busy`: the image queue was full and the file was not
 * looked at (decision 0255). `signal` (the request's): an abandoned request's photo is not worked on.
 */
export async function checkPhoto(
  value: FormDataEntryValue | null | undefined,
  signal?: AbortSignal,
): Promise<PhotoCheck> {
  if (!value || typeof value === "string" || value.size === 0) return { kind: "none" };
  if (value.size > MAX_PHOTO_BYTES) return { kind: "too-large" };
  const result = await normaliseImage(new Uint8Array(await value.arrayBuffer()), "photo", { signal });
  if (result.ok) return { kind: "ok", photo: { bytes: result.image.bytes, type: result.image.type } };
  return { kind: result.reason === "busy" ? "busy" : "not-image" };
}

/** Stores the photo at `{prefix}/{timestamp-random}.{ext}`; the key, or null after a logged failure. */
export async function storePhoto(
  storage: Storage,
  log: Logger,
  prefix: string,
  photo: CheckedPhoto,
): Promise<string | null> {
  const key = `${prefix}/${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${photo.type.extension}`;
  try {
    await storage.put(key, photo.bytes, { contentType: photo.type.mime });
    return key;
  } catch (error) {
    log.error({ err: error, key }, "photo upload failed; continuing without the image");
    return null;
  }
}

/** A photo's thumbnail: at most this many pixels a side, JPEG, stored beside the photo. */
export const PHOTO_THUMBNAIL_PX = 400;
const thumbnailKey = (key: string) => `${key}.thumb.jpg`;

/**
 * Reads a stored photo back, re-checking its bytes; null when missing or not an image. The
 * thumbnail is made from the photo the first time it is asked for, and stored; making it throws
 * ImageQueueFull when the image queue is full (the route answers 503).
 */
export async function readPhoto(
  storage: Storage,
  key: string | null,
  options: { thumbnail?: boolean } = {},
): Promise<{ body: Buffer; contentType: string } | null> {
  if (!key) return null;
  if (options.thumbnail) {
    const stored = await storage.get(thumbnailKey(key));
    if (stored) return { body: stored.body, contentType: "image/jpeg" };
  }
  const file = await storage.get(key);
  if (!file) return null;
  const type = detectImageType(file.body);
  if (!type) return null;
  if (!options.thumbnail) return { body: file.body, contentType: type.mime };
  const thumbnail = await imageVariant(file.body, PHOTO_THUMBNAIL_PX, "jpeg");
  if (!thumbnail) return null;
  await storage.put(thumbnailKey(key), thumbnail, { contentType: "image/jpeg" });
  return { body: thumbnail, contentType: "image/jpeg" };
}

/** Deletes a stored photo and its thumbnail. */
export async function deletePhoto(storage: Pick<Storage, "delete">, key: string): Promise<void> {
  await Promise.all([storage.delete(key), storage.delete(thumbnailKey(key)).catch(() => undefined)]);
}
