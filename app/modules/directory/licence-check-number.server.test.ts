/**
 * Decision 0277: a registration number is always a licence check, on PGlite and PostgreSQL. A
 * number typed in the home page's default Location box (or as a name, or 'all', or in the API)
 * gets the licence answer with expired registrations shown, never a place; a number inside other
 * text ('Reg: CBDU123456.', 'cbdu 123 456', 'CBDU-123456,') is read out of it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { registrationNumbers as numbers, searchPage } from "./test-support/search";
import { parseApiSearchInput } from "./api-search-input.server";
import { SEARCH_TYPES } from "./constants";
import { defaultSort, numberReadFrom, parseSearchInput, registrationNumberIn } from "./search-input";
import { clearSearchCache, searchProviders } from "./search-providers.server";

let t: TestDatabase;

/** Registrations of the town Numberton, each the answer to one check below. */
const N = {
  valid: "CBDU4277001",
  expired: "CBDU4277002",
  /** On no register: only numbers that start with it are. */
  missing: "CBDU4277003",
  /** Unclaimed, with a claimed (verified) registration whose number starts with it. */
  exact: "CBDU4277004",
  removed: "CBDU4277005",
} as const;

beforeAll(async () => {
  t = await createTestDatabase();
  const town = { town: "Numberton", postcode: "NT1 1AA" };
  await insertRegisterEntries(t.db, [
    { registration_number: N.valid, business_name: "VALID NUMBER CARRIERS", ...town },
    {
      registration_number: N.expired,
      business_name: "LAPSED NUMBER CARRIERS",
      expiry_date: "2023-03-01",
      ...town,
    },
    { registration_number: `${N.missing}0`, business_name: "PREFIX ONE", ...town },
    { registration_number: `${N.missing}1`, business_name: "PREFIX TWO", ...town },
    { registration_number: N.exact, business_name: "ZULU EXACT CARRIERS", ...town },
    { registration_number: `${N.exact}9`, business_name: "ALPHA CLAIMED PREFIX", ...town, is_claimed: true },
    {
      registration_number: N.removed,
      business_name: "REMOVED NUMBER CARRIERS",
      on_register: false,
      removed_at: new Date().toISOString(),
      ...town,
    },
  ]);
  await insertClaimedListing(t.db, {
    registration_number: `${N.exact}9`,
    company_name: "Alpha Claimed Prefix",
  });
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

const search = (qs: string) => searchPage(t.db, qs);
const qs = (query: string, type: string) => new URLSearchParams({ query, type }).toString();

describe("a number is read out of what was typed", () => {
  it("finds an England/Wales number inside other text, and Scottish and Northern Irish ones", () => {
    for (const [typed, number] of [
      ["CBDU123456.", "CBDU123456"],
      ["Reg: CBDU123456", "CBDU123456"],
      ["cbdu 123 456", "CBDU123456"],
      ["CBDU-123456,", "CBDU123456"],
      ["(cbdl 99 9001)", "CBDL999001"],
      ["their licence is CBDU\u2013123\u2013456 apparently", "CBDU123456"],
      ["Registration no: WCR/R/1234567.", "WCR/R/1234567"],
      ["NI number roc ut 1234?", "ROC UT 1234"],
    ])
      expect(registrationNumberIn(typed)?.number, typed).toBe(number);
    // Too short, run into other letters or digits, or no number at all.
    for (const typed of ["CBDU12", "Smith Skip Hire", "XCBDU123456", "CBDU123456ABC", "cbd 123456", "Leeds"])
      expect(registrationNumberIn(typed), typed).toBeNull();
  });

  it("makes the search a licence check of that number in every type, expired shown, on the page and in the API", () => {
    for (const type of SEARCH_TYPES) {
      for (const typed of ["CBDU1234", "Reg: CBDU1234."]) {
        const params = new URLSearchParams({ query: typed, type });
        for (const { input } of [parseSearchInput(params), parseApiSearchInput(params)]) {
          expect(input, `${typed} as ${type}`).toMatchObject({
            query: "CBDU1234",
            type: "registration",
            hideExpired: false,
            services: [],
          });
          expect(input.typed).toBe(typed === "CBDU1234" ? undefined : typed);
          expect(input.askedType).toBe(type === "registration" ? undefined : type);
          expect(numberReadFrom(input)).toBe(typed === "CBDU1234" ? null : typed);
        }
      }
    }
    // Written otherwise than the register writes it: the box shows it as typed, with no notice.
    const spaced = parseSearchInput(new URLSearchParams("query=cbdu 1234&type=location")).input;
    expect(spaced).toMatchObject({ query: "CBDU1234", typed: "cbdu 1234", askedType: "location" });
    expect(numberReadFrom(spaced)).toBeNull();
    // A place in the path names none: '/search-results/CBDU1234' is a licence check too.
    expect(parseSearchInput(new URLSearchParams(""), "cbdu 1234").input).toMatchObject({
      query: "CBDU1234",
      type: "registration",
      hideExpired: false,
    });
    // A person who asks to hide expired registrations still may (the licence is answered anyway).
    expect(
      parseSearchInput(new URLSearchParams("query=CBDU1234&type=location&hideExpired=1")).input.hideExpired,
    ).toBe(true);
    // Not numbers: left as they were.
    expect(parseSearchInput(new URLSearchParams("query=Leeds&type=location")).input).toMatchObject({
      query: "Leeds",
      type: "location",
      hideExpired: true,
    });
    expect(parseSearchInput(new URLSearchParams("query=CBDU12&type=location")).input.type).toBe("location");
  });
});

describe("the licence answer for a number typed in any box", () => {
  it("an expired registration typed as a location is answered as expired, not hidden as a place's", async () => {
    for (const type of SEARCH_TYPES) {
      const r = await search(qs(N.expired, type));
      expect(r.licence?.registration_number, type).toBe(N.expired);
      expect(r.licence?.expiry_date, type).toBe("2023-03-01");
      expect(numbers(r), type).toEqual([N.expired]);
      expect(r.hiddenExpired, type).toBe(0);
      expect(r.location, type).toBeUndefined();
      expect(r.licenceNumber, type).toBe(N.expired);
    }
  });

  it("a number on no register is answered 'not found' (licence null), whatever the box", async () => {
    for (const type of SEARCH_TYPES) {
      const r = await search(qs(N.missing, type));
      expect(r.licence, type).toBeNull();
      expect(r.licenceNumber, type).toBe(N.missing);
      expect(r.location, type).toBeUndefined();
      // The numbers that start with it are still listed below the answer.
      expect(numbers(r).sort(), type).toEqual([`${N.missing}0`, `${N.missing}1`]);
    }
    const removed = await search(qs(N.removed, "location"));
    expect(removed.licence).toBeNull();
    expect(removed.providers).toEqual([]);
    // A number that is not on the register never says it was removed.
    expect((await search(qs(N.missing, "registration"))).licenceRemoved).toBeUndefined();
  });

  it("a number a full sync no longer found is answered 'no longer on the register', with whose it was", async () => {
    for (const type of SEARCH_TYPES) {
      const r = await search(qs(N.removed, type));
      expect(r.licence, type).toBeNull();
      expect(r.licenceRemoved, type).toMatchObject({
        registration_number: N.removed,
        business_name: "REMOVED NUMBER CARRIERS",
      });
      expect(r.licenceRemoved?.removed_at, type).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    // A number on the register has no such answer.
    expect((await search(qs(N.exact, "registration"))).licenceRemoved).toBeUndefined();
  });

  it("lists the number itself first, above claimed listings whose numbers start with it", async () => {
    for (const type of SEARCH_TYPES) {
      const r = await search(qs(N.exact, type));
      expect(r.licence?.registration_number, type).toBe(N.exact);
      expect(numbers(r), type).toEqual([N.exact, `${N.exact}9`]);
      expect(r.sort, type).toBe("relevance");
    }
    expect(defaultSort("registration")).toBe("relevance");
    // An order chosen is kept.
    const claimed = await search(`${qs(N.exact, "registration")}&sort=claimed`);
    expect(numbers(claimed)).toEqual([`${N.exact}9`, N.exact]);
    expect(claimed.licence?.registration_number).toBe(N.exact);
  });

  it("a number inside other text is checked: 'Reg: …', a full stop, spaces, hyphens and a comma", async () => {
    for (const typed of [
      `Reg: ${N.valid}`,
      `${N.valid}.`,
      "cbdu 427 7001",
      "CBDU-4277001,",
      `number ${N.valid} please`,
    ]) {
      for (const type of SEARCH_TYPES) {
        const r = await search(qs(typed, type));
        expect(r.licence?.registration_number, `${typed} as ${type}`).toBe(N.valid);
        expect(r.licence?.business_name).toBe("VALID NUMBER CARRIERS");
        expect(numbers(r)).toEqual([N.valid]);
      }
    }
    // Through the API's parameters too.
    const { input, problems } = parseApiSearchInput(new URLSearchParams({ query: `Reg: ${N.expired}.` }));
    expect(problems).toEqual([]);
    const api = await searchProviders(t.db, input);
    expect(api.licence?.registration_number).toBe(N.expired);
    expect(api.licenceNumber).toBe(N.expired);
  });

  it("a Scottish or Northern Irish number typed as a location names its regulator", async () => {
    const r = await search(qs("Reg. WCR/R/1234567", "location"));
    expect(r.licence).toBeNull();
    expect(r.otherRegister).toMatchObject({ code: "SEPA", number: "WCR/R/1234567" });
    expect(r.location).toBeUndefined();
  });
});
