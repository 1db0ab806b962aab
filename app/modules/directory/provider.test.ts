import { describe, expect, it } from "vitest";
import {
  applicantTypeLabel,
  cardProvider,
  registrationTypeLabel,
  registrationValidity,
  tradingName,
  type Provider,
} from "./provider";

describe("provider labels", () => {
  it("names registration types as the register means them", () => {
    expect(registrationTypeLabel("carrier_broker_dealer")).toBe("Carrier, broker, dealer");
    expect(registrationTypeLabel("carrier_dealer")).toBe("Carrier, dealer");
    expect(registrationTypeLabel("broker_dealer")).toBe("Broker, dealer");
    expect(registrationTypeLabel(null)).toBe("Not recorded");
  });

  it("names applicant types in plain English", () => {
    expect(applicantTypeLabel("limitedCompany")).toBe("Limited company");
    expect(applicantTypeLabel("soleTrader")).toBe("Sole trader");
    expect(applicantTypeLabel("limitedLiabilityPartnership")).toBe("Limited liability partnership");
    expect(applicantTypeLabel("Company")).toBe("Company");
  });

  it("judges validity against now", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(registrationValidity("2027-01-01", now)).toEqual({ status: "valid", until: "2027-01-01" });
    expect(registrationValidity("2026-01-01", now).status).toBe("expired");
    expect(registrationValidity(null, now).status).toBe("no-expiry");
  });
});

describe("cardProvider", () => {
  const provider: Provider = {
    registration_number: "CBDU1",
    business_name: "Acme Waste",
    register_name: "ACME WASTE LIMITED",
    company_number: "01234567",
    registration_type: "carrier_broker_dealer",
    registration_tier: "UPPER",
    applicant_type: "limitedCompany",
    registration_date: "2024-01-01",
    expiry_date: "2027-01-01",
    address: "1 High Street",
    town: "Leeds",
    postcode: "LS1 1AA",
    easting: 430000,
    northing: 434000,
    is_claimed: true,
    is_premium: true,
    verified: true,
    logo_url: "/uploads/logo.png",
    phone: "0113 000 0000",
    email: "acme@example.com",
    website: "https://acme.example",
    about: "About us",
    services: ["Skip hire"],
    areas_covered: ["Leeds"],
    subscription_plan: "premium",
    subscription_period: "monthly",
    updated_at: "2026-11-01T00:00:00Z",
  };

  it("keeps what a result card shows and nothing else", () => {
    expect(cardProvider(provider)).toEqual({
      registration_number: "CBDU1",
      business_name: "Acme Waste",
      register_name: "ACME WASTE LIMITED",
      registration_tier: "UPPER",
      expiry_date: "2027-01-01",
      address: "1 High Street",
      town: "Leeds",
      postcode: "LS1 1AA",
      is_claimed: true,
      is_premium: true,
      logo_url: "/uploads/logo.png",
      email: "acme@example.com",
      services: ["Skip hire"],
    });
  });

  it("keeps the distance of a search around a place, null included", () => {
    expect(cardProvider({ ...provider, distanceMiles: 1.5 }).distanceMiles).toBe(1.5);
    expect(cardProvider({ ...provider, distanceMiles: null })).toHaveProperty("distanceMiles", null);
    expect(cardProvider(provider)).not.toHaveProperty("distanceMiles");
  });
});

describe("tradingName (decision 0281)", () => {
  const named = (business_name: string, register_name = "ACME WASTE LTD") => ({
    business_name,
    register_name,
  });

  it("is the listing's own name when the register holds another", () => {
    expect(tradingName(named("Biffa Waste Services"))).toBe("Biffa Waste Services");
    expect(tradingName(named("EA Approved ✔"))).toBe("EA Approved ✔");
    expect(tradingName(named("Acme Waste Limited"))).toBe("Acme Waste Limited");
  });

  it("is null for the register's own name, letter case, spaces and punctuation aside", () => {
    expect(tradingName(named("ACME WASTE LTD"))).toBeNull();
    expect(tradingName(named("Acme Waste Ltd."))).toBeNull();
    expect(tradingName(named("  acme  waste ltd "))).toBeNull();
    expect(tradingName(named("✔", "✔"))).toBeNull();
  });

  it("does not take a name of symbols only for the register's", () => {
    expect(tradingName(named("✔✔", "***"))).toBe("✔✔");
  });
});
