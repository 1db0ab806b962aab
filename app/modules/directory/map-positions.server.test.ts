import { describe, expect, it } from "vitest";
import { gridToWgs84 } from "./british-grid";
import { providerPosition, resultPositions } from "./map-positions.server";

describe("map positions", () => {
  it("converts a grid reference once and gives the same rounded position again", () => {
    const leeds = { easting: 429_900, northing: 433_400 };
    const first = providerPosition(leeds);
    const exact = gridToWgs84(leeds.easting, leeds.northing);
    expect(first).toEqual({
      lat: Math.round(exact.lat * 1e6) / 1e6,
      lng: Math.round(exact.lng * 1e6) / 1e6,
    });
    expect(providerPosition({ ...leeds })).toBe(first);
    // A kept position cannot be changed by a caller.
    expect(Object.isFrozen(first)).toBe(true);
    // Another reference is converted on its own.
    expect(providerPosition({ easting: 429_901, northing: 433_400 })).not.toEqual(first);
  });

  it("gives no position without a grid reference or off the grid", () => {
    expect(providerPosition({ easting: null, northing: 433_400 })).toBeNull();
    expect(providerPosition({ easting: 800_000, northing: 433_400 })).toBeNull();
    expect(providerPosition({ easting: 429_900, northing: -1 })).toBeNull();
  });

  it("numbers a page's positions like its cards, skipping those without one", () => {
    const positions = resultPositions([
      { registration_number: "CBDU1", easting: null, northing: null },
      { registration_number: "CBDU2", easting: 429_900, northing: 433_400 },
    ]);
    expect(positions).toEqual([
      {
        registration_number: "CBDU2",
        number: 2,
        ...providerPosition({ easting: 429_900, northing: 433_400 }),
      },
    ]);
  });
});
