import { describe, expect, it } from "vitest";
import {
  expiresInText,
  expiryReminderDue,
  isInForce,
  parseRegistrationNumber,
  registrationState,
} from "./registration";

describe("registration numbers", () => {
  it("reads England and Wales numbers however they are typed", () => {
    for (const typed of [
      "CBDU9990001",
      "cbdu-9990001",
      "CBDU 999 0001",
      " cbdu9990001 ",
      "CBDU\u2013999\u00a00001",
    ]) {
      expect(parseRegistrationNumber(typed)).toEqual({ kind: "ea", number: "CBDU9990001" });
    }
    expect(parseRegistrationNumber("cbdl123")).toEqual({ kind: "ea", number: "CBDL123" });
  });

  it("refuses what is not a register number", () => {
    for (const typed of [
      "XYZ123",
      "CBDU",
      "CBDX123456",
      "CBDU12",
      "CBDU12345A",
      "123456",
      "CBDU123456 extra",
    ]) {
      expect(parseRegistrationNumber(typed).kind, typed).toBe("malformed");
    }
    expect(parseRegistrationNumber("   ")).toEqual({ kind: "empty" });
    expect(parseRegistrationNumber(null)).toEqual({ kind: "empty" });
  });

  it("recognises the Scottish and Northern Irish registers' numbers", () => {
    for (const typed of [
      "WCR/R/1234567",
      "wcr/r/1234567",
      "SCO/123456",
      "SEA/123456",
      "SNO/123456",
      "SWE/123456",
      "WCR/123456",
      "PCT-A-123",
    ]) {
      const parsed = parseRegistrationNumber(typed);
      expect(parsed.kind, typed).toBe("other");
      if (parsed.kind === "other") expect(parsed.regulator.code).toBe("SEPA");
    }
    for (const typed of ["ROC UT 1234", "ROC LT 1234", "roc-ut-1234", "ROCUT1234"]) {
      const parsed = parseRegistrationNumber(typed);
      expect(parsed).toMatchObject({ kind: "other", regulator: { code: "NIEA" } });
    }
    expect(parseRegistrationNumber("roc ut 77")).toMatchObject({ number: "ROC UT 77" });
  });
});

describe("registration state", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("counts days to expiry in UK dates and warns within 60 days", () => {
    expect(registrationState({ expiry_date: "2026-11-24" }, now)).toEqual({
      state: "valid",
      until: "2026-11-24",
      daysLeft: 1,
      expiringSoon: true,
    });
    expect(registrationState({ expiry_date: "2027-01-22" }, now)).toMatchObject({
      daysLeft: 60,
      expiringSoon: true,
    });
    expect(registrationState({ expiry_date: "2027-01-23" }, now)).toMatchObject({
      daysLeft: 61,
      expiringSoon: false,
    });
  });
  it("is expired on its expiry day and after, removed when off the register, never expiring for lower tier", () => {
    expect(registrationState({ expiry_date: "2026-11-23" }, now)).toEqual({
      state: "expired",
      since: "2026-11-23",
    });
    expect(
      registrationState(
        { expiry_date: "2020-01-01", on_register: false, removed_at: new Date("2026-02-01T03:00:00Z") },
        now,
      ),
    ).toEqual({
      state: "removed",
      since: "2026-02-01",
    });
    expect(registrationState({ expiry_date: null, registration_tier: "LOWER" }, now)).toEqual({
      state: "no-expiry",
    });
    expect(registrationState({ expiry_date: "2020-01-01", registration_tier: "LOWER" }, now)).toEqual({
      state: "no-expiry",
    });
  });
  it("uses the UK date around midnight", () => {
    // 23:30 UTC on 23 Nov is still 23 Nov in London (GMT); in summer 23:30 UTC is the next day.
    expect(registrationState({ expiry_date: "2026-11-24" }, new Date("2026-11-23T23:30:00Z"))).toMatchObject({
      daysLeft: 1,
    });
    expect(registrationState({ expiry_date: "2026-07-16" }, new Date("2026-07-15T23:30:00Z"))).toMatchObject({
      state: "expired",
    });
  });
  it("says which registrations may be relied on, in words", () => {
    expect(isInForce({ state: "no-expiry" })).toBe(true);
    expect(isInForce({ state: "expired", since: "2020-01-01" })).toBe(false);
    expect(expiresInText(1)).toBe("Expires in 1 day");
    expect(expiresInText(12)).toBe("Expires in 12 days");
  });
});

describe("expiry reminders", () => {
  it("are due at the nearest threshold not yet passed, so a missed day still sends the right one", () => {
    expect(expiryReminderDue(61)).toBeNull();
    expect(expiryReminderDue(60)).toBe(60);
    expect(expiryReminderDue(31)).toBe(60);
    expect(expiryReminderDue(30)).toBe(30);
    expect(expiryReminderDue(29)).toBe(30);
    expect(expiryReminderDue(8)).toBe(30);
    expect(expiryReminderDue(7)).toBe(7);
    expect(expiryReminderDue(1)).toBe(7);
    expect(expiryReminderDue(0)).toBeNull();
  });
});
