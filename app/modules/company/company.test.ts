import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { craftedImages, gpsJpeg } from "~/platform/images/test-support/crafted-images";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { testPng } from "../waste-notes/test-support/valid-form";
import { editableValues, getCompanyListing } from "./company-listing.server";
import { getDashboardStats } from "./dashboard-stats.server";
import { normaliseServices, parseListingDetails } from "./listing-rules";
import { checkLogo, LOGO_MAX_BYTES, readLogo, removeLogo, uploadLogo } from "./logo.server";
import { publishListingDraft, saveListingDetails, setEmailNotifications } from "./update-listing.server";

let t: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
const users: Record<string, string> = {};

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

function details(overrides: Record<string, string | string[]> = {}) {
  const r = parseListingDetails(
    form({
      businessName: "New Name Ltd",
      about: "We collect",
      phone: "0117 496 0000",
      email: "hello@new.example",
      services: ["Skips"],
      ...overrides,
    }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.data;
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "company-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    {
      registration_number: "CBDU700001",
      business_name: "VERIFIED CO",
      address_line_1: "1 Dock Road",
      town: "Portbury",
      postcode: "BS20 7XX",
      expiry_date: "2030-01-01",
    },
    { registration_number: "CBDU700002", business_name: "UNVERIFIED CO", town: "Portbury" },
    { registration_number: "CBDU700003", business_name: "SOMEONE ELSE" },
  ]);
  for (const name of ["v", "u", "other", "none"])
    users[name] = (await insertUser(t.db, { email: `${name}@co.test` })).id;
  await insertClaimedListing(t.db, {
    registration_number: "CBDU700001",
    user_id: users.v,
    company_name: "Verified Co",
    phone: "0117 000 0001",
    verified: true,
    services: ["Skips"],
  });
  await insertClaimedListing(t.db, {
    registration_number: "CBDU700002",
    user_id: users.u,
    company_name: "Unverified Co",
    phone: "0117 000 0002",
    verified: false,
  });
  await insertClaimedListing(t.db, {
    registration_number: "CBDU700003",
    user_id: users.other,
    company_name: "Someone Else",
    verified: true,
  });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("listing rules", () => {
  it("ignores blank and duplicate service tags, keeping the first spelling", () => {
    expect(normaliseServices(["Skips", " ", "skips", "  Man   and van ", "", "SKIPS", "Clearance"])).toEqual([
      "Skips",
      "Man and van",
      "Clearance",
    ]);
  });

  it("reads tags and the one-per-line fallback together", () => {
    const r = parseListingDetails(
      form({ businessName: "A", services: ["Skips"], servicesText: "skips\r\nHouse clearance\n\n" }),
    );
    expect(r.ok && r.data.services).toEqual(["Skips", "House clearance"]);
  });

  it("refuses a blank name, a bad e-mail and a bad phone with clear messages", () => {
    const r = parseListingDetails(form({ businessName: "  ", email: "not-an-email", phone: "call me" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      businessName: ["Business name is required"],
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid phone number"],
    });
  });

  it("turns empty optional fields into null", () => {
    const r = parseListingDetails(form({ businessName: "A", about: " ", phone: "", email: "" }));
    expect(r.ok && r.data).toEqual({
      businessName: "A",
      about: null,
      phone: null,
      email: null,
      services: [],
    });
  });
});

describe("saving the listing", () => {
  it("publishes a verified listing's changes at once, only the allowed fields", async () => {
    expect(await saveListingDetails(t.db, users.v, details({ services: ["Skips", "Grab hire"] }))).toBe(
      "published",
    );
    const row = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU700001")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_name: "New Name Ltd",
      about: "We collect",
      phone: "0117 496 0000",
      email: "hello@new.example",
      services: ["Skips", "Grab hire"],
      verified: true,
      draft: null,
    });
    const other = await t.db
      .selectFrom("claimed_listings")
      .selectAll()
      .where("registration_number", "=", "CBDU700003")
      .executeTakeFirstOrThrow();
    expect(other.company_name).toBe("Someone Else");
  });

  it("keeps an unverified listing's changes as a draft, the published listing unchanged, until approval", async () => {
    expect(await saveListingDetails(t.db, users.u, details({ businessName: "Drafted Name" }))).toBe("draft");
    const listing = (await getCompanyListing(t.db, users.u))!;
    expect(listing.businessName).toBe("Unverified Co");
    expect(listing.phone).toBe("0117 000 0002");
    expect(editableValues(listing)).toMatchObject({ businessName: "Drafted Name", phone: "0117 496 0000" });

    const published = await publishListingDraft(t.db, "CBDU700002");
    expect(published.published).toBe(true);
    const after = (await getCompanyListing(t.db, users.u))!;
    expect(after).toMatchObject({ businessName: "Drafted Name", phone: "0117 496 0000", draft: null });
    expect(await publishListingDraft(t.db, "CBDU700002")).toEqual({
      published: false,
      replacedLogoUrl: null,
    });
  });

  it("publishes a draft inside the caller's transaction (the claims approval), or not at all if it rolls back", async () => {
    await saveListingDetails(t.db, users.u, details({ businessName: "Inside Approval Ltd" }));
    await t.db
      .updateTable("claimed_listings")
      .set({ verified: false })
      .where("registration_number", "=", "CBDU700002")
      .execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect((await publishListingDraft(trx, "CBDU700002")).published).toBe(true);
        throw new Error("approval failed later");
      }),
    ).rejects.toThrow("approval failed later");
    expect((await getCompanyListing(t.db, users.u))!.draft?.businessName).toBe("Inside Approval Ltd");
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("claimed_listings")
        .set({ verified: true })
        .where("registration_number", "=", "CBDU700002")
        .execute();
      await publishListingDraft(trx, "CBDU700002");
    });
    expect((await getCompanyListing(t.db, users.u))!).toMatchObject({
      businessName: "Inside Approval Ltd",
      verified: true,
      draft: null,
    });
    await t.db
      .updateTable("claimed_listings")
      .set({ verified: false })
      .where("registration_number", "=", "CBDU700002")
      .execute();
  });

  it("does nothing for a user without a listing", async () => {
    expect(await saveListingDetails(t.db, users.none, details())).toBe("no_listing");
    expect(await getCompanyListing(t.db, users.none)).toBeNull();
    expect(await setEmailNotifications(t.db, users.none, false)).toBe(false);
  });

  it("reads the read-only address and expiry from the register", async () => {
    const listing = (await getCompanyListing(t.db, users.v))!;
    expect(listing).toMatchObject({
      address: "1 Dock Road, Portbury, BS20 7XX",
      expiryDate: "2030-01-01",
      emailNotifications: true,
    });
  });

  it("saves the e-mail notification setting", async () => {
    expect(await setEmailNotifications(t.db, users.v, false)).toBe(true);
    expect((await getCompanyListing(t.db, users.v))!.emailNotifications).toBe(false);
    const other = await t.db
      .selectFrom("claimed_listings")
      .select("email_notifications")
      .where("registration_number", "=", "CBDU700003")
      .executeTakeFirstOrThrow();
    expect(other.email_notifications).toBe(true);
    expect(await setEmailNotifications(t.db, users.v, true)).toBe(true);
    expect((await getCompanyListing(t.db, users.v))!.emailNotifications).toBe(true);
  });
});

describe("logo", () => {
  it("accepts an image by its bytes and refuses a renamed non-image, an empty file and a file over 5 MB", async () => {
    const png = testPng();
    expect(await checkLogo(png)).toMatchObject({ ok: true, mime: "image/png" });
    expect(await checkLogo(Buffer.from("<html>not an image</html>"))).toEqual({
      ok: false,
      message: "Please upload a valid image file (JPG, PNG, GIF)",
    });
    expect(await checkLogo(new Uint8Array())).toMatchObject({ ok: false });
    const big = Buffer.alloc(LOGO_MAX_BYTES + 1);
    png.copy(big);
    expect(await checkLogo(big)).toEqual({ ok: false, message: "Logo must be smaller than 5MB" });
  });

  it("recommends a square of at least 512 px from the decoded image, and stores at most 512 px", async () => {
    const image = (width: number, height: number, format: "png" | "jpeg" | "gif") =>
      sharp({ create: { width, height, channels: 3, background: "#2e7d32" } })
        .toFormat(format)
        .toBuffer();
    for (const [w, h, format, square] of [
      [512, 512, "png", true],
      [1024, 1024, "jpeg", true],
      [600, 600, "gif", true],
      [511, 511, "png", false],
      [800, 400, "png", false],
    ] as const) {
      const check = await checkLogo(await image(w, h, format));
      expect(check, `${w}x${h} ${format}`).toMatchObject({
        ok: true,
        mime: "image/png",
        extension: "png",
        square,
      });
      if (!check.ok) continue;
      const stored = await sharp(check.bytes).metadata();
      expect(stored.format).toBe("png");
      expect(Math.max(stored.width, stored.height)).toBe(Math.min(512, Math.max(w, h)));
    }
    // A WebP is an image, but not one of the logo's formats (JPG, PNG, GIF).
    const webp = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#2e7d32" } })
      .webp()
      .toBuffer();
    expect(await checkLogo(webp)).toEqual({
      ok: false,
      message: "Please upload a valid image file (JPG, PNG, GIF)",
    });
  });

  it("refuses every crafted image and stores nothing; a photo's GPS EXIF is not stored", async () => {
    const files = () =>
      fs.existsSync(path.join(dir, "company-logos")) ? fs.readdirSync(path.join(dir, "company-logos")) : [];
    const before = files();
    const draft = (await getCompanyListing(t.db, users.u))!;
    for (const c of craftedImages()) {
      const expected =
        c.reason === "too-many-pixels"
          ? "The image has too many pixels (at most 40 megapixels)."
          : "Please upload a valid image file (JPG, PNG, GIF)";
      expect(await checkLogo(c.bytes), c.file).toEqual({ ok: false, message: expected });
      expect(await uploadLogo({ db: t.db, storage }, users.u, "CBDU700002", c.bytes), c.file).toEqual({
        status: "invalid",
        message: expected,
      });
    }
    expect(files()).toEqual(before);
    expect(editableValues((await getCompanyListing(t.db, users.u))!)).toEqual(editableValues(draft));
    const gps = await checkLogo(gpsJpeg());
    expect(gps).toMatchObject({ ok: true, mime: "image/png", square: false });
    if (!gps.ok) return;
    const meta = await sharp(gps.bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 64, height: 96 });
    expect(meta.exif).toBeUndefined();
  });

  it("publishes a verified listing's logo, replaces it and removes it, deleting old files", async () => {
    const first = await uploadLogo({ db: t.db, storage }, users.v, "CBDU700001", testPng());
    expect(first.status).toBe("published");
    if (first.status !== "published") return;
    const file1 = first.logoUrl!.replace("/company-logo/", "");
    expect(await readLogo(storage, file1)).not.toBeNull();
    const second = await uploadLogo({ db: t.db, storage }, users.v, "CBDU700001", testPng());
    if (second.status !== "published") throw new Error(second.status);
    expect((await getCompanyListing(t.db, users.v))!.logoUrl).toBe(second.logoUrl);
    expect(await readLogo(storage, file1)).toBeNull();
    expect((await removeLogo({ db: t.db, storage }, users.v)).status).toBe("published");
    expect((await getCompanyListing(t.db, users.v))!.logoUrl).toBeNull();
    expect(await readLogo(storage, second.logoUrl!.replace("/company-logo/", ""))).toBeNull();
  });

  it("stores each logo at 512 and 128 px, as PNG and WebP; removing it removes all four", async () => {
    const logos = () =>
      fs.existsSync(path.join(dir, "company-logos"))
        ? fs.readdirSync(path.join(dir, "company-logos")).sort()
        : [];
    const before = logos();
    const big = await sharp({ create: { width: 900, height: 900, channels: 4, background: "#2a7" } })
      .png()
      .toBuffer();
    const r = await uploadLogo({ db: t.db, storage }, users.v, "CBDU700001", big);
    if (r.status !== "published") throw new Error(r.status);
    const base = r.logoUrl!.replace("/company-logo/", "").replace(/\.png$/, "");
    expect(logos().filter((f) => !before.includes(f))).toEqual([
      `${base}-128.png`,
      `${base}-128.webp`,
      `${base}.png`,
      `${base}.webp`,
    ]);
    const sizes = async (file: string) => {
      const stored = await readLogo(storage, file);
      const meta = await sharp(stored!.body).metadata();
      return [stored!.contentType, meta.format, meta.width];
    };
    expect(await sizes(`${base}.png`)).toEqual(["image/png", "png", 512]);
    expect(await sizes(`${base}.webp`)).toEqual(["image/webp", "webp", 512]);
    expect(await sizes(`${base}-128.png`)).toEqual(["image/png", "png", 128]);
    expect(await sizes(`${base}-128.webp`)).toEqual(["image/webp", "webp", 128]);
    // No GIF copies, nothing outside the pattern.
    expect(await readLogo(storage, `${base}-128.gif`)).toBeNull();
    expect(await readLogo(storage, `${base}-64.png`)).toBeNull();
    await removeLogo({ db: t.db, storage }, users.v);
    expect(logos()).toEqual(before);
  });

  it("makes the copies of a logo stored before they existed the first time they are asked for", async () => {
    const old = "cbdu700009-logo-1700000000000-0123456789abcdef";
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    await storage.put(`company-logos/${old}.jpg`, jpeg);
    const small = await readLogo(storage, `${old}-128.jpg`);
    expect(small?.contentType).toBe("image/jpeg");
    expect((await sharp(small!.body).metadata()).width).toBe(128);
    const webp = await readLogo(storage, `${old}.webp`);
    expect((await sharp(webp!.body).metadata()).format).toBe("webp");
    // Stored: the next read is the same file.
    expect(fs.existsSync(path.join(dir, "company-logos", `${old}-128.jpg`))).toBe(true);
    expect(await readLogo(storage, "cbdu700009-logo-1700000000000-ffffffffffffffff-128.png")).toBeNull();
  });

  it("keeps an unverified listing's logo in the draft; a refused file stores nothing", async () => {
    const bad = await uploadLogo({ db: t.db, storage }, users.u, "CBDU700002", Buffer.from("plain text"));
    expect(bad).toEqual({ status: "invalid", message: "Please upload a valid image file (JPG, PNG, GIF)" });
    const r = await uploadLogo({ db: t.db, storage }, users.u, "CBDU700002", testPng());
    expect(r.status).toBe("draft");
    const listing = (await getCompanyListing(t.db, users.u))!;
    expect(listing.logoUrl).toBeNull();
    expect(editableValues(listing).logoUrl).toMatch(/^\/company-logo\/cbdu700002-logo-/);
    expect(await readLogo(storage, "../../etc/passwd")).toBeNull();
    const published = await publishListingDraft(t.db, "CBDU700002");
    expect(published.published).toBe(true);
    expect((await getCompanyListing(t.db, users.u))!.logoUrl).toBe(editableValues(listing).logoUrl);
  });
});

describe("dashboard analytics", () => {
  it("counts all-time totals and 30 UK days of views and clicks, zeros included", async () => {
    const now = new Date("2026-03-30T12:00:00Z"); // clocks went forward on 29 March 2026
    const at = (iso: string) => new Date(iso);
    await t.db
      .insertInto("provider_analytics")
      .values([
        { provider_id: "CBDU700001", action_type: "view", created_at: at("2026-03-30T09:00:00Z") },
        { provider_id: "CBDU700001", action_type: "view", created_at: at("2026-03-29T23:30:00Z") }, // 30 March 00:30 BST
        { provider_id: "CBDU700001", action_type: "phone_click", created_at: at("2026-03-29T10:00:00Z") },
        { provider_id: "CBDU700001", action_type: "view", created_at: at("2026-03-01T10:00:00Z") }, // first day of the window
        { provider_id: "CBDU700001", action_type: "view", created_at: at("2026-02-28T10:00:00Z") }, // outside: totals only
        { provider_id: "CBDU700003", action_type: "view", created_at: at("2026-03-30T09:00:00Z") }, // another listing
      ])
      .execute();
    const stats = await getDashboardStats(t.db, "CBDU700001", now);
    expect(stats.views).toBe(4);
    expect(stats.phoneClicks).toBe(1);
    expect(stats.last30).toEqual({ views: 3, phoneClicks: 1 });
    expect(stats.series).toHaveLength(30);
    expect(stats.series[0]).toEqual({ day: "2026-03-01", views: 1, clicks: 0 });
    expect(stats.series.at(-1)).toEqual({ day: "2026-03-30", views: 2, clicks: 0 });
    expect(stats.series.at(-2)).toEqual({ day: "2026-03-29", views: 0, clicks: 1 });
    expect(stats.series.slice(1, 28).every((d) => d.views === 0 && d.clicks === 0)).toBe(true);
  });
});
