/**
 * The EWC picker's everyday names (decision 0710): every code they point at is a real code of the
 * List of Wastes (the app's copy of reference/ewc-codes.csv, and the reference itself when it is
 * there), and the picker's search finds codes by them, by code prefixes and by description words.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filterEwc, parseEwcList } from "~/components/waste-notes/ewc-list";
import { projectRoot } from "~/platform/paths.server";
import { loadEwcCatalogue, parseEwcCsv, unknownSynonymCodes } from "./ewc-codes.server";
import { searchEwcCodes, wordRoot } from "./ewc-search";
import { EWC_SYNONYMS } from "./ewc-synonyms";

const catalogue = loadEwcCatalogue();
const list = parseEwcList(catalogue.csv);
const first = (query: string, chapter = "") => filterEwc(list.codes, query, chapter)[0]?.code;
const codesFor = (query: string) => filterEwc(list.codes, query, "").map((c) => c.code);

describe("the everyday names' codes", () => {
  it("are all codes of the List of Wastes", () => {
    expect(EWC_SYNONYMS.length).toBeGreaterThanOrEqual(30);
    expect(unknownSynonymCodes()).toEqual([]);
    const reference = path.join(projectRoot(), "..", "shared", "reference", "ewc-codes.csv");
    if (fs.existsSync(reference))
      expect(unknownSynonymCodes(parseEwcCsv(fs.readFileSync(reference, "utf8")))).toEqual([]);
  });

  it("are reported when one is not a code", () => {
    const without = parseEwcCsv(catalogue.csv.replace(/^20 02 01,.*$/m, ""));
    const unknown = unknownSynonymCodes(without);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((u) => u.startsWith("200201 "))).toBe(true);
    expect(unknown).toContainEqual(expect.stringMatching(/^200201 \(garden/));
  });

  it("cover the common household and trade wastes", () => {
    const words = EWC_SYNONYMS.flatMap(([terms]) => terms.split(",").map((t) => t.trim()));
    for (const w of [
      "garden",
      "plasterboard",
      "rubble",
      "hardcore",
      "soil",
      "mattress",
      "fridge",
      "tyres",
      "wood",
      "metal",
      "electricals",
      "weee",
      "batteries",
      "paint",
      "asbestos",
      "glass",
      "cardboard",
      "plastic",
      "food",
      "oil",
      "carpet",
      "furniture",
      "general waste",
      "insulation",
    ])
      expect(words, w).toContain(w);
  });
});

describe("searching the EWC list", () => {
  it("puts the code an everyday name points at first", () => {
    expect(first("garden")).toBe("20 02 01");
    expect(first("Garden waste")).toBe("20 02 01");
    expect(first("grass")).toBe("20 02 01");
    expect(first("plasterboard")).toBe("17 08 02");
    expect(first("gypsum")).toBe("17 08 02");
    expect(first("rubble")).toBe("17 01 07");
    expect(first("soil")).toBe("17 05 04");
    expect(first("mattress")).toBe("20 03 07");
    expect(first("fridge")).toBe("20 01 23*");
    expect(first("timber")).toBe("17 02 01");
    expect(first("scrap metal")).toBe("17 04 07");
    expect(first("TV")).toBe("20 01 35*");
    expect(first("asbestos")).toBe("17 06 05*");
    expect(first("cardboard")).toBe("20 01 01");
    expect(first("general waste")).toBe("20 03 01");
  });

  it("ignores case and plurals", () => {
    for (const q of ["Tyres", "tyre", "TYRES", "tyres "]) expect(first(q), q).toBe("16 01 03");
    expect(first("battery")).toBe("20 01 34");
    expect(first("Batteries")).toBe("20 01 34");
    expect(first("hedges")).toBe("20 02 01");
    expect(codesFor("battery")).toContain("16 06 01*");
  });

  it("still finds codes by their number's beginning, in the list's order", () => {
    expect(codesFor("1701")).toEqual(["17 01 01", "17 01 02", "17 01 03", "17 01 06*", "17 01 07"]);
    expect(codesFor("17 05 0")).toContain("17 05 04");
    expect(codesFor("200201")).toEqual(["20 02 01"]);
  });

  it("still finds codes by the words of their descriptions", () => {
    expect(codesFor("dredging")).toEqual(["17 05 05*", "17 05 06"]);
    expect(codesFor("dredg")).toEqual(["17 05 05*", "17 05 06"]);
    expect(codesFor("stones")).toContain("19 12 09");
    expect(codesFor("Septic tank sludge")[0]).toBe("20 03 04");
    expect(codesFor("brake pads")).toEqual(["16 01 11*", "16 01 12"]);
    expect(codesFor("fluorescent tubes")).toEqual(["20 01 21*"]);
    // A word nothing holds finds nothing; every word must match.
    expect(codesFor("zzzz")).toEqual([]);
    expect(codesFor("garden zzzz")).toEqual([]);
  });

  it("ranks everyday names before description matches and keeps the chapter filter", () => {
    const wood = codesFor("wood");
    expect(wood.slice(0, 3)).toEqual(["17 02 01", "20 01 38", "15 01 03"]);
    expect(wood).toContain("03 01 05"); // "sawdust, shavings, cuttings, wood..." by its description
    expect(first("wood", "20")).toBe("20 01 38");
    expect(filterEwc(list.codes, "garden", "17")).toEqual([]);
    const chapter20 = filterEwc(list.codes, "", "20");
    expect(chapter20.length).toBeGreaterThan(30);
    expect(chapter20.every((c) => c.chapter === "20")).toBe(true);
  });

  it("works on any list of codes (the server's catalogue too)", () => {
    expect(searchEwcCodes(catalogue.codes, "plasterboard")[0]?.code).toBe("17 08 02");
  });

  it("reduces words to a root shared by their singular and plural", () => {
    expect(wordRoot("batteries")).toBe(wordRoot("battery"));
    expect(wordRoot("Tyres")).toBe(wordRoot("tyre"));
    expect(wordRoot("boxes")).toBe("box");
    expect(wordRoot("glass")).toBe("glass");
  });
});
