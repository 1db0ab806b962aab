import proj4 from "proj4";
import { describe, expect, it } from "vitest";
import {
  BRITISH_NATIONAL_GRID,
  gridPositionInGreatBritain,
  gridToWgs84,
  isInGreatBritain,
  milesFromMetres,
  wgs84ToGrid,
} from "./british-grid";

const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;

describe("British National Grid conversions", () => {
  it("projects the Ordnance Survey's worked example to the millimetre (the grid definition itself)", () => {
    // "A guide to coordinate systems in Great Britain" (Ordnance Survey), the Caister water
    // tower: OSGB36 52°39'27.2531"N 1°43'4.5177"E is E 651409.903 N 313177.270. Converted from
    // an OSGB36 latitude/longitude, so that only the projection is measured.
    const osgb36 =
      "+proj=longlat +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +no_defs";
    const [e, n] = proj4(osgb36, BRITISH_NATIONAL_GRID, [dms(1, 43, 4.5177), dms(52, 39, 27.2531)]);
    expect(e).toBeCloseTo(651409.903, 2);
    expect(n).toBeCloseTo(313177.27, 2);
  });

  it("converts GPS (WGS84) positions within a few metres of the Ordnance Survey's own transform", () => {
    // The same guide's ETRS89 (= WGS84 to well under a metre in Britain) position of the tower,
    // and its OSGB36 grid position by OSTN: E 651409.792 N 313177.448. The Helmert transform
    // of EPSG:27700 is good to about 5 m.
    const p = wgs84ToGrid(52.658007833, 1.716073973);
    expect(Math.hypot(p.easting - 651409.792, p.northing - 313177.448)).toBeLessThan(5);
  });

  it("puts Leeds Town Hall at its grid reference, and back", () => {
    // 53.8000 N 1.5491 W (the town hall's published position, to 4 decimals: about 10 m) is
    // grid square SE 297 338, that is E 429,7xx N 433,8xx.
    const p = wgs84ToGrid(53.8, -1.5491);
    expect(p.easting).toBeGreaterThanOrEqual(429_700);
    expect(p.easting).toBeLessThan(429_900);
    expect(p.northing).toBeGreaterThanOrEqual(433_800);
    expect(p.northing).toBeLessThan(433_900);
    const back = gridToWgs84(p.easting, p.northing);
    expect(back.lat).toBeCloseTo(53.8, 7);
    expect(back.lng).toBeCloseTo(-1.5491, 7);
  });

  it("converts grid references to positions a map can show", () => {
    // The grid's true origin, 49°N 2°W, is E 400000 N -100000; its meridian keeps 2°W northwards.
    const origin = gridToWgs84(400_000, -100_000);
    expect(origin.lat).toBeCloseTo(49, 2);
    expect(origin.lng).toBeCloseTo(-2, 2);
    const north = gridToWgs84(400_000, 1_000_000);
    expect(north.lng).toBeCloseTo(-2, 2);
    expect(north.lat).toBeGreaterThan(58);
  });

  it("miles to one decimal place", () => {
    expect(milesFromMetres(1609.344)).toBe(1);
    expect(milesFromMetres(3701.5)).toBe(2.3);
    expect(milesFromMetres(0)).toBe(0);
    expect(milesFromMetres(40_072)).toBe(24.9);
  });
});

describe("Great Britain", () => {
  const inside: Array<[string, number, number]> = [
    ["Leeds", 53.8, -1.5491],
    ["Land's End", 50.066, -5.714],
    ["the Isles of Scilly", 49.92, -6.32],
    ["Dover", 51.13, 1.32],
    ["Lowestoft", 52.48, 1.76],
    ["Anglesey", 53.31, -4.69],
    ["St Davids", 51.88, -5.27],
    ["the Mull of Kintyre", 55.31, -5.8],
    ["Islay", 55.6, -6.33],
    ["Portpatrick", 54.84, -5.117],
    ["the Butt of Lewis", 58.52, -6.26],
    ["St Kilda", 57.81, -8.57],
    ["Lerwick", 60.155, -1.145],
    ["Muckle Flugga", 60.86, -0.885],
  ];
  const outside: Array<[string, number, number]> = [
    ["Belfast", 54.597, -5.93],
    ["Donaghadee (Northern Ireland's nearest town to Scotland)", 54.64, -5.53],
    ["Rathlin Island", 55.29, -6.2],
    ["Dublin", 53.35, -6.26],
    ["Malin Head", 55.38, -7.37],
    ["Calais", 50.95, 1.85],
    ["Cap Gris Nez", 50.87, 1.58],
    ["Dunkirk", 51.05, 2.37],
    ["Paris", 48.85, 2.35],
    ["Jersey", 49.2, -2.1],
    ["Alderney", 49.71, -2.2],
    ["Oslo", 59.91, 10.75],
    ["New York", 40.71, -74.0],
    ["Null Island", 0, 0],
  ];

  it("takes positions in Great Britain and its islands", () => {
    for (const [name, lat, lng] of inside) {
      const p = gridPositionInGreatBritain(lat, lng);
      expect(p, name).not.toBeNull();
      expect(Number.isInteger(p!.easting) && Number.isInteger(p!.northing), name).toBe(true);
    }
  });

  it("refuses Ireland (north and south), the Channel Islands and the Continent, though parts are on the grid's rectangle", () => {
    for (const [name, lat, lng] of outside) expect(gridPositionInGreatBritain(lat, lng), name).toBeNull();
    // Belfast and Calais project inside the grid's 700 km x 1,300 km rectangle: the outline refuses them.
    const belfast = wgs84ToGrid(54.597, -5.93);
    expect(belfast.easting).toBeGreaterThan(0);
    expect(isInGreatBritain(belfast)).toBe(false);
    const calais = wgs84ToGrid(50.95, 1.85);
    expect(calais.easting).toBeLessThan(700_000);
    expect(isInGreatBritain(calais)).toBe(false);
  });

  it("refuses grid references off the grid and values that are not positions", () => {
    expect(isInGreatBritain({ easting: -1, northing: 433_000 })).toBe(false);
    expect(isInGreatBritain({ easting: 430_000, northing: 1_300_001 })).toBe(false);
    expect(isInGreatBritain({ easting: Number.NaN, northing: 433_000 })).toBe(false);
    expect(isInGreatBritain({ easting: 430_000, northing: 433_000 })).toBe(true);
    expect(gridPositionInGreatBritain(Number.NaN, -1.5)).toBeNull();
    expect(gridPositionInGreatBritain(91, -1.5)).toBeNull();
  });
});
