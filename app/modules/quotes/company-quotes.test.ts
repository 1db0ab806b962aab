/**
 * The owner's quote requests in /company/quotes (decision 0604): the list (newest first, keyset
 * pages, status filter, counts), the carrier status's moves, private notes, and who may change
 * what: only the owner of the approved, unsuspended listing the request was sent to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnquiryCounts } from "~/modules/company/enquiry-counts.server";
import type { ListingOwner } from "~/modules/company/owned-listing.server";
import { insertPremiumListing, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { canMoveQuote, quoteNotesSchema, QUOTE_MESSAGES } from "./carrier-status";
import { getQuotePhotoKey } from "./get-quote-photo.server";
import { countCompanyQuotes, listCompanyQuotes } from "./list-company-quotes.server";
import { moveCompanyQuote, saveCompanyQuoteNotes } from "./update-company-quote.server";

let t: TestDatabase;
let owner: ListingOwner;
let other: ListingOwner;
let suspended: ListingOwner;
let unapproved: ListingOwner;
const ids: Record<string, string> = {};

async function quote(reg: string, name: string, minutesAgo: number, image: string | null = null) {
  const row = await t.db
    .insertInto("quote_requests")
    .values({
      provider_id: reg,
      name,
      email: `${name.toLowerCase()}@example.test`,
      message: `Please collect ${name}'s rubbish`,
      image_key: image,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
  return row.id;
}

async function ownerOf(reg: string, over: Parameters<typeof insertPremiumListing>[2] = {}) {
  const user = await insertUser(t.db);
  const listing = await insertPremiumListing(t.db, reg, { user_id: user.id, ...over });
  return { userId: user.id, listingId: listing.id };
}

const row = (id: string) =>
  t.db
    .selectFrom("quote_requests")
    .select(["status", "carrier_status", "carrier_notes", "carrier_updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const audits = (id: string) =>
  t.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id", "details"])
    .where("entity", "=", "quote_request")
    .where("entity_id", "=", id)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await ownerOf("CBDU561001");
  other = await ownerOf("CBDU561002");
  suspended = await ownerOf("CBDU561003", { suspended_at: new Date() });
  unapproved = await ownerOf("CBDU561004", { verified: false });
  for (let i = 1; i <= 5; i++) await quote("CBDU561001", `Visitor${i}`, 60 - i);
  await quote("CBDU561001", "Photo", 1, "provider-requests/CBDU561001/1-a.png");
  await quote("CBDU561002", "Elsewhere", 1, "provider-requests/CBDU561002/1-b.png");
  await quote("CBDU561003", "Suspended", 1);
  await quote("CBDU561004", "Unapproved", 1);
});
afterAll(async () => {
  await t?.destroy();
});

describe("the owner's list", () => {
  it("lists the listing's requests only, newest first, in keyset pages, with the photo flag", async () => {
    const first = await listCompanyQuotes(t.db, "CBDU561001", { limit: 4 });
    expect(first.rows.map((r) => r.name)).toEqual(["Photo", "Visitor5", "Visitor4", "Visitor3"]);
    expect(first.rows[0]).toMatchObject({ has_image: true, carrier_status: "new", carrier_notes: null });
    expect(first.rows[1]!.has_image).toBe(false);
    expect(first.prev).toBeNull();
    const second = await listCompanyQuotes(t.db, "CBDU561001", { limit: 4, after: first.next });
    expect(second.rows.map((r) => r.name)).toEqual(["Visitor2", "Visitor1"]);
    expect(second.next).toBeNull();
    const back = await listCompanyQuotes(t.db, "CBDU561001", { limit: 4, before: second.prev });
    expect(back.rows.map((r) => r.name)).toEqual(first.rows.map((r) => r.name));
  });

  it("filters by the carrier's status and counts each status", async () => {
    await t.db
      .updateTable("quote_requests")
      .set({ carrier_status: "lost" })
      .where("id", "=", ids.Visitor1!)
      .execute();
    const lost = await listCompanyQuotes(t.db, "CBDU561001", { status: "lost" });
    expect(lost.rows.map((r) => r.name)).toEqual(["Visitor1"]);
    expect(await countCompanyQuotes(t.db, "CBDU561001")).toEqual({ new: 5, contacted: 0, won: 0, lost: 1 });
    expect((await getEnquiryCounts(t.db, "CBDU561001")).newQuotes).toBe(5);
    await t.db
      .updateTable("quote_requests")
      .set({ carrier_status: "new" })
      .where("id", "=", ids.Visitor1!)
      .execute();
  });
});

describe("moving a request", () => {
  it("allows new → contacted → won, back steps, and never new → won", () => {
    expect(canMoveQuote("new", "contacted")).toBe(true);
    expect(canMoveQuote("new", "lost")).toBe(true);
    expect(canMoveQuote("new", "won")).toBe(false);
    expect(canMoveQuote("contacted", "new")).toBe(true);
    expect(canMoveQuote("won", "lost")).toBe(false);
    expect(canMoveQuote("won", "contacted")).toBe(true);
    expect(canMoveQuote("lost", "new")).toBe(false);
  });

  it("moves through new → contacted → won with an audit entry each, leaving the admin's status alone", async () => {
    const id = ids.Visitor5!;
    expect(await moveCompanyQuote(t.db, owner, { id, to: "won" })).toEqual({ ok: false, reason: "bad_move" });
    expect((await row(id)).carrier_status).toBe("new");
    expect(await moveCompanyQuote(t.db, owner, { id, to: "contacted" })).toEqual({ ok: true });
    expect(await moveCompanyQuote(t.db, owner, { id, to: "won" })).toEqual({ ok: true });
    const after = await row(id);
    expect(after).toMatchObject({ status: "pending", carrier_status: "won" });
    expect(after.carrier_updated_at).toBeInstanceOf(Date);
    // A stale second click (won → won) is not a move.
    expect(await moveCompanyQuote(t.db, owner, { id, to: "won" })).toEqual({ ok: false, reason: "bad_move" });
    expect(await moveCompanyQuote(t.db, owner, { id, to: "contacted" })).toEqual({ ok: true });
    expect(await moveCompanyQuote(t.db, owner, { id, to: "new" })).toEqual({ ok: true });
    expect((await audits(id)).map((a) => [a.action, a.actor_user_id, a.details])).toEqual(
      [
        ["new", "contacted"],
        ["contacted", "won"],
        ["won", "contacted"],
        ["contacted", "new"],
      ].map(([from, to]) => [
        "quote_request.carrier_status_changed",
        owner.userId,
        { registrationNumber: "CBDU561001", from, to },
      ]),
    );
  });
});

describe("private notes", () => {
  it("checks the length after trimming; blank clears them", () => {
    expect(quoteNotesSchema.parse({ id: "x", notes: "  Call after 5\r\n " }).notes).toBe("Call after 5");
    expect(quoteNotesSchema.parse({ id: "x", notes: ` ${"n".repeat(2000)} ` }).notes).toHaveLength(2000);
    const long = quoteNotesSchema.safeParse({ id: "x", notes: "n".repeat(2001) });
    expect(long.error?.issues[0]?.message).toBe(QUOTE_MESSAGES.notesTooLong);
    expect(quoteNotesSchema.parse({ id: "x" }).notes).toBe("");
  });

  it("saves and clears them, audited without their text", async () => {
    const id = ids.Visitor4!;
    expect(await saveCompanyQuoteNotes(t.db, owner, { id, notes: "Gate code 1234" })).toEqual({ ok: true });
    expect((await row(id)).carrier_notes).toBe("Gate code 1234");
    expect(await saveCompanyQuoteNotes(t.db, owner, { id, notes: "" })).toEqual({ ok: true });
    expect((await row(id)).carrier_notes).toBeNull();
    const entries = await audits(id);
    expect(entries.map((a) => a.details)).toEqual([
      { registrationNumber: "CBDU561001", characters: 14, before: 0 },
      { registrationNumber: "CBDU561001", characters: 0, before: 14 },
    ]);
    expect(JSON.stringify(entries)).not.toContain("Gate code");
  });

  it("the database refuses notes over 2,000 characters too", async () => {
    await expect(
      t.db
        .updateTable("quote_requests")
        .set({ carrier_notes: "n".repeat(2001) })
        .where("id", "=", ids.Visitor3!)
        .execute(),
    ).rejects.toThrow();
  });
});

describe("who may change a request", () => {
  it("another listing's request, an unknown id or another's listing id: not found, nothing changes", async () => {
    const theirs = ids.Elsewhere!;
    expect(await moveCompanyQuote(t.db, owner, { id: theirs, to: "contacted" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await saveCompanyQuoteNotes(t.db, owner, { id: theirs, notes: "mine now" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await row(theirs)).toMatchObject({
      carrier_status: "new",
      carrier_notes: null,
      carrier_updated_at: null,
    });
    expect(await moveCompanyQuote(t.db, owner, { id: "not-a-uuid", to: "contacted" })).toMatchObject({
      reason: "not_found",
    });
    expect(
      await moveCompanyQuote(t.db, owner, { id: "00000000-0000-4000-8000-000000000000", to: "contacted" }),
    ).toMatchObject({ reason: "not_found" });
    // The user's id with another owner's listing id (a forged form) is nobody's listing.
    expect(
      await moveCompanyQuote(
        t.db,
        { userId: owner.userId, listingId: other.listingId },
        { id: theirs, to: "contacted" },
      ),
    ).toMatchObject({ reason: "not_found" });
    expect(await audits(theirs)).toEqual([]);
  });

  it("a suspended listing reads only; one awaiting approval cannot change anything", async () => {
    expect(await moveCompanyQuote(t.db, suspended, { id: ids.Suspended!, to: "contacted" })).toEqual({
      ok: false,
      reason: "read_only",
    });
    expect(await saveCompanyQuoteNotes(t.db, suspended, { id: ids.Suspended!, notes: "x" })).toMatchObject({
      reason: "read_only",
    });
    expect(await moveCompanyQuote(t.db, unapproved, { id: ids.Unapproved!, to: "contacted" })).toMatchObject({
      reason: "not_approved",
    });
    // Refused before it learns whether another listing's id exists.
    expect(await moveCompanyQuote(t.db, suspended, { id: ids.Elsewhere!, to: "contacted" })).toMatchObject({
      reason: "not_found",
    });
    expect((await row(ids.Suspended!)).carrier_status).toBe("new");
    expect((await row(ids.Unapproved!)).carrier_status).toBe("new");
  });

  it("the photo opens for the owner (and admins), for nobody else", async () => {
    expect(await getQuotePhotoKey(t.db, ids.Photo!, { id: owner.userId, isAdmin: false })).toBe(
      "provider-requests/CBDU561001/1-a.png",
    );
    expect(await getQuotePhotoKey(t.db, ids.Elsewhere!, { id: owner.userId, isAdmin: false })).toBeNull();
  });
});
