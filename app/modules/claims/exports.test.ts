/**
 * The claims' and claimed listings' CSV exports (decision 0806), on both databases: each honours
 * its page's filters (status tab and search; Providers' status and plan; Listings' search).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertClaimedListing,
  insertClaimRequest,
  insertRegisterEntry,
  nextRegistrationNumber,
} from "#tests/support/builders";
import type { CsvExport } from "~/platform/csv";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { exportClaims } from "./export-claims.server";
import { exportListings } from "./export-listings.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

async function rows(csv: CsvExport): Promise<string[][]> {
  const all: string[][] = [];
  for await (const batch of csv.batches) all.push(...batch);
  return all;
}

async function business(name: string): Promise<string> {
  const registration_number = nextRegistrationNumber();
  await insertRegisterEntry(t.db, { registration_number, business_name: name });
  return registration_number;
}

describe("claim requests export", () => {
  it("writes the claims of the status tab that the search finds, newest first", async () => {
    const [a, b, c, d] = await Promise.all([
      business("Alpha Skips"),
      business("Beta Skips"),
      business("Gamma Removals"),
      business("Delta Skips"),
    ]);
    const at = (day: number) => new Date(Date.UTC(2026, 9, day, 10));
    await insertClaimRequest(t.db, { registration_number: a, created_at: at(1) });
    await insertClaimRequest(t.db, { registration_number: b, created_at: at(2), contact_name: "=1+1" });
    await insertClaimRequest(t.db, { registration_number: c, created_at: at(3) });
    await insertClaimRequest(t.db, { registration_number: d, created_at: at(4), status: "rejected" });
    const found = await rows(exportClaims(t.db, { status: "pending", q: "skips" }, { batchSize: 1 }));
    expect(found.map((r) => r[2])).toEqual(["Beta Skips", "Alpha Skips"]);
    expect(found[0]![0]).toBe("02/10/2026 11:00");
    expect(found[0]![3]).toBe("=1+1");
    expect(found[0]!.slice(6)).toEqual(["Standard", "Monthly", "pending"]);
    const rejected = await rows(exportClaims(t.db, { status: "rejected" }));
    expect(rejected.map((r) => r[2])).toEqual(["Delta Skips"]);
  });
});

describe("claimed listings export", () => {
  it("honours the Providers page's status and plan, and the Listings page's search", async () => {
    const [p, s, u] = await Promise.all([
      business("Premium Verified Ltd"),
      business("Standard Suspended Ltd"),
      business("Unverified Haulage"),
    ]);
    await insertClaimedListing(t.db, { registration_number: p, subscription_plan: "premium" });
    await insertClaimedListing(t.db, { registration_number: s, suspended_at: new Date() });
    await insertClaimedListing(t.db, { registration_number: u, verified: false, company_name: "@Haul Co" });

    const premium = await rows(exportListings(t.db, { name: "providers", status: "all", plan: "premium" }));
    expect(premium.map((r) => r[2])).toEqual(["Premium Verified Ltd"]);
    expect(premium[0]!.slice(8, 10)).toEqual(["Verified", "Premium"]);

    const suspended = await rows(
      exportListings(t.db, { name: "providers", status: "suspended", plan: "all" }),
    );
    expect(suspended.map((r) => [r[2], r[8]])).toEqual([["Standard Suspended Ltd", "Suspended"]]);

    const searched = await rows(exportListings(t.db, { name: "listings", search: "haul" }, { batchSize: 1 }));
    expect(searched.map((r) => [r[2], r[3], r[8]])).toEqual([
      ["Unverified Haulage", "@Haul Co", "Unverified"],
    ]);

    const all = await rows(exportListings(t.db, { name: "listings" }, { batchSize: 2 }));
    expect(all).toHaveLength(3);
  });
});
