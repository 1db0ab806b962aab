/**
 * Visitor photos on the lead and quote forms: every crafted image (tests/fixtures/files/crafted)
 * is refused as not a valid image and nothing is stored or sent; a valid photo is stored as a
 * clean JPEG without its EXIF (decision 0005).
 */
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { craftedImages, gpsJpeg } from "~/platform/images/test-support/crafted-images";
import { insertPremiumListing } from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createQuoteRequest } from "../quotes/create-quote.server";
import { quoteSchema } from "../quotes/quote-schema";
import { createLead } from "./create-lead.server";
import { leadSchema } from "./lead-schema";
import { checkPhoto, deletePhoto, readPhoto } from "./photo.server";
import { file, log, tempStorage } from "./test-support/enquiry-fixtures";

let t: TestDatabase;
const disk = tempStorage();
let ip = 0;
const nextIp = () => `10.7.0.${++ip}`;

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, "CBDU710001", { email: "owner@example.test", services: ["Skip Hire"] });
});
afterAll(async () => {
  await t?.destroy();
  disk.cleanup();
});

const NOW = new Date("2026-03-10T10:00:00Z");
const lead = () =>
  leadSchema(NOW).parse({
    description: "Old sofa",
    preferredDate: "2026-03-12",
    name: "Ann Visitor",
    email: "ann@example.test",
    postcode: "M1 1AE",
  });
const quote = () => quoteSchema.parse({ name: "Bob", email: "bob@example.test", message: "Two fridges" });
const services = () => ({ db: t.db, storage: disk.storage, log });
const CONFIG = { publicUrl: "https://directory.example.org" };

/** The storage key of the photo stored with a lead or a quote request. */
async function storedPhotoKey(table: "general_leads" | "quote_requests", id: string): Promise<string> {
  const row = await t.db.selectFrom(table).select("image_key").where("id", "=", id).executeTakeFirstOrThrow();
  return row.image_key!;
}

async function counts() {
  return {
    leads: await countRows(t.db, "general_leads"),
    quotes: await countRows(t.db, "quote_requests"),
    outbox: await countRows(t.db, "email_outbox"),
    files: fs.readdirSync(disk.dir, { recursive: true }).length,
  };
}

describe("crafted visitor photos", () => {
  it("checkPhoto refuses every crafted image as not an image", async () => {
    for (const c of craftedImages()) {
      expect(await checkPhoto(file(c.bytes, c.file, "image/png")), c.file).toEqual({ kind: "not-image" });
    }
  });

  it("the lead and quote forms refuse each crafted photo and store or send nothing", async () => {
    const before = await counts();
    for (const c of craftedImages()) {
      const l = await createLead(services(), CONFIG, {
        input: lead(),
        photo: file(c.bytes, c.file, "image/png"),
        honeypot: "",
        ip: nextIp(),
      });
      expect(l, c.file).toEqual({ status: "invalid-photo", reason: "not-image" });
      const q = await createQuoteRequest(
        services(),
        { publicUrl: "https://directory.example.org" },
        {
          registrationNumber: "CBDU710001",
          input: quote(),
          photo: file(c.bytes, c.file, "image/png"),
          honeypot: "",
          ip: nextIp(),
        },
      );
      expect(q, c.file).toEqual({ status: "invalid-photo", reason: "not-image" });
    }
    expect(await counts()).toEqual(before);
  });

  it("stores a valid photo as a clean JPEG, turned upright, without its GPS EXIF", async () => {
    const l = await createLead(services(), CONFIG, {
      input: lead(),
      photo: file(gpsJpeg(), "phone.jpg", "image/jpeg"),
      honeypot: "",
      ip: nextIp(),
    });
    const q = await createQuoteRequest(
      services(),
      { publicUrl: "https://directory.example.org" },
      {
        registrationNumber: "CBDU710001",
        input: quote(),
        photo: file(gpsJpeg(), "phone.jpg", "image/jpeg"),
        honeypot: "",
        ip: nextIp(),
      },
    );
    if (l.status !== "created" || q.status !== "created") throw new Error(`${l.status} ${q.status}`);
    const leadKey = await storedPhotoKey("general_leads", l.id);
    const quoteKey = await storedPhotoKey("quote_requests", q.id);
    for (const key of [leadKey, quoteKey]) {
      expect(key).toMatch(/\.jpg$/);
      const stored = (await disk.storage.get(key))!;
      expect(stored.contentType).toBe("image/jpeg");
      const meta = await sharp(stored.body).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 96 });
      expect(meta.exif).toBeUndefined();
      expect(stored.body.includes("FixtureCam")).toBe(false);
    }
  });

  it("makes a photo's thumbnail once, at most 400 px, and deletes it with the photo", async () => {
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#876" } })
      .jpeg()
      .toBuffer();
    const l = await createLead(services(), CONFIG, {
      input: lead(),
      photo: file(big, "skip.jpg", "image/jpeg"),
      honeypot: "",
      ip: nextIp(),
    });
    if (l.status !== "created") throw new Error(l.status);
    const key = await storedPhotoKey("general_leads", l.id);
    const full = await readPhoto(disk.storage, key);
    expect(await sharp(full!.body).metadata()).toMatchObject({ width: 1600, height: 1200 });
    const thumb = await readPhoto(disk.storage, key, { thumbnail: true });
    expect(thumb?.contentType).toBe("image/jpeg");
    expect(await sharp(thumb!.body).metadata()).toMatchObject({ format: "jpeg", width: 400, height: 300 });
    expect(await disk.storage.get(`${key}.thumb.jpg`)).not.toBeNull();
    await deletePhoto(disk.storage, key);
    expect(await disk.storage.get(key)).toBeNull();
    expect(await disk.storage.get(`${key}.thumb.jpg`)).toBeNull();
  });
});
