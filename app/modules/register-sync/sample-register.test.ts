import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CITY_LINKS, POPULAR_LOCATIONS } from "../directory/places";
import { normaliseRow } from "./normalise-row";
import { EA_EXPORT_HEADER, mapHeader, type RawRegisterRow } from "./register-fields";
import { postcodeCentre, sampleRegisterLines } from "./sample-register";
import { UK_TOWNS } from "./uk-places";

function generate(rows: number, seed: number, malformed = 0) {
  const text = [...sampleRegisterLines({ rows, seed, malformed })].join("\n");
  const records = parse(text) as string[][];
  return { text, header: records[0], rows: records.slice(1) };
}

function toRaw(header: string[], record: string[]): RawRegisterRow {
  const fields = mapHeader(header);
  const raw: RawRegisterRow = {};
  fields.forEach((f, i) => {
    if (f && record[i] !== "") raw[f] = record[i];
  });
  return raw;
}

describe("sample register generator", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generate(500, 42).text).toBe(generate(500, 42).text);
    expect(generate(500, 42).text).not.toBe(generate(500, 43).text);
  });

  it("writes the EA export header and realistic, valid rows", () => {
    const { header, rows } = generate(20_000, 1);
    expect(header).toEqual([...EA_EXPORT_HEADER]);
    expect(rows).toHaveLength(20_000);
    const col = (name: (typeof EA_EXPORT_HEADER)[number]) => header.indexOf(name);
    const numbers = new Set(rows.map((r) => r[0]));
    expect(numbers.size).toBe(rows.length);

    const asOf = "2026-11-01";
    const tiers = new Map<string, number>();
    const types = new Set<string>();
    const applicants = new Set<string>();
    let expired = 0;
    let blankBuilding = 0;
    let blankGrid = 0;
    for (const r of rows) {
      const result = normaliseRow(toRaw(header, r));
      expect(result.ok, JSON.stringify(r)).toBe(true);
      const tier = r[col("Registration tier")];
      tiers.set(tier, (tiers.get(tier) ?? 0) + 1);
      types.add(r[col("Registration type")]);
      applicants.add(r[col("Applicant type")]);
      expect(r[0]).toMatch(tier === "UPPER" ? /^CBDU\d{6}$/ : /^CBDL\d{6}$/);
      if (tier === "LOWER") {
        expect(r[col("Registration type")]).toBe("carrier_broker_dealer");
        expect(r[col("Expiry date")]).toBe("");
      } else {
        const reg = r[col("Registration date")];
        const exp = r[col("Expiry date")];
        // Three years after registration, or a later renewal (whole multiples of 3 years).
        expect((Number(exp.slice(0, 4)) - Number(reg.slice(0, 4))) % 3).toBe(0);
        expect(exp.slice(5)).toBe(reg.slice(5) === "02-29" ? "02-28" : reg.slice(5));
        if (exp < asOf) expired++;
      }
      const company = r[col("Company number")];
      if (r[col("Applicant type")] !== "limitedCompany") expect(company).toBe("");
      else if (company) expect(company).toMatch(/^(\d{8}|SC\d{6})$/);
      if (!r[col("Building")]) blankBuilding++;
      if (!r[col("Easting")]) blankGrid++;
    }
    expect(tiers.get("UPPER")! / rows.length).toBeGreaterThan(0.45);
    expect(tiers.get("LOWER")! / rows.length).toBeGreaterThan(0.35);
    expect(types).toEqual(new Set(["carrier_dealer", "broker_dealer", "carrier_broker_dealer"]));
    expect(applicants).toEqual(
      new Set([
        "soleTrader",
        "limitedCompany",
        "partnership",
        "limitedLiabilityPartnership",
        "localAuthority",
        "charity",
        "overseas",
        "publicBody",
      ]),
    );
    expect(expired).toBeGreaterThan(rows.length * 0.03);
    expect(blankBuilding).toBeGreaterThan(rows.length * 0.3);
    expect(blankGrid).toBeGreaterThan(0);
  });

  it("places rows in real towns with matching postcode areas and grid references near the town", () => {
    const { header, rows } = generate(20_000, 2);
    const towns = new Map<string, number>();
    for (const r of rows) {
      const townName = r[header.indexOf("Town")];
      towns.set(townName, (towns.get(townName) ?? 0) + 1);
      const candidates = UK_TOWNS.filter((t) => t.name === townName);
      expect(candidates.length, townName).toBeGreaterThan(0);
      const postcode = r[header.indexOf("Postcode")];
      if (postcode) {
        expect(postcode).toMatch(/^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
        const area = postcode.match(/^[A-Z]+/)![0];
        expect(candidates.map((t) => t.area)).toContain(area);
      }
      const e = r[header.indexOf("Easting")];
      if (e) {
        const near = candidates.some((t) => Math.abs(Number(e) - t.easting) <= (t.spread ?? 4000));
        expect(near, `${townName} ${e}`).toBe(true);
      }
    }
    for (const city of new Set([...CITY_LINKS, ...POPULAR_LOCATIONS]))
      expect(towns.get(city) ?? 0, city).toBeGreaterThan(20);
    expect(towns.size).toBeGreaterThan(100);
  });

  it("puts rows near their own postcode, so that postcode and district searches make sense", () => {
    const { header, rows } = generate(20_000, 4);
    const col = (name: string) => header.indexOf(name);
    const byDistrict = new Map<string, { e: number; n: number; count: number }>();
    let checked = 0;
    for (const r of rows) {
      const postcode = r[col("Postcode")];
      const e = Number(r[col("Easting")]);
      const n = Number(r[col("Northing")]);
      if (!postcode || !r[col("Easting")]) continue;
      const [, area, district, sector] = /^([A-Z]+)(\d+) (\d)/.exec(postcode)!;
      const town = UK_TOWNS.find((t) => t.name === r[col("Town")] && t.area === area)!;
      const spread = town.spread ?? 4000;
      // Within 10% of the town's spread (each way) of its sector's centre.
      const centre = postcodeCentre(town, Number(district), Number(sector));
      expect(Math.abs(e - centre.easting), postcode).toBeLessThanOrEqual(spread * 0.1);
      expect(Math.abs(n - centre.northing), postcode).toBeLessThanOrEqual(spread * 0.1);
      const key = `${town.name} ${area}${district}`;
      const sum = byDistrict.get(key) ?? { e: 0, n: 0, count: 0 };
      byDistrict.set(key, { e: sum.e + e, n: sum.n + n, count: sum.count + 1 });
      checked++;
    }
    expect(checked).toBeGreaterThan(18_000);
    // Leeds: LS postcodes near Leeds, and its districts in different parts of the city.
    const leeds = [...byDistrict]
      .filter(([k]) => k.startsWith("Leeds LS"))
      .map(([, v]) => [v.e / v.count, v.n / v.count]);
    expect(leeds.length).toBeGreaterThan(20);
    for (const [e, n] of leeds) expect(Math.hypot(e - 430_000, n - 433_500)).toBeLessThan(4_000);
    const apart = leeds.flatMap(([e, n], i) =>
      leeds.slice(i + 1).map(([e2, n2]) => Math.hypot(e - e2, n - n2)),
    );
    expect(apart.filter((d) => d > 1_000).length / apart.length).toBeGreaterThan(0.8);
  });

  it("includes the requested number of malformed rows, each rejected by the importer", () => {
    const { header, rows } = generate(1_000, 3, 10);
    const rejected = rows.map((r) => normaliseRow(toRaw(header, r))).filter((r) => !r.ok);
    expect(rejected).toHaveLength(10);
    const reasons = new Set(rejected.map((r) => (r.ok ? "" : r.reason.split(" ").slice(0, 2).join(" "))));
    expect(reasons.size).toBeGreaterThanOrEqual(4);
  });
});
