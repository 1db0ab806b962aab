/**
 * Decision 0263, on a real database: after Change owner, customers' enquiries (quote requests and
 * forwarded leads go to the listing's public e-mail, `getProvider(...).email`) reach the new
 * owner when that e-mail was the previous owner's account address, whatever its case; an address
 * of the business's own choosing stays. The audit row says which, and the screen's sentence says
 * it before the change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAdmin,
  insertPremiumListing,
  insertUser,
  nextRegistrationNumber,
} from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getProvider } from "../directory/get-provider.server";
import { changeProviderOwner } from "./change-owner.server";
import { getProviderDetail } from "./get-provider-detail.server";
import { contactEmailFollowsOwner, ownerChangeContactText } from "./owner-contact";

let t: TestDatabase;
let adminId: string;
const NOW = new Date("2030-02-01T10:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await insertAdmin(t.db)).id;
});
afterAll(() => t.destroy());

/** A Premium listing (it takes quote requests) owned by `owner`, its public e-mail `contact`. */
async function listingOf(owner: string, contact: string | null) {
  const user = await insertUser(t.db, { email: owner });
  const number = nextRegistrationNumber();
  const listing = await insertPremiumListing(t.db, number, { user_id: user.id, email: contact });
  return { number, listing };
}

const ownerChange = async (listingId: string) =>
  (
    await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", listingId)
      .where("action", "=", "listing.owner_changed")
      .executeTakeFirstOrThrow()
  ).details as Record<string, unknown>;

describe("the listing's contact e-mail on an owner change", () => {
  it("follows the listing to the new owner when it was the previous owner's address (any case)", async () => {
    const { number, listing } = await listingOf(
      "first-owner@contact.example",
      "First-Owner@Contact.Example ",
    );
    const detail = await getProviderDetail(t.db, listing.id);
    expect(ownerChangeContactText(detail!.listing.email, detail!.owner!.email)).toBe(
      "The listing's contact email (First-Owner@Contact.Example) is the current owner's address, so it changes to the new owner's: customers' enquiries go to them from now on.",
    );

    const r = await changeProviderOwner(t.db, TEST_CONFIG, {
      listingId: listing.id,
      email: "Next.Owner@Contact.Example",
      adminId,
      now: NOW,
    });
    expect(r).toMatchObject({ status: "done", contactEmail: "next.owner@contact.example" });
    // Where a quote request (and a forwarded lead) for the business now goes.
    expect((await getProvider(t.db, number))!.email).toBe("next.owner@contact.example");
    expect(await ownerChange(listing.id)).toMatchObject({
      from: "first-owner@contact.example",
      to: "next.owner@contact.example",
      contactEmailReplaced: true,
    });
  });

  it("stays when the business chose another address, and an empty one stays empty", async () => {
    const office = await listingOf("second-owner@contact.example", "office@business.example");
    expect(ownerChangeContactText("office@business.example", "second-owner@contact.example")).toBe(
      "The listing's contact email (office@business.example) is not the owner's address and stays as it is: customers' enquiries still go there.",
    );
    const r = await changeProviderOwner(t.db, TEST_CONFIG, {
      listingId: office.listing.id,
      email: "third-owner@contact.example",
      adminId,
      now: NOW,
    });
    expect(r.status).toBe("done");
    expect(r).not.toHaveProperty("contactEmail");
    expect((await getProvider(t.db, office.number))!.email).toBe("office@business.example");
    expect(await ownerChange(office.listing.id)).toMatchObject({ contactEmailReplaced: false });

    const none = await listingOf("fourth-owner@contact.example", null);
    expect(ownerChangeContactText(null, "fourth-owner@contact.example")).toBe(
      "The listing has no contact email, and changing the owner gives it none: the new owner can add one.",
    );
    await changeProviderOwner(t.db, TEST_CONFIG, {
      listingId: none.listing.id,
      email: "fifth-owner@contact.example",
      adminId,
      now: NOW,
    });
    expect((await getProvider(t.db, none.number))!.email).toBeNull();
    expect(await ownerChange(none.listing.id)).toMatchObject({ contactEmailReplaced: false });
  });

  it("compares addresses as accounts do (trimmed, any case); no owner, nothing follows", () => {
    expect(contactEmailFollowsOwner(" ANN@x.example ", "ann@x.example")).toBe(true);
    expect(contactEmailFollowsOwner("ann+shop@x.example", "ann@x.example")).toBe(false);
    expect(contactEmailFollowsOwner("ann@x.example", null)).toBe(false);
    expect(contactEmailFollowsOwner("", "ann@x.example")).toBe(false);
  });
});
