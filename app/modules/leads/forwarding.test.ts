/**
 * Forwarding general leads (issue 20, item 7; decision 0807), on PGlite and PostgreSQL: which
 * carriers are offered (premium, verified, not suspended, in force, within reach) nearest first
 * with their miles; a forward e-mails each carrier and the visitor, marks the lead forwarded and
 * is audited; never twice to one carrier, never a closed lead, never a carrier not offered; a
 * refusal changes nothing; the photo opens for the carriers it went to and no one else.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertAdmin,
  insertClaimedListing,
  insertRegisterEntry,
  insertUser,
  type ListingOverrides,
} from "#tests/support/builders";
import { countRows } from "#tests/support/rows";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { findForwardCandidates } from "./forward-candidates.server";
import { forwardedCarrierSubject, FORWARDED_VISITOR_SUBJECT } from "./forward-emails.server";
import { closeLead, forwardLead } from "./forward-lead.server";
import { getLeadForwarding } from "./get-lead-forwarding.server";
import { getLeadPhotoKey } from "./get-lead-photo.server";

let t: TestDatabase;
let adminId: string;
const MILE = 1609.344;
const CENTRE = { easting: 250_000, northing: 150_000 };
const POSTCODE = "FT1 1AA";
const at = (milesEast: number) => ({
  easting: Math.round(CENTRE.easting + milesEast * MILE),
  northing: CENTRE.northing,
});

const carriers: Record<string, { reg: string; name: string; email: string; user?: string }> = {};
let seq = 0;

async function carrier(key: string, milesEast: number, listing: ListingOverrides | null, entry = {}) {
  const reg = `CBDU${46_000_000 + ++seq}`;
  const name = `Forwarding ${key} Ltd`;
  const email = `fwd-${key.toLowerCase()}@example.test`;
  await insertRegisterEntry(t.db, {
    registration_number: reg,
    business_name: name.toUpperCase(),
    town: "Fwdtown",
    postcode: `FT1 ${seq}ZZ`,
    is_claimed: listing !== null,
    ...at(milesEast),
    ...entry,
  });
  let user: string | undefined;
  if (listing) {
    user = (await insertUser(t.db, { email: `fwd-owner-${key.toLowerCase()}@example.test` })).id;
    await insertClaimedListing(t.db, {
      registration_number: reg,
      company_name: name,
      email,
      subscription_plan: "premium",
      user_id: user,
      ...listing,
    });
  }
  carriers[key] = { reg, name, email, user };
}

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db, { email: "fwd-admin@example.test" })).id;
  // The lead's postcode: an unclaimed carrier there, so the postcode has a centroid.
  await insertRegisterEntry(t.db, {
    business_name: "FT CENTRE LTD",
    postcode: POSTCODE,
    town: "Fwdtown",
    ...CENTRE,
  });
  await carrier("Two", 2, {});
  await carrier("Half", 0.5, {});
  await carrier("Ten", 10, {});
  await carrier("Standard", 1, { subscription_plan: "standard" });
  await carrier("Suspended", 1, { suspended_at: new Date() });
  await carrier("Unverified", 1, { verified: false });
  await carrier("Lapsed", 1.5, { subscription_end_date: new Date("2020-01-01") });
  await carrier("Expired", 1.2, {}, { expiry_date: "2020-01-01" });
  await carrier("NoEmail", 1.3, { email: null });
  await carrier("Far", 30, {});
  await carrier("Unclaimed", 0.2, null);
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(async () => {
  await t.db.deleteFrom("general_leads").execute();
  await t.db.deleteFrom("email_outbox").execute();
  await t.db.deleteFrom("audit_log").execute();
});

async function insertLead(
  overrides: { postcode?: string; status?: "new" | "closed"; image_key?: string } = {},
) {
  return t.db
    .insertInto("general_leads")
    .values({
      name: "Fiona Forward",
      email: "fwd-visitor@example.test",
      phone: "0113 496 0001",
      postcode: POSTCODE,
      load_size: "medium",
      description: "A wardrobe and two chairs",
      preferred_date: "2026-12-01",
      preferred_time: "9:00",
      image_key: "leads/fwd.jpg",
      ...overrides,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

const regs = (...keys: string[]) => keys.map((k) => carriers[k]!.reg);
/** The admin forwards the lead to these registrations. */
const forward = (leadId: string, registrationNumbers: string[]) =>
  forwardLead(t.db, TEST_CONFIG, { leadId, registrationNumbers, adminId });
const outbox = () => t.db.selectFrom("email_outbox").select(["to_address", "subject", "text"]).execute();

describe("carriers offered", () => {
  it("offers premium, verified, unsuspended, in-force carriers within reach, nearest first with miles", async () => {
    const found = await findForwardCandidates(t.db, POSTCODE);
    expect(found.place?.label).toBe(POSTCODE);
    expect(found.carriers.map((c) => c.businessName)).toEqual([
      "Forwarding Half Ltd",
      "Forwarding Two Ltd",
      "Forwarding Ten Ltd",
    ]);
    expect(found.carriers.map((c) => c.distanceMiles)).toEqual([0.5, 2, 10]);
    expect(found.carriers[0]!.email).toBe("fwd-half@example.test");
  });

  it("offers none for a postcode it cannot place", async () => {
    expect(await findForwardCandidates(t.db, "ZQ9 9ZZ")).toEqual({ place: null, carriers: [] });
  });
});

describe("forwarding a lead", () => {
  it("sends it to the chosen carriers and tells the visitor who, marks it forwarded and audits it", async () => {
    const lead = await insertLead();
    const r = await forward(lead.id, regs("Ten", "Half"));
    expect(r.status).toBe("forwarded");
    const row = await t.db
      .selectFrom("general_leads")
      .select("status")
      .where("id", "=", lead.id)
      .executeTakeFirst();
    expect(row?.status).toBe("forwarded");

    const mails = await outbox();
    expect(mails.map((m) => m.to_address).sort()).toEqual(
      ["fwd-half@example.test", "fwd-ten@example.test", "fwd-visitor@example.test"].sort(),
    );
    const toHalf = mails.find((m) => m.to_address === "fwd-half@example.test")!;
    expect(toHalf.subject).toBe(forwardedCarrierSubject(POSTCODE));
    expect(toHalf.text).toContain("Fiona Forward");
    expect(toHalf.text).toContain("A wardrobe and two chairs");
    expect(toHalf.text).toContain(`${TEST_CONFIG.publicUrl}/enquiries/photo/lead/${lead.id}`);
    const toVisitor = mails.find((m) => m.to_address === "fwd-visitor@example.test")!;
    expect(toVisitor.subject).toBe(FORWARDED_VISITOR_SUBJECT);
    expect(toVisitor.text).toContain(
      `Forwarding Half Ltd: ${TEST_CONFIG.publicUrl}/provider/${carriers.Half!.reg}`,
    );
    expect(toVisitor.text).toContain(
      `Forwarding Ten Ltd: ${TEST_CONFIG.publicUrl}/provider/${carriers.Ten!.reg}`,
    );
    expect(toVisitor.text).not.toContain("Forwarding Two Ltd");

    const audit = await t.db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "lead.forwarded",
      entity: "general_lead",
      entity_id: lead.id,
      actor_user_id: adminId,
    });
    const details = (
      typeof audit[0]!.details === "string" ? JSON.parse(audit[0]!.details) : audit[0]!.details
    ) as {
      carriers: { registrationNumber: string }[];
    };
    expect(details.carriers.map((c) => c.registrationNumber)).toEqual(regs("Half", "Ten"));

    const page = await getLeadForwarding(t.db, lead.id);
    expect(page?.forwards.map((f) => [f.businessName, f.miles])).toEqual([
      ["Forwarding Half Ltd", 0.5],
      ["Forwarding Ten Ltd", 10],
    ]);
    expect(page?.candidates.map((c) => c.alreadyForwarded)).toEqual([true, false, true]);
  });

  it("forwards again to others, but never twice to the same carrier", async () => {
    const lead = await insertLead();
    await forward(lead.id, regs("Half"));
    const again = await forward(lead.id, regs("Two", "Half"));
    expect(again).toEqual({ status: "already-forwarded", businessNames: ["Forwarding Half Ltd"] });
    expect(await countRows(t.db, "lead_forwards")).toBe(1);
    expect(await countRows(t.db, "email_outbox")).toBe(2);
    expect(await countRows(t.db, "audit_log")).toBe(1);

    const more = await forward(lead.id, regs("Two"));
    expect(more.status).toBe("forwarded");
    expect(await countRows(t.db, "lead_forwards")).toBe(2);
    // The database holds the rule too.
    await expect(
      t.db
        .insertInto("lead_forwards")
        .values({ lead_id: lead.id, registration_number: carriers.Two!.reg })
        .execute(),
    ).rejects.toThrow();
  });

  it("refuses carriers that are not offered, whatever the form says, and changes nothing", async () => {
    const lead = await insertLead();
    for (const key of [
      "Standard",
      "Suspended",
      "Unverified",
      "Lapsed",
      "Expired",
      "NoEmail",
      "Far",
      "Unclaimed",
    ]) {
      const r = await forward(lead.id, regs("Half", key));
      expect(r.status, key).toBe("not-eligible");
    }
    expect((await forward(lead.id, ["CBDU1"])).status).toBe("not-eligible");
    expect((await forward(lead.id, [])).status).toBe("none-chosen");
    const six = ["a", "b", "c", "d", "e", "f"];
    expect((await forward(lead.id, six)).status).toBe("too-many");
    expect((await forward("not-a-uuid", regs("Half"))).status).toBe("not-found");
    expect(await countRows(t.db, "lead_forwards")).toBe(0);
    expect(await countRows(t.db, "email_outbox")).toBe(0);
    expect(await countRows(t.db, "audit_log")).toBe(0);
    const row = await t.db
      .selectFrom("general_leads")
      .select("status")
      .where("id", "=", lead.id)
      .executeTakeFirst();
    expect(row?.status).toBe("new");
  });

  it("closes a lead (audited), and a closed lead cannot be forwarded", async () => {
    const lead = await insertLead();
    expect(await closeLead(t.db, { leadId: lead.id, adminId })).toEqual({ status: "closed" });
    expect(await closeLead(t.db, { leadId: lead.id, adminId })).toEqual({ status: "already-closed" });
    const r = await forward(lead.id, regs("Half"));
    expect(r.status).toBe("closed");
    expect(await countRows(t.db, "email_outbox")).toBe(0);
    const audit = await t.db.selectFrom("audit_log").select(["action", "entity_id"]).execute();
    expect(audit).toEqual([{ action: "lead.closed", entity_id: lead.id }]);
  });
});

describe("the lead's photo", () => {
  it("opens for admins and for the owners of listings the lead went to, not for other carriers", async () => {
    const lead = await insertLead();
    await forward(lead.id, regs("Half"));
    expect(await getLeadPhotoKey(t.db, lead.id, { id: adminId, isAdmin: true })).toBe("leads/fwd.jpg");
    expect(await getLeadPhotoKey(t.db, lead.id, { id: carriers.Half!.user!, isAdmin: false })).toBe(
      "leads/fwd.jpg",
    );
    expect(await getLeadPhotoKey(t.db, lead.id, { id: carriers.Two!.user!, isAdmin: false })).toBeNull();
    expect(
      await getLeadPhotoKey(t.db, lead.id, { id: carriers.Suspended!.user!, isAdmin: false }),
    ).toBeNull();
  });
});
