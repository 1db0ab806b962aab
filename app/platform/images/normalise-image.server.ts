/**
 * Every uploaded or drawn image is decoded completely and written again by sharp (libvips) before
 * it is stored (decision 0005). What is stored is therefore always a clean file made by one
 * encoder: auto-oriented, without metadata (EXIF, GPS, XMP, ICC), at most `maxSide` pixels a side,
 * 8-bit sRGB. A file that does not decode, or whose header declares more than MAX_INPUT_PIXELS, is
 * refused with a reason and a message; nothing here throws for a bad file.
 *
 * Bounds: at most MAX_INPUT_PIXELS decoded, each call stopped after TIMEOUT_SECONDS of processing,
 * one libvips thread each, no libvips cache (sharp.server.ts); every call waits its turn in the
 * process's one image queue (image-queue.server.ts, decision 0255), which runs two at once and
 * refuses work when too much is already waiting ("busy").
 */
import { detectImageType, type ImageType } from "~/platform/storage/image-type.server";
import { imageQueue, ImageQueueFull } from "./image-queue.server";
import { loadSharp } from "./sharp.server";

/** 40 megapixels: a 48 MP phone photo saved at full size is refused; 12 to 24 MP ones pass. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const TIMEOUT_SECONDS = 10;

export type ImagePurpose = "photo" | "signature" | "logo";

/**
 * Photos become JPEG (transparency flattened on white; the PDF embeds JPEG natively); drawn
 * signatures and logos stay PNG with their transparency.
 */
export const IMAGE_PURPOSES: Record<ImagePurpose, { maxSide: number; output: "jpeg" | "png" }> = {
  photo: { maxSide: 2000, output: "jpeg" },
  signature: { maxSide: 1200, output: "png" },
  logo: { maxSide: 512, output: "png" },
};

const OUTPUT_TYPES: Record<"jpeg" | "png", ImageType> = {
  jpeg: { mime: "image/jpeg", extension: "jpg" },
  png: { mime: "image/png", extension: "png" },
};

/** `busy`: the image queue was full and the file was not looked at; nothing is wrong with it. */
export type ImageRefusal = "not-image" | "too-many-pixels" | "unreadable" | "busy";

export const IMAGE_MESSAGES: Record<ImageRefusal, string> = {
  "not-image": "The file is not a JPEG, PNG, GIF or WebP image.",
  "too-many-pixels": `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  unreadable: "The image could not be read: it is damaged, incomplete or not a real image.",
  busy: "We're handling a lot of photos right now. Please try again in a minute.",
};

export interface NormalisedImage {
  /** The re-encoded file, the only bytes that may be stored. */
  bytes: Buffer;
  type: ImageType;
  width: number;
  height: number;
  /** The upload as sent: its type (by content) and its size as shown (after orientation). */
  source: { type: ImageType; width: number; height: number };
}

export type NormaliseResult =
  { ok: true; image: NormalisedImage } | { ok: false; reason: ImageRefusal; message: string };

const refuse = (reason: ImageRefusal): NormaliseResult => ({
  ok: false,
  reason,
  message: IMAGE_MESSAGES[reason],
});

/**
 * Decodes `bytes` and writes a clean image for `purpose`. `accept` narrows the input types (by
 * content), e.g. a drawn signature must be a PNG. Refused as `busy` when the image queue is full.
 * `signal`: the request's; when it fires while the image waits for its turn, the image is not
 * worked on and this rejects with the signal's reason (a file is never a reason to throw).
 */
export async function normaliseImage(
  bytes: Uint8Array,
  purpose: ImagePurpose,
  options: { accept?: readonly ImageType["mime"][]; signal?: AbortSignal } = {},
): Promise<NormaliseResult> {
  const sourceType = detectImageType(bytes);
  if (!sourceType || (options.accept && !options.accept.includes(sourceType.mime)))
    return refuse("not-image");
  try {
    return await reencode(bytes, sourceType, purpose, options.signal);
  } catch (error) {
    if (error instanceof ImageQueueFull) return refuse("busy");
    throw error;
  }
}

function reencode(
  bytes: Uint8Array,
  sourceType: ImageType,
  purpose: ImagePurpose,
  signal: AbortSignal | undefined,
): Promise<NormaliseResult> {
  const { maxSide, output } = IMAGE_PURPOSES[purpose];
  return imageQueue.run(
    async () => {
      const sharp = await loadSharp();
      try {
        const image = sharp(bytes, {
          failOn: "error", // truncated or corrupt data aborts; harmless decoder warnings do not
          limitInputPixels: MAX_INPUT_PIXELS,
          autoOrient: true,
          pages: 1, // GIF and WebP: the first frame only
          page: 0,
        });
        const meta = await image.metadata();
        // libvips must read the same format the magic bytes said (no TIFF, SVG or PDF behind them).
        if (`image/${meta.format}` !== sourceType.mime) return refuse("not-image");
        const shown = meta.autoOrient ?? { width: meta.width, height: meta.height };
        if (!(shown.width > 0 && shown.height > 0)) return refuse("unreadable");
        if (shown.width * shown.height > MAX_INPUT_PIXELS) return refuse("too-many-pixels");

        let pipeline = image
          .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
          .toColourspace("srgb");
        pipeline =
          output === "jpeg"
            ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 82 })
            : pipeline.png({ compressionLevel: 9 });
        const { data, info } = await pipeline
          .timeout({ seconds: TIMEOUT_SECONDS })
          .toBuffer({ resolveWithObject: true });
        return {
          ok: true,
          image: {
            bytes: data,
            type: OUTPUT_TYPES[output],
            width: info.width,
            height: info.height,
            source: { type: sourceType, width: shown.width, height: shown.height },
          },
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return refuse(/pixel limit/i.test(message) ? "too-many-pixels" : "unreadable");
      }
    },
    { signal },
  );
}

export type VariantFormat = "webp" | "png" | "jpeg";

export const VARIANT_TYPES: Record<VariantFormat, ImageType> = {
  webp: { mime: "image/webp", extension: "webp" },
  png: OUTPUT_TYPES.png,
  jpeg: OUTPUT_TYPES.jpeg,
};

/**
 * A smaller copy or another format of an image this module already made clean (a logo at 128 px,
 * a WebP for browsers that take it, a photo's thumbnail). Same bounds as `normaliseImage`; null
 * when the stored file does not decode. Throws ImageQueueFull when the image queue is full (the
 * caller answers "try again later"; nothing is wrong with the file).
 */
export async function imageVariant(
  clean: Uint8Array,
  maxSide: number,
  format: VariantFormat,
): Promise<Buffer | null> {
  return imageQueue.run(async () => {
    const sharp = await loadSharp();
    try {
      let pipeline = sharp(clean, {
        failOn: "error",
        limitInputPixels: MAX_INPUT_PIXELS,
        autoOrient: true,
        pages: 1,
        page: 0,
      })
        .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb");
      if (format === "jpeg") pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80 });
      else if (format === "png") pipeline = pipeline.png({ compressionLevel: 9 });
      else pipeline = pipeline.webp({ quality: 80, alphaQuality: 90 });
      return await pipeline.timeout({ seconds: TIMEOUT_SECONDS }).toBuffer();
    } catch {
      return null;
    }
  });
}
