/**
 * Test helper: the crafted images of tests/fixtures/files/crafted (see its README.md), each with
 * why the normaliser refuses it, and good images of every accepted format made by sharp.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { projectRoot } from "~/platform/paths.server";
import type { ImageRefusal } from "../normalise-image.server";

export const CRAFTED_DIR = path.join(projectRoot(), "tests", "fixtures", "files", "crafted");

export interface CraftedImage {
  file: string;
  reason: ImageRefusal;
  bytes: Buffer;
}

const REFUSED: [string, ImageRefusal][] = [
  ["png-alpha-width-0.png", "unreadable"],
  ["png-alpha-dimensions-2-31.png", "unreadable"],
  ["png-alpha-idat-not-zlib.png", "unreadable"],
  ["png-alpha-bad-filter.png", "unreadable"],
  ["png-bomb-50000x50000.png", "too-many-pixels"],
  ["png-bomb-8000x8000.png", "too-many-pixels"],
  ["jpeg-truncated.jpg", "unreadable"],
];

/** Every crafted image that must be refused, with the reason. */
export function craftedImages(): CraftedImage[] {
  return REFUSED.map(([file, reason]) => ({
    file,
    reason,
    bytes: fs.readFileSync(path.join(CRAFTED_DIR, file)),
  }));
}

/** Only the crafted PNGs (a drawn signature must be a PNG to get as far as the decoder). */
export const craftedPngs = () => craftedImages().filter((c) => c.file.endsWith(".png"));

/** The valid JPEG with GPS EXIF and orientation 6 (stored 96 x 64, shown 64 x 96). */
export const gpsJpeg = () => fs.readFileSync(path.join(CRAFTED_DIR, "jpeg-gps-exif.jpg"));

/** A good image of each accepted format, with transparency where the format has it. */
export async function goodImages(
  width = 120,
  height = 80,
): Promise<Record<"jpeg" | "png" | "gif" | "webp", Buffer>> {
  const base = () =>
    sharp({ create: { width, height, channels: 4, background: { r: 46, g: 125, b: 50, alpha: 0.6 } } });
  return {
    jpeg: await base().jpeg().toBuffer(),
    png: await base().png().toBuffer(),
    gif: await base().gif().toBuffer(),
    webp: await base().webp().toBuffer(),
  };
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
