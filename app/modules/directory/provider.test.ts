import { describe, expect, it } from "vitest";
import { applicantTypeLabel, registrationTypeLabel, registrationValidity } from "./provider";

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
