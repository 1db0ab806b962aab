import { describe, expect, it } from "vitest";
import { FOLD_FROM, FOLD_TO, parsePostcodeQuery, townKey } from "./place-names";

/** Each typed town name has that key. */
function expectKeys(cases: [typed: string, key: string][]) {
  for (const [typed, key] of cases) expect(townKey(typed), typed).toBe(key);
}

describe("town keys", () => {
  it("makes one town of the ways Stoke-on-Trent is typed", () => {
    const keys = new Set(
      ["stoke on trent", "Stoke-on-Trent", "STOKE ON TRENT", "  Stoke - on -  Trent ", "stoke-ON-trent"].map(
        townKey,
      ),
    );
    expect([...keys]).toEqual(["stoke on trent"]);
  });

  it("reads St, St. and Saint as one word", () => {
    expectKeys([
      ["St Albans", "saint albans"],
      ["Saint Albans", "saint albans"],
      ["ST. ALBANS", "saint albans"],
      ["st.albans", "saint albans"],
    ]);
    expect(townKey("St Helens")).toBe(townKey("Saint Helens"));
    // Only the word: 'Stafford', 'Stockport', 'Bristol' and 'Street' keep their letters.
    expectKeys([
      ["Stafford", "stafford"],
      ["Bristol", "bristol"],
      ["Street", "street"],
    ]);
  });

  it("reads '&' as 'and' and drops apostrophes", () => {
    expectKeys([
      ["Brighton & Hove", "brighton and hove"],
      ["Brighton&Hove", "brighton and hove"],
      ["King's Lynn", "kings lynn"],
      ["King’s Lynn", "kings lynn"],
      ["Kings Lynn", "kings lynn"],
    ]);
  });

  it("folds accents and separates words at anything but letters and digits", () => {
    expect(townKey("Newcastle-upon-Tyne")).toBe(townKey("Newcastle upon Tyne"));
    expectKeys([
      ["Ynys Môn", "ynys mon"],
      ["YNYS MÔN", "ynys mon"],
      ["Weston-super-Mare, Somerset", "weston super mare somerset"],
      ["  ", ""],
      ["---", ""],
    ]);
  });

  it("folds each accented letter to one ASCII letter (the lists SQL's translate() uses)", () => {
    expect([...FOLD_TO]).toHaveLength([...FOLD_FROM].length);
    expect(FOLD_TO).toMatch(/^[A-Za-z]+$/);
  });
});

describe("postcode queries", () => {
  it("reads a full postcode however it is typed", () => {
    for (const typed of ["LS1 1AA", "ls11aa", "LS1  1AA", " ls1 1aa ", "Ls11Aa"]) {
      expect(parsePostcodeQuery(typed), typed).toEqual({
        kind: "postcode",
        key: "LS1 1AA",
        district: "LS1",
        sector: "LS1 1",
        compact: "LS11AA",
      });
    }
    expect(parsePostcodeQuery("ec1a1bb")).toMatchObject({
      key: "EC1A 1BB",
      district: "EC1A",
      sector: "EC1A 1",
    });
    expect(parsePostcodeQuery("LS111AA")).toMatchObject({ key: "LS11 1AA", district: "LS11" });
    expect(parsePostcodeQuery("W1A 0AX")).toMatchObject({ key: "W1A 0AX", district: "W1A" });
  });

  it("reads sectors and districts", () => {
    expect(parsePostcodeQuery("ls1 1")).toEqual({
      kind: "sector",
      key: "LS1 1",
      district: "LS1",
      sector: "LS1 1",
    });
    expect(parsePostcodeQuery("LS1 1A")).toMatchObject({ kind: "sector", key: "LS1 1" });
    expect(parsePostcodeQuery("LS111")).toMatchObject({ kind: "sector", key: "LS11 1", district: "LS11" });
    expect(parsePostcodeQuery("ls1")).toEqual({ kind: "district", key: "LS1", district: "LS1" });
    // Without a space, four characters are a district (people type districts).
    expect(parsePostcodeQuery("LS11")).toMatchObject({ kind: "district", key: "LS11" });
    expect(parsePostcodeQuery("sw1a")).toMatchObject({ kind: "district", key: "SW1A" });
  });

  it("refuses what is not a postcode", () => {
    for (const typed of [
      "Leeds",
      "",
      "   ",
      "CBDU123456",
      "LS",
      "1AA",
      "LS1 1AAA",
      "LS1 AA",
      "Stoke on Trent",
      "LS1 1AA 2",
    ])
      expect(parsePostcodeQuery(typed), typed).toBeNull();
  });
});
