/**
 * Saved receiving sites and customers (decision 0710) on a real database: a note's parties are
 * remembered once per company and name whatever its case, brought up to date by the next note;
 * the pages' list, search, create, update and delete stay inside the company (another company's
 * rows are "not found"), refuse a duplicate name, and are audited; the forms' checks.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntry, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import {
  createSavedParty,
  deleteSavedParty,
  getSavedParty,
  listSavedParties,
  rememberNoteParties,
  updateSavedParty,
  type SavedPartyActor,
} from "./saved-parties.server";
import { parseSavedCustomer, parseSavedSite } from "./saved-party-input";

let t: TestDatabase;
let acme: SavedPartyActor;
let other: SavedPartyActor;

const SITE = {
  name: "Quarry Lane Transfer Station",
  authorisation: "EPR/AB1234CD",
  address: "Quarry Lane, Leeds",
  postcode: "LS9 8AA",
};
const CUSTOMER = {
  name: "ACME ltd",
  address: "1 High Street, Leeds",
  email: "office@acme.example",
  sicCode: "43320",
  originAddress: "Unit 4, Leeds",
};

async function company(key: string): Promise<SavedPartyActor> {
  const user = await insertUser(t.db, { email: `${key}@saved-parties.example` });
  const entry = await insertRegisterEntry(t.db);
  await insertClaimedListing(t.db, { registration_number: entry.registration_number, user_id: user.id });
  return { userId: user.id, registrationNumber: entry.registration_number };
}

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const audits = (entityId: string) =>
  t.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id", "details"])
    .where("entity_id", "=", entityId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  t = await createTestDatabase();
  acme = await company("acme");
  other = await company("other");
});
afterAll(async () => {
  await t?.destroy();
});

describe("rememberNoteParties", () => {
  it("saves a note's site and customer once per name, whatever its case, updating the other fields", async () => {
    await rememberNoteParties(t.db, acme.registrationNumber, { site: SITE, customer: CUSTOMER });
    await rememberNoteParties(t.db, acme.registrationNumber, {
      site: { ...SITE, name: "quarry lane transfer STATION", postcode: "LS9 8AB" },
      customer: {
        ...CUSTOMER,
        name: "Acme Ltd",
        address: "2 High Street, Leeds",
        email: null,
        sicCode: null,
      },
    });
    const sites = await listSavedParties(t.db, "site", acme.registrationNumber);
    expect(sites.total).toBe(1);
    expect(sites.rows[0]).toMatchObject({
      name: SITE.name,
      postcode: "LS9 8AB",
      authorisation: "EPR/AB1234CD",
    });
    const customers = await listSavedParties(t.db, "customer", acme.registrationNumber);
    expect(customers.total).toBe(1);
    // The address follows the latest note; an e-mail or SIC code the note lacked keeps the saved one.
    expect(customers.rows[0]).toMatchObject({
      name: "ACME ltd",
      address: "2 High Street, Leeds",
      email: "office@acme.example",
      sicCode: "43320",
    });
    const rows = await t.db
      .selectFrom("company_saved_customers")
      .select(sql<number>`count(*)::int`.as("n"))
      .where(sql<boolean>`lower(name) = 'acme ltd'`)
      .executeTakeFirstOrThrow();
    expect(rows.n).toBe(1);
  });

  it("keeps each company's parties apart and saves nothing without a site", async () => {
    await rememberNoteParties(t.db, other.registrationNumber, { site: null, customer: CUSTOMER });
    expect((await listSavedParties(t.db, "site", other.registrationNumber)).total).toBe(0);
    expect((await listSavedParties(t.db, "customer", other.registrationNumber)).total).toBe(1);
    expect((await listSavedParties(t.db, "customer", acme.registrationNumber)).total).toBe(1);
  });

  it("never fails the note's transaction on a value the table would refuse", async () => {
    await rememberNoteParties(t.db, other.registrationNumber, {
      site: { ...SITE, name: "   " },
      customer: { ...CUSTOMER, name: "Long Ltd", sicCode: "12", address: "x".repeat(600) },
    });
    const long = (await listSavedParties(t.db, "customer", other.registrationNumber, { q: "long" })).rows[0];
    expect(long).toMatchObject({ name: "Long Ltd", sicCode: null });
    expect(long.address).toHaveLength(500);
    expect((await listSavedParties(t.db, "site", other.registrationNumber)).total).toBe(0);
  });
});

describe("the company's saved sites and customers", () => {
  let ownId = "";
  it("creates, refuses a duplicate name in any case, and audits", async () => {
    const created = await createSavedParty(t.db, "site", acme, {
      name: "Riverside Recycling",
      authorisation: "EAWML 123456",
      address: "Riverside Road, Wakefield",
      postcode: "WF1 1AA",
    });
    expect(created.status).toBe("saved");
    ownId = created.status === "saved" ? created.id : "";
    const dup = await createSavedParty(t.db, "site", acme, { ...SITE, name: "RIVERSIDE recycling" });
    expect(dup).toEqual({ status: "duplicate" });
    // Another company may use the same name.
    expect(
      (await createSavedParty(t.db, "site", other, { ...SITE, name: "Riverside Recycling" })).status,
    ).toBe("saved");
    expect(await audits(ownId)).toEqual([
      {
        action: "saved_site.created",
        actor_user_id: acme.userId,
        details: { registrationNumber: acme.registrationNumber, name: "Riverside Recycling" },
      },
    ]);
  });

  it("searches by name, address or postcode, case-insensitively, with or without the postcode's space", async () => {
    const names = async (q: string) =>
      (await listSavedParties(t.db, "site", acme.registrationNumber, { q })).rows.map((r) => r.name);
    expect(await names("riverside")).toEqual(["Riverside Recycling"]);
    expect(await names("WAKEFIELD")).toEqual(["Riverside Recycling"]);
    expect(await names("wf11aa")).toEqual(["Riverside Recycling"]);
    expect(await names("ls9 8ab")).toEqual([SITE.name]);
    expect(await names("100%_")).toEqual([]);
    expect(await names("")).toEqual([SITE.name, "Riverside Recycling"]);
    const customers = await listSavedParties(t.db, "customer", acme.registrationNumber, { q: "office@acme" });
    expect(customers.rows.map((r) => r.name)).toEqual(["ACME ltd"]);
  });

  it("pages the list", async () => {
    for (let i = 0; i < 25; i++)
      await createSavedParty(t.db, "customer", acme, {
        ...CUSTOMER,
        name: `Paged Customer ${String(i).padStart(2, "0")}`,
      });
    const first = await listSavedParties(t.db, "customer", acme.registrationNumber, {
      q: "paged",
      limit: 20,
    });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    const second = await listSavedParties(t.db, "customer", acme.registrationNumber, {
      q: "paged",
      limit: 20,
      offset: 20,
    });
    expect(second.rows.map((r) => r.name)).toEqual([20, 21, 22, 23, 24].map((i) => `Paged Customer ${i}`));
  });

  it("updates its own rows only, refuses another row's name, and audits", async () => {
    const input = {
      name: "Riverside Recycling Ltd",
      authorisation: "EPR/ZZ9999",
      address: "Riverside Road",
      postcode: "WF1 1AB",
    };
    expect(await updateSavedParty(t.db, "site", acme, ownId, input)).toEqual({ status: "saved", id: ownId });
    expect(await getSavedParty(t.db, "site", acme.registrationNumber, ownId)).toMatchObject(input);
    expect(
      await updateSavedParty(t.db, "site", acme, ownId, { ...input, name: SITE.name.toUpperCase() }),
    ).toEqual({
      status: "duplicate",
    });
    // Changing only the case of its own name is fine.
    expect(
      (await updateSavedParty(t.db, "site", acme, ownId, { ...input, name: "RIVERSIDE RECYCLING LTD" }))
        .status,
    ).toBe("saved");
    // Another company can neither read, change nor delete it.
    expect(await getSavedParty(t.db, "site", other.registrationNumber, ownId)).toBeNull();
    expect(await updateSavedParty(t.db, "site", other, ownId, { ...input, name: "Stolen" })).toEqual({
      status: "not_found",
    });
    expect(await deleteSavedParty(t.db, "site", other, ownId)).toEqual({ status: "not_found" });
    expect(await getSavedParty(t.db, "site", acme.registrationNumber, ownId)).toMatchObject({
      name: "RIVERSIDE RECYCLING LTD",
    });
    expect(await updateSavedParty(t.db, "site", acme, "not-a-uuid", input)).toEqual({ status: "not_found" });
    expect((await audits(ownId)).map((a) => a.action)).toEqual([
      "saved_site.created",
      "saved_site.updated",
      "saved_site.updated",
    ]);
  });

  it("deletes its own row, audited", async () => {
    expect(await deleteSavedParty(t.db, "site", acme, ownId)).toEqual({ status: "deleted" });
    expect(await getSavedParty(t.db, "site", acme.registrationNumber, ownId)).toBeNull();
    expect(await deleteSavedParty(t.db, "site", acme, ownId)).toEqual({ status: "not_found" });
    expect((await audits(ownId)).map((a) => a.action).at(-1)).toBe("saved_site.deleted");
  });
});

describe("the forms' checks", () => {
  it("needs a site's four fields and a valid postcode", () => {
    const empty = parseSavedSite(form({}));
    expect(!empty.ok && empty.errors).toEqual({
      name: "Enter the site name",
      authorisation: "Enter the permit or exemption number",
      address: "Enter the address",
      postcode: "Enter the postcode",
    });
    const bad = parseSavedSite(form({ ...SITE, postcode: "NOT A CODE", name: "x".repeat(201) }));
    expect(!bad.ok && bad.errors).toEqual({
      name: "Site name must be 200 characters or fewer",
      postcode: "Please enter a valid UK postcode, for example SW1A 1AA",
    });
    const good = parseSavedSite(form({ ...SITE, name: "  Trimmed  ", postcode: "ls98aa" }));
    expect(good.ok && good.data).toEqual({ ...SITE, name: "Trimmed", postcode: "LS9 8AA" });
  });

  it("needs a customer's name and address; checks the e-mail and SIC code when given", () => {
    const empty = parseSavedCustomer(form({}));
    expect(!empty.ok && empty.errors).toEqual({
      name: "Enter the customer name",
      address: "Enter the customer address",
    });
    const bad = parseSavedCustomer(form({ ...CUSTOMER, email: "not-an-email", sicCode: "123" }));
    expect(!bad.ok && bad.errors).toEqual({
      email: "Enter a valid e-mail address, like name@example.com",
      sicCode: "Enter a 5-digit SIC (2007) code",
    });
    const good = parseSavedCustomer(form({ ...CUSTOMER, email: " Office@ACME.example ", sicCode: "" }));
    expect(good.ok && good.data).toEqual({ ...CUSTOMER, email: "office@acme.example", sicCode: null });
  });
});
