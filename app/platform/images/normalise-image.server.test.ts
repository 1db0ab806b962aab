import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, MAX_INPUT_PIXELS, normaliseImage } from "./normalise-image.server";
import { craftedImages, goodImages, gpsJpeg } from "./test-support/crafted-images";

describe("normaliseImage refuses what does not decode", () => {
  it("refuses every crafted image with a clear message, for every purpose, without throwing", async () => {
    const crafted = craftedImages();
    expect(crafted).toHaveLength(7);
    for (const { file, reason, bytes } of crafted) {
      for (const purpose of ["photo", "signature", "logo"] as const) {
        const result = await normaliseImage(bytes, purpose);
        expect(result, `${file} as ${purpose}`).toEqual({
          ok: false,
          reason,
          message: IMAGE_MESSAGES[reason],
        });
      }
    }
    expect(IMAGE_MESSAGES.unreadable).toBe(
      "The image could not be read: it is damaged, incomplete or not a real image.",
    );
    expect(IMAGE_MESSAGES["too-many-pixels"]).toBe("The image has too many pixels (at most 40 megapixels).");
  });

  it("refuses decompression bombs by the pixels their header declares", async () => {
    const bombs = craftedImages().filter((c) => c.file.includes("bomb"));
    expect(bombs.map((b) => b.file)).toEqual(["png-bomb-50000x50000.png", "png-bomb-8000x8000.png"]);
    for (const bomb of bombs) {
      // Small on disk, far over the limit once decoded.
      expect(bomb.bytes.length).toBeLessThan(10_000);
      expect(bomb.bytes.readUInt32BE(16) * bomb.bytes.readUInt32BE(20)).toBeGreaterThan(MAX_INPUT_PIXELS);
      expect(await normaliseImage(bomb.bytes, "photo")).toMatchObject({
        ok: false,
        reason: "too-many-pixels",
      });
    }
  });

  it("refuses what is not a JPEG, PNG, GIF or WebP by its content, and formats a purpose does not accept", async () => {
    const notImage = { ok: false, reason: "not-image", message: IMAGE_MESSAGES["not-image"] };
    expect(await normaliseImage(Buffer.from("%PDF-1.7 not an image"), "photo")).toEqual(notImage);
    expect(
      await normaliseImage(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        "photo",
      ),
    ).toEqual(notImage);
    expect(await normaliseImage(new Uint8Array(), "photo")).toEqual(notImage);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    expect(await normaliseImage(tiff, "photo")).toEqual(notImage);
    const { jpeg } = await goodImages();
    expect(await normaliseImage(jpeg, "signature", { accept: ["image/png"] })).toEqual(notImage);
    // PNG magic bytes in front of a JPEG: the decoder must read what the magic bytes said.
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect(await normaliseImage(disguised, "photo")).toMatchObject({ ok: false });
  });

  it("answers many uploads at once, good and bad, each on its own", async () => {
    const good = await goodImages();
    const inputs = [
      ...craftedImages().map((c) => c.bytes),
      good.jpeg,
      good.png,
      good.gif,
      good.webp,
      ...craftedImages().map((c) => c.bytes),
    ];
    const results = await Promise.all(inputs.map((bytes) => normaliseImage(bytes, "photo")));
    expect(results.map((r) => r.ok)).toEqual([
      ...Array(7).fill(false),
      true,
      true,
      true,
      true,
      ...Array(7).fill(false),
    ]);
  });
});

describe("normaliseImage writes a clean image", () => {
  it("reads JPEG, PNG, GIF and WebP and writes photos as JPEG on white, signatures and logos as PNG with transparency", async () => {
    const good = await goodImages(120, 80);
    for (const [format, bytes] of Object.entries(good)) {
      const photo = await normaliseImage(bytes, "photo");
      expect(photo, format).toMatchObject({
        ok: true,
        image: { type: { mime: "image/jpeg", extension: "jpg" }, width: 120, height: 80 },
      });
      if (!photo.ok) continue;
      expect(photo.image.source).toMatchObject({ type: { mime: `image/${format}` }, width: 120, height: 80 });
      const meta = await sharp(photo.image.bytes).metadata();
      expect(meta).toMatchObject({
        format: "jpeg",
        width: 120,
        height: 80,
        channels: 3,
        space: "srgb",
        depth: "uchar",
        hasAlpha: false,
      });
      // The decoded pixels are there (green on white, not black).
      const { dominant } = await sharp(photo.image.bytes).stats();
      expect(dominant.g).toBeGreaterThan(dominant.r);

      for (const purpose of ["signature", "logo"] as const) {
        const png = await normaliseImage(bytes, purpose);
        expect(png, `${format} as ${purpose}`).toMatchObject({
          ok: true,
          image: { type: { mime: "image/png", extension: "png" } },
        });
        if (!png.ok) continue;
        const pngMeta = await sharp(png.image.bytes).metadata();
        expect(pngMeta).toMatchObject({
          format: "png",
          width: 120,
          height: 80,
          depth: "uchar",
          hasAlpha: format !== "jpeg",
        });
      }
    }
  });

  it("fits each purpose's largest side without enlarging small images", async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#2e7d32" } })
      .png()
      .toBuffer();
    const sizes = { photo: [2000, 1000], signature: [1200, 600], logo: [512, 256] } as const;
    for (const [purpose, [width, height]] of Object.entries(sizes)) {
      const r = await normaliseImage(big, purpose as keyof typeof sizes);
      expect(r, purpose).toMatchObject({
        ok: true,
        image: { width, height, source: { width: 3000, height: 1500 } },
      });
      if (r.ok) expect(await sharp(r.image.bytes).metadata()).toMatchObject({ width, height });
    }
    const small = (await goodImages(40, 30)).png;
    expect(await normaliseImage(small, "photo")).toMatchObject({
      ok: true,
      image: { width: 40, height: 30 },
    });
  });

  it("strips EXIF (GPS, camera) and every other metadata, and turns the picture the way it is shown", async () => {
    const input = gpsJpeg();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 96, height: 64, orientation: 6 });
    expect(before.exif?.toString("latin1")).toContain("FixtureCam");
    expect(before.exif!.length).toBeGreaterThan(200); // IFD0 and the GPS IFD
    for (const purpose of ["photo", "signature", "logo"] as const) {
      const r = await normaliseImage(input, purpose);
      expect(r.ok, purpose).toBe(true);
      if (!r.ok) continue;
      const after = await sharp(r.image.bytes).metadata();
      expect(after).toMatchObject({ width: 64, height: 96 });
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(r.image.bytes.includes("FixtureCam")).toBe(false);
      expect(r.image.bytes.includes("Exif")).toBe(false);
    }
  });

  it("takes the first frame of an animated GIF or WebP", async () => {
    const frames = Buffer.alloc(20 * 30 * 3);
    frames.fill(0x22, 0, 20 * 15 * 3); // frame 1 dark
    frames.fill(0xee, 20 * 15 * 3); // frame 2 light
    for (const format of ["gif", "webp"] as const) {
      const animated = await sharp(frames, { raw: { width: 20, height: 30, channels: 3, pageHeight: 15 } })
        .toFormat(format, { loop: 0 })
        .toBuffer();
      expect((await sharp(animated).metadata()).pages, format).toBe(2);
      const r = await normaliseImage(animated, "photo");
      expect(r, format).toMatchObject({ ok: true, image: { width: 20, height: 15 } });
      if (!r.ok) continue;
      const { channels } = await sharp(r.image.bytes).stats();
      expect(channels[0].mean, format).toBeLessThan(0x80);
    }
  });
});
