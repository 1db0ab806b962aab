import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertClaimedListing,
  insertPremiumListing,
  insertRegisterEntries,
  insertRegisterEntry,
} from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { rebuildPlaces } from "./places.server";
import { socialCardFor } from "./social-cards.server";

let t: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  await insertPremiumListing(t.db, "CBDU216101", { company_name: "Greenway Waste Solutions" });
  await t.db
    .updateTable("directory_entries")
    // The register's own name, in capitals: the listing's is the same name (no trading name).
    .set({
      business_name: "GREENWAY WASTE SOLUTIONS",
      town: "STOKE-ON-TRENT",
      postcode: "ST1 1AA",
      expiry_date: "2030-06-30",
    })
    .where("registration_number", "=", "CBDU216101")
    .execute();
  // A claim not yet approved: its name is not public.
  await insertRegisterEntry(t.db, { registration_number: "CBDU216102", business_name: "REGISTER NAME LTD" });
  await insertClaimedListing(t.db, {
    registration_number: "CBDU216102",
    company_name: "Unapproved Secret Name",
    verified: false,
  });
  await insertRegisterEntries(t.db, [
    { registration_number: "CBDU216103", business_name: "EXPIRED LTD", expiry_date: "2026-03-01" },
    { registration_number: "CBDL216104", business_name: "LOWER LTD", registration_tier: "LOWER", town: null },
    { registration_number: "CBDU216105", business_name: "SOON LTD", expiry_date: "2026-06-20" },
    { registration_number: "CBDU216106", business_name: "REMOVED LTD", on_register: false },
    // Two located rows in Stoke-on-Trent: the register knows the town.
    {
      business_name: "STOKE ONE LTD",
      town: "STOKE-ON-TRENT",
      postcode: "ST1 1AA",
      easting: 388_300,
      northing: 345_200,
    },
    {
      business_name: "STOKE TWO LTD",
      town: "STOKE-ON-TRENT",
      postcode: "ST4 2AB",
      easting: 386_500,
      northing: 342_500,
    },
  ]);
  await rebuildPlaces(t.db);
});
afterAll(async () => {
  await t?.destroy();
});

describe("link preview cards", () => {
  it("a profile's card says what its page shows: the name as displayed, the licence, number, tier and town", async () => {
    expect(await socialCardFor(t.db, "provider", "cbdu 216101", NOW)).toEqual({
      title: "Greenway Waste Solutions",
      badge: { text: "Valid Registration until 30 June 2030", tone: "good" },
      details: ["Waste carrier registration CBDU216101 · Upper tier", "Stoke-on-Trent"],
    });
    const unapproved = await socialCardFor(t.db, "provider", "CBDU216102", NOW);
    expect(unapproved?.title).toBe("REGISTER NAME LTD");
    expect(JSON.stringify(unapproved)).not.toContain("Secret");
  });

  it("a listing renamed by its owner: the register's name of its holder at the card's foot (decision 0281)", async () => {
    await insertPremiumListing(t.db, "CBDL216107", { company_name: "Biffa Waste Services" });
    await t.db
      .updateTable("directory_entries")
      .set({ business_name: "SMALL YARD CLEARANCES", registration_tier: "LOWER", expiry_date: null })
      .where("registration_number", "=", "CBDL216107")
      .execute();
    expect(await socialCardFor(t.db, "provider", "CBDL216107", NOW)).toEqual({
      title: "Biffa Waste Services",
      badge: { text: "Valid Registration (lower tier registrations do not expire)", tone: "good" },
      details: [
        "Trading name of SMALL YARD CLEARANCES",
        "Waste carrier registration CBDL216107 · Lower tier",
      ],
    });
  });

  it("says an expired, an expiring and a lower tier registration as the profile's banner does", async () => {
    expect((await socialCardFor(t.db, "provider", "CBDU216103", NOW))?.badge).toEqual({
      text: "Expired Registration since 1 March 2026",
      tone: "bad",
    });
    expect((await socialCardFor(t.db, "provider", "CBDU216105", NOW))?.badge).toEqual({
      text: "Valid Registration until 20 June 2026",
      tone: "warning",
    });
    const lower = await socialCardFor(t.db, "provider", "CBDL216104", NOW);
    expect(lower?.badge).toEqual({
      text: "Valid Registration (lower tier registrations do not expire)",
      tone: "good",
    });
    expect(lower?.details).toEqual(["Waste carrier registration CBDL216104 · Lower tier"]);
  });

  it("has no card for a registration not on the register or unknown, nor for a town the register does not know", async () => {
    expect(await socialCardFor(t.db, "provider", "CBDU216106")).toBeNull();
    expect(await socialCardFor(t.db, "provider", "CBDU999999")).toBeNull();
    expect(await socialCardFor(t.db, "provider", "")).toBeNull();
    expect(await socialCardFor(t.db, "town", "Atlantis")).toBeNull();
    expect(await socialCardFor(t.db, "town", "  ")).toBeNull();
  });

  it("a town's card names the town as the register knows it, however the address spells it", async () => {
    for (const spelling of ["Stoke-on-Trent", "stoke on trent", "STOKE-ON-TRENT"]) {
      expect((await socialCardFor(t.db, "town", spelling))?.title).toBe(
        "Licensed waste carriers in Stoke-on-Trent",
      );
    }
  });
});
