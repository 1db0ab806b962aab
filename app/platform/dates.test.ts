import { describe, expect, it } from "vitest";
import {
  dateToLondonLocal,
  formatDate,
  formatDateTime,
  formatNumber,
  londonLocalToDate,
  ukDay,
  ukDaysFrom,
  ukToday,
} from "./dates";

describe("dates: UK time, en-GB", () => {
  it("shows a calendar day as that day, in every style", () => {
    expect(formatDate("2027-03-05")).toBe("5 March 2027");
    expect(formatDate("2027-03-05", "short")).toBe("5 Mar 2027");
    expect(formatDate("2027-03-05", "day-month")).toBe("5 Mar");
    expect(formatDate("2027-03-05", "weekday")).toBe("Fri 5 March");
    expect(formatDate("2027-03-05", "numeric")).toBe("05/03/2027");
    // A summer day is not moved by the hour of British Summer Time either way.
    expect(formatDate("2027-07-01")).toBe("1 July 2027");
  });

  it("shows a moment as the UK clock read it", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(formatDate(new Date("2027-06-30T23:30:00Z"))).toBe("1 July 2027");
    expect(formatDateTime("2027-06-30T23:30:00Z")).toBe("1 July 2027 at 00:30");
    expect(formatDateTime("2027-01-15T09:05:00Z", "short")).toBe("15 Jan 2027, 09:05");
  });

  it("gives nothing for no value, and an unreadable string back as it is", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDate("not a date")).toBe("not a date");
  });

  it("knows today's UK date and the days after it", () => {
    expect(ukToday(new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
    expect(ukDaysFrom(new Date("2027-12-30T12:00:00Z"), 3)).toEqual([
      "2027-12-30",
      "2027-12-31",
      "2028-01-01",
    ]);
  });

  it("remembers today only within the same minute: the day turns at UK midnight, either clock", () => {
    // Winter (GMT): midnight UTC; summer (BST): 23:00 UTC. Asked repeatedly in the same minute.
    expect(ukToday(new Date("2027-01-04T23:59:59Z"))).toBe("2027-01-04");
    expect(ukToday(new Date("2027-01-04T23:59:01Z"))).toBe("2027-01-04");
    expect(ukToday(new Date("2027-01-05T00:00:00Z"))).toBe("2027-01-05");
    expect(ukToday(new Date("2027-07-04T22:59:59Z"))).toBe("2027-07-04");
    expect(ukToday(new Date("2027-07-04T23:00:00Z"))).toBe("2027-07-05");
    expect(ukDay(new Date("2027-07-04T23:00:30Z"))).toBe("2027-07-05");
    expect(ukToday(new Date("2027-07-04T22:59:30Z"))).toBe("2027-07-04");
    expect(() => ukToday(new Date("nonsense"))).toThrow(RangeError);
  });

  it("reads and writes datetime-local values in UK time, across the clock change", () => {
    expect(londonLocalToDate("2027-07-01T10:30")?.toISOString()).toBe("2027-07-01T09:30:00.000Z");
    expect(londonLocalToDate("2027-01-01T10:30")?.toISOString()).toBe("2027-01-01T10:30:00.000Z");
    expect(londonLocalToDate("2027-02-30T10:30")).toBeNull();
    expect(dateToLondonLocal(new Date("2027-07-01T09:30:00Z"))).toBe("2027-07-01T10:30");
  });

  it("writes numbers with thousands separators", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
  });
});
