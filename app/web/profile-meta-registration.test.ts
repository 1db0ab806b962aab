/**
 * A profile's description and JSON-LD tell the registration as it stands (decision 0281): its
 * state today (in force until, expired on, lower tier, expiry unknown), never "registered waste
 * carrier" for an expired one; and its holder as the register names it, a listing's own name only
 * as a trading name beside it.
 */
import { describe, expect, it } from "vitest";
import type { Provider } from "~/modules/directory/provider";
import { DESCRIPTION_MAX, profileDescription, profileMeta, registrationSentence } from "./profile-meta";

const NOW = new Date("2026-11-29T12:00:00Z");

const provider = (overrides: Partial<Provider> = {}): Provider => ({
  registration_number: "CBDU281001",
  business_name: "ACME WASTE LTD",
  register_name: "ACME WASTE LTD",
  company_number: null,
  registration_type: "carrier_broker_dealer",
  registration_tier: "UPPER",
  applicant_type: null,
  registration_date: "2020-01-01",
  expiry_date: "2029-02-01",
  address: "1 Mill Lane",
  town: "Leeds",
  postcode: "LS1 4AP",
  easting: null,
  northing: null,
  is_claimed: false,
  is_premium: false,
  verified: false,
  logo_url: null,
  phone: null,
  email: null,
  website: null,
  about: null,
  services: [],
  areas_covered: [],
  subscription_plan: "standard",
  subscription_period: "monthly",
  updated_at: "2026-11-01T00:00:00Z",
  ...overrides,
});

const meta = (p: Provider) =>
  profileMeta(p, { publicUrl: "https://directory.example/", reviews: null, now: NOW });

describe("a profile's description says the registration's state today", () => {
  it("in force until its expiry date", () => {
    expect(meta(provider()).description).toBe(
      "ACME WASTE LTD in Leeds: waste carrier registration CBDU281001 (upper tier), in force until 1 February 2029. Check the registration's details before handing over your waste.",
    );
  });

  it("expired on its expiry date, not 'registered'", () => {
    const description = meta(provider({ expiry_date: "2026-03-01" })).description!;
    expect(description).toBe(
      "ACME WASTE LTD in Leeds: waste carrier registration CBDU281001 (upper tier) expired on 1 March 2026: not in force. Check the registration's details before handing over your waste.",
    );
    expect(description).not.toMatch(/registered waste carrier|in force until/i);
    // One expiring today has expired (spec section 4).
    expect(registrationSentence(provider({ expiry_date: "2026-11-29" }), NOW)).toMatch(
      /expired on 29 November 2026/,
    );
  });

  it("a lower tier registration does not expire; an upper tier one without a date is not confirmed", () => {
    expect(
      registrationSentence(
        provider({ registration_tier: "LOWER", expiry_date: null, registration_number: "CBDL9" }),
        NOW,
      ),
    ).toBe("waste carrier registration CBDL9 (lower tier), in force: it does not expire");
    expect(registrationSentence(provider({ expiry_date: null }), NOW)).toBe(
      "waste carrier registration CBDU281001 (upper tier): not confirmed, its expiry date is unknown",
    );
  });

  it("a claimed listing's about text follows the registration's state, cut to fit", () => {
    const about = "We collect everything. ".repeat(30);
    const description = profileDescription(
      provider({ is_claimed: true, verified: true, about, expiry_date: "2026-03-01" }),
      NOW,
    );
    expect(description).toMatch(
      /^ACME WASTE LTD in Leeds: waste carrier registration CBDU281001 \(upper tier\) expired on 1 March 2026: not in force\. We collect everything\./,
    );
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(/…$/);
  });
});

describe("a renamed listing names the register's holder", () => {
  const renamed = provider({
    registration_number: "CBDL281002",
    registration_tier: "LOWER",
    expiry_date: null,
    business_name: "EA Approved ✔",
    register_name: "SMALL YARD CLEARANCES",
    is_claimed: true,
    verified: true,
  });

  it("in the description, as a trading name of the register's name", () => {
    expect(meta(renamed).description).toMatch(
      /^EA Approved ✔, trading name of SMALL YARD CLEARANCES in Leeds: waste carrier registration CBDL281002 \(lower tier\), in force/,
    );
  });

  it("in the JSON-LD: the listing's name, and the register's as its legal name", () => {
    expect(meta(renamed).jsonLd).toMatchObject({
      "@type": "LocalBusiness",
      name: "EA Approved ✔",
      legalName: "SMALL YARD CLEARANCES",
      identifier: { value: "CBDL281002" },
    });
  });

  it("the same name in another letter case is no trading name", () => {
    const recased = meta(provider({ business_name: "Acme Waste Ltd", is_claimed: true, verified: true }));
    expect(recased.description).toMatch(/^Acme Waste Ltd in Leeds: waste carrier registration/);
    expect(recased.description).not.toContain("trading name");
    expect(recased.jsonLd).toMatchObject({ name: "Acme Waste Ltd", legalName: "ACME WASTE LTD" });
  });
});
