import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { countRows, findRowId } from "#tests/support/rows";
import type { TestDatabase } from "../../../tests/support/test-database";
import { useTestDatabase } from "#tests/support/use-test-database";
import { dateChoices, normalisePostcode, POSTCODE_MESSAGE, TIME_SLOTS } from "./constants";
import { createLead } from "./create-lead.server";
import { deleteLead } from "./delete-lead.server";
import { getLeadPhotoKey } from "./get-lead-photo.server";
import { leadSchema, type LeadInput } from "./lead-schema";
import { listLeads } from "./list-leads.server";
import {
  FailingStorage,
  file,
  GIF,
  log,
  parsedInput,
  PNG,
  tempStorage,
} from "./test-support/enquiry-fixtures";

let t: TestDatabase;
const disk = tempStorage();
useTestDatabase((opened) => (t = opened), disk.cleanup);

const NOW = new Date("2026-03-10T10:00:00Z");
function parse(fields: Record<string, string>) {
  return leadSchema(NOW).safeParse(fields);
}
const valid = (over: Record<string, string> = {}): LeadInput =>
  parsedInput(leadSchema(NOW), {
    description: "Old sofa",
    preferredDate: "2026-03-12",
    name: "Ann Visitor",
    email: "ann@example.test",
    postcode: "m1 1ae",
    ...over,
  });
const services = () => ({ db: t.db, storage: disk.storage, log });
const CONFIG = { publicUrl: "https://directory.example.org" };
let ip = 0;
const nextIp = () => `10.0.0.${++ip}`;

describe("lead form rules", () => {
  it("offers the next 10 days from today and ASAP plus 15 one-hour slots from 7:00 to 22:00", () => {
    expect(dateChoices(NOW)).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
      "2026-03-17",
      "2026-03-18",
      "2026-03-19",
    ]);
    expect(TIME_SLOTS).toHaveLength(16);
    expect(TIME_SLOTS[0]).toEqual({ value: "asap", label: "ASAP" });
    expect(TIME_SLOTS[1]).toEqual({ value: "7:00", label: "7:00 - 8:00" });
    expect(TIME_SLOTS[15]).toEqual({ value: "21:00", label: "21:00 - 22:00" });
  });

  it("requires description, date, name, e-mail and postcode, and checks each", () => {
    const r = parse({});
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]).sort();
    expect(paths).toEqual(["description", "email", "name", "postcode", "preferredDate"]);
    expect(
      parse({ ...valid(), preferredDate: "2026-03-25", email: "a@b.co" } as never).error?.issues[0]?.message,
    ).toBe("Please choose a date within the next 10 days");
    const bad = parse({
      description: "x",
      preferredDate: "2026-03-10",
      name: "A",
      email: "not-an-email",
      postcode: "ABC",
    });
    expect(bad.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Please enter a valid email address", POSTCODE_MESSAGE]),
    );
    expect(
      parse({
        description: "x",
        preferredDate: "2026-03-10",
        name: "A",
        email: "a@b.co",
        postcode: "SW1A 1AA 1234",
      }).error?.issues[0]?.message,
    ).toBe("Postcode must be at most 10 characters");
    expect(
      parse({
        description: "x".repeat(2001),
        preferredDate: "2026-03-10",
        name: "A",
        email: "a@b.co",
        postcode: "M1 1AE",
      }).success,
    ).toBe(false);
    expect(
      parse({
        description: "x",
        preferredDate: "2026-03-10",
        preferredTime: "23:00",
        name: "A",
        email: "a@b.co",
        postcode: "M1 1AE",
      }).success,
    ).toBe(false);
  });

  it("normalises UK postcodes and refuses others", () => {
    expect(normalisePostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(normalisePostcode(" M1  1AE ")).toBe("M1 1AE");
    expect(normalisePostcode("GIR 0AA")).toBe("GIR 0AA");
    expect(normalisePostcode("12345")).toBeNull();
    expect(normalisePostcode("M1 1A")).toBeNull();
  });
});

describe("creating a lead", () => {
  it("stores it with status 'new', 'asap' by default, and the photo under generalleads/", async () => {
    const r = await createLead(services(), CONFIG, {
      input: valid(),
      photo: file(PNG, "photo.png", "image/png"),
      honeypot: "",
      ip: nextIp(),
    });
    expect(r).toMatchObject({ status: "created", imageStored: true });
    if (r.status !== "created") return;
    const row = await t.db
      .selectFrom("general_leads")
      .selectAll()
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "new",
      preferred_time: "asap",
      postcode: "M1 1AE",
      preferred_date: "2026-03-12",
      load_size: null,
      phone: null,
    });
    // Stored re-encoded (decision 0005): a clean JPEG of the same picture, not the bytes sent.
    expect(row.image_key).toMatch(/^generalleads\/\d+-[0-9a-f]{16}\.jpg$/);
    const stored = (await disk.storage.get(row.image_key!))!;
    expect(stored.body.equals(PNG)).toBe(false);
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: "jpeg", width: 1, height: 1 });
    expect(await getLeadPhotoKey(t.db, r.id, { id: "admin", isAdmin: true })).toBe(row.image_key);
  });

  it("refuses a renamed non-image by its content and stores nothing", async () => {
    const before = await countRows(t.db, "general_leads");
    const r = await createLead(services(), CONFIG, {
      input: valid(),
      photo: file(Buffer.from("%PDF-1.7 not an image"), "holiday.jpg", "image/jpeg"),
      honeypot: "",
      ip: nextIp(),
    });
    expect(r).toEqual({ status: "invalid-photo", reason: "not-image" });
    expect(await countRows(t.db, "general_leads")).toBe(before);
  });

  it("refuses a photo over 10 MB", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      await createLead(services(), CONFIG, {
        input: valid(),
        photo: file(big, "big.png"),
        honeypot: "",
        ip: nextIp(),
      }),
    ).toEqual({ status: "invalid-photo", reason: "too-large" });
  });

  it("keeps the lead without the image when storage fails", async () => {
    const r = await createLead({ db: t.db, storage: new FailingStorage(), log }, CONFIG, {
      input: valid({ name: "Storage Down" }),
      photo: file(GIF, "a.gif"),
      honeypot: "",
      ip: nextIp(),
    });
    expect(r).toMatchObject({ status: "created", imageStored: false });
    const row = await t.db
      .selectFrom("general_leads")
      .select("image_key")
      .where("name", "=", "Storage Down")
      .executeTakeFirstOrThrow();
    expect(row.image_key).toBeNull();
  });

  it("stores nothing when the honeypot is filled", async () => {
    const r = await createLead(services(), CONFIG, {
      input: valid({ name: "Honey Bot" }),
      photo: null,
      honeypot: "0161 000",
      ip: nextIp(),
    });
    expect(r).toEqual({ status: "ignored" });
    expect(await findRowId(t.db, "general_leads", "name", "Honey Bot")).toBeUndefined();
  });

  it("allows 10 leads per hour from one address", async () => {
    const addr = nextIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await createLead(services(), CONFIG, { input: valid(), photo: null, honeypot: null, ip: addr }))
          .status,
      ).toBe("created");
    expect(
      await createLead(services(), CONFIG, { input: valid(), photo: null, honeypot: null, ip: addr }),
    ).toEqual({ status: "rate-limited" });
    // Over the limit, a photo is not even opened: the answer is the limit, not what the file is.
    const photo = new File([Buffer.from("not an image at all")], "big.jpg", { type: "image/jpeg" });
    expect(await createLead(services(), CONFIG, { input: valid(), photo, honeypot: null, ip: addr })).toEqual(
      { status: "rate-limited" },
    );
  });
});

describe("admin list of leads", () => {
  it("pages newest first through every row exactly once, both ways, and searches", async () => {
    await t.db.deleteFrom("general_leads").execute();
    const base = Date.UTC(2026, 0, 1);
    await t.db
      .insertInto("general_leads")
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          name: `Lead ${String(i).padStart(2, "0")}`,
          email: `lead${i}@example.test`,
          postcode: i === 7 ? "LS1 4AP" : "M1 1AE",
          description: i === 7 ? "Piano 100%_special" : "Bags",
          // two rows share a timestamp, so the id breaks the tie
          created_at: new Date(base + (i === 4 ? 5 : i) * 60_000),
        })),
      )
      .execute();
    const seen: string[] = [];
    let page = await listLeads(t.db, { limit: 10 });
    expect(page.prev).toBeNull();
    seen.push(...page.rows.map((r) => r.name));
    while (page.next) {
      page = await listLeads(t.db, { limit: 10, after: page.next });
      seen.push(...page.rows.map((r) => r.name));
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen[0]).toBe("Lead 22");
    expect(seen[22]).toBe("Lead 00");
    // and back: the previous page of the last page is the middle page
    const back = await listLeads(t.db, { limit: 10, before: page.prev });
    expect(back.rows.map((r) => r.name)).toEqual(seen.slice(10, 20));
    expect((await listLeads(t.db, { q: "LS1" })).rows.map((r) => r.name)).toEqual(["Lead 07"]);
    expect((await listLeads(t.db, { q: "100%_" })).rows.map((r) => r.name)).toEqual(["Lead 07"]);
    expect((await listLeads(t.db, { q: "%" })).rows.map((r) => r.name)).toEqual(["Lead 07"]);
  });

  it("deletes a lead and its photo; a second delete finds nothing", async () => {
    const r = await createLead(services(), CONFIG, {
      input: valid({ name: "Delete Me" }),
      photo: file(PNG, "p.png"),
      honeypot: null,
      ip: nextIp(),
    });
    if (r.status !== "created") throw new Error(r.status);
    const key = (await getLeadPhotoKey(t.db, r.id, { id: "admin", isAdmin: true }))!;
    expect(await deleteLead(services(), r.id)).toBe(true);
    expect(await disk.storage.get(key)).toBeNull();
    expect(await deleteLead(services(), r.id)).toBe(false);
    expect(await deleteLead(services(), "not-a-uuid")).toBe(false);
  });
});
