import { describe, expect, it } from "vitest";
import { countNumber, countOf, formatMiles } from "./wording";

describe("how the directory says counts and distances", () => {
  it("counts in the singular and plural, with a + when capped", () => {
    expect(countOf(1, "provider", "providers")).toBe("1 provider");
    expect(countOf(1234, "provider", "providers")).toBe("1,234 providers");
    expect(countOf(1000, "provider", "providers", true)).toBe("1,000+ providers");
  });

  it("groups whole counts in threes exactly as en-GB does, and formats other numbers with it", () => {
    const enGb = new Intl.NumberFormat("en-GB");
    for (const n of [
      0,
      7,
      12,
      999,
      1000,
      1001,
      12345,
      100000,
      999999,
      1000000,
      1234567890,
      -1,
      -1234,
      2 ** 53 - 1,
    ])
      expect(countNumber(n)).toBe(enGb.format(n));
    for (const n of [1234.5, 2 ** 53, Number.NaN]) expect(countNumber(n)).toBe(enGb.format(n));
    expect(countNumber(1000, true)).toBe("1,000+");
  });

  it("says distances to a tenth of a mile", () => {
    expect(formatMiles(2.34)).toBe("2.3 miles");
    expect(formatMiles(0.96)).toBe("1 mile");
    expect(formatMiles(12)).toBe("12 miles");
    expect(formatMiles(24.95)).toBe("25 miles");
    expect(formatMiles(0.04)).toBe("Less than 0.1 miles");
  });
});
