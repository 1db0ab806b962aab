/**
 * A realistic synthetic register in the EA daily export format, for the demo and benchmarks.
 * Deterministic for a seed (and an `asOf` date, which decides which upper-tier rows have expired).
 * `sampleRegisterLines` yields CSV lines one at a time, so any number of rows costs flat memory.
 */
import { EA_EXPORT_HEADER } from "./register-fields";
import { UK_TOWNS, type UkTown } from "./uk-places";

export interface SampleRegisterOptions {
  rows: number;
  seed?: number;
  /** How many deliberately malformed rows to include (spread evenly through the file). */
  malformed?: number;
  /** 'YYYY-MM-DD': the day the register is "exported"; default 2026-11-01. */
  asOf?: string;
}

export const DEFAULT_SAMPLE_SEED = 20_240_601;
const DEFAULT_AS_OF = "2026-11-01";

/** mulberry32: small, fast, good enough for test data; deterministic for a seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mason",
  "Mitchell",
  "Rose",
  "Davis",
  "Rodgers",
  "Hughes",
  "Edwards",
  "Turner",
  "Harris",
  "Martin",
  "Cooper",
  "Hill",
  "Ward",
  "Morris",
  "Moore",
  "Clark",
  "Lee",
  "King",
  "Baker",
  "Harrison",
  "Morgan",
  "Allen",
  "Scott",
  "Young",
  "Carter",
  "Shaw",
  "Watson",
  "Parker",
  "Bennett",
  "Cook",
  "Kelly",
  "Bailey",
  "Murphy",
  "Price",
  "Fletcher",
  "Campbell",
  "Stewart",
  "MacDonald",
  "Reid",
  "Murray",
  "Quinn",
  "O'Brien",
  "Singh",
  "Ali",
  "Hussain",
  "Nowak",
  "Kowalski",
  "Fox",
  "Barker",
  "Holmes",
  "Chapman",
  "Webb",
  "Lawson",
  "Pearson",
  "Gray",
];
const FIRST_NAMES = [
  "John",
  "David",
  "Paul",
  "Mark",
  "Michael",
  "Steven",
  "Andrew",
  "James",
  "Peter",
  "Gary",
  "Darren",
  "Lee",
  "Craig",
  "Wayne",
  "Dean",
  "Karen",
  "Sarah",
  "Emma",
  "Lisa",
  "Claire",
  "Tom",
  "Dan",
  "Chris",
  "Rob",
  "Matt",
  "Sam",
  "Jack",
  "Ryan",
  "Liam",
  "Connor",
];
const TRADES = [
  "Waste Removals",
  "Skip Hire",
  "Rubbish Clearance",
  "House Clearances",
  "Waste Management",
  "Recycling",
  "Haulage",
  "Environmental Services",
  "Man and Van",
  "Scrap Metal",
  "Demolition",
  "Builders",
  "Landscapes",
  "Plant Hire",
  "Transport",
  "Drainage Services",
  "Tree Surgery",
  "Roofing",
  "Property Maintenance",
  "Grab Hire",
  "Garden Services",
  "Clearance Services",
];
const PREFIXES = [
  "Northern",
  "Southern",
  "Midlands",
  "Pennine",
  "Thames Valley",
  "West Country",
  "Coastal",
  "Green",
  "Eco",
  "Premier",
  "Express",
  "A1",
  "AAA",
  "Swift",
  "Rapid",
  "Clear Away",
  "Reliable",
  "City",
  "County",
  "Total",
  "Greenway",
  "Evergreen",
  "Phoenix",
  "Eagle",
  "Crown",
  "Valley",
  "Lakeside",
];
const STREETS = [
  "Station",
  "Church",
  "Mill",
  "High",
  "Park",
  "Victoria",
  "Green",
  "Manor",
  "Queens",
  "Kings",
  "New",
  "Albert",
  "Grange",
  "Chapel",
  "School",
  "Windsor",
  "York",
  "Bridge",
  "Oak",
  "Springfield",
  "Moor",
  "Canal",
  "Meadow",
  "Hall",
  "Forge",
  "Brook",
  "Cross",
  "Market",
  "Water",
  "Castle",
];
const STREET_TYPES = [
  "Road",
  "Street",
  "Lane",
  "Avenue",
  "Close",
  "Way",
  "Drive",
  "Crescent",
  "Terrace",
  "Place",
];
const ESTATES = [
  "Riverside Industrial Estate",
  "Trade Park",
  "Business Park",
  "Enterprise Centre",
  "Industrial Park",
  "Works",
  "Commercial Centre",
  "Trading Estate",
  "Yard",
];
const BUILDINGS = [
  "Unit",
  "The Old Dairy",
  "Riverside House",
  "Enterprise House",
  "The Depot",
  "Yard Office",
  "Suite",
];
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ".split("");

type Applicant =
  | "soleTrader"
  | "limitedCompany"
  | "partnership"
  | "limitedLiabilityPartnership"
  | "localAuthority"
  | "charity"
  | "overseas"
  | "publicBody";

const APPLICANTS: [Applicant, number][] = [
  ["soleTrader", 30],
  ["limitedCompany", 44],
  ["partnership", 10],
  ["limitedLiabilityPartnership", 3],
  ["localAuthority", 3],
  ["charity", 5],
  ["overseas", 2],
  ["publicBody", 3],
];

const DAY = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function addYears(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0); // 29 Feb -> 28 Feb
  return isoDay(date.getTime());
}

/** A row's own scatter around its postcode sector's centre, as a fraction of the town's spread. */
const JITTER = 0.1;

/** Two numbers in [0, 1) from a string (FNV-1a): the same place for the same postcode, in every run. */
function unitPair(text: string): [number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  const second = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return [h / 4294967296, second / 4294967296];
}

/**
 * Where a postcode's registrations sit: each district at its own point within 70% of the town's
 * spread from the centre, each sector within 10% of the spread from its district's point (the
 * rows then scatter by another 10% at most), so every row stays within the town's spread.
 */
export function postcodeCentre(
  town: UkTown,
  district: number,
  sector: number | null,
): { easting: number; northing: number } {
  const spread = town.spread ?? 4_000;
  const offset = (key: string, radius: number) => {
    const [u, v] = unitPair(key);
    const r = radius * Math.sqrt(u);
    const angle = 2 * Math.PI * v;
    return { de: Math.round(r * Math.cos(angle)), dn: Math.round(r * Math.sin(angle)) };
  };
  const d = offset(`${town.area}${district}`, spread * 0.7);
  const s = sector === null ? { de: 0, dn: 0 } : offset(`${town.area}${district} ${sector}`, spread * 0.1);
  return { easting: town.easting + d.de + s.de, northing: town.northing + d.dn + s.dn };
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function sampleRegisterHeader(): string {
  return EA_EXPORT_HEADER.join(",");
}

/** Yields the header line, then one CSV line per row (no line endings). */
// eslint-disable-next-line max-lines-per-function -- one seeded random sequence: the order of every draw fixes the sample for a seed (names, numbers, places), so its steps stay in one generator
export function* sampleRegisterLines(options: SampleRegisterOptions): Generator<string> {
  const random = rng(options.seed ?? DEFAULT_SAMPLE_SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  const totalWeight = UK_TOWNS.reduce((s, t) => s + t.weight, 0);
  const pickTown = (): UkTown => {
    let r = random() * totalWeight;
    for (const town of UK_TOWNS) {
      r -= town.weight;
      if (r < 0) return town;
    }
    return UK_TOWNS[UK_TOWNS.length - 1];
  };
  const applicantWeight = APPLICANTS.reduce((s, [, w]) => s + w, 0);
  const pickApplicant = (): Applicant => {
    let r = random() * applicantWeight;
    for (const [a, w] of APPLICANTS) {
      r -= w;
      if (r < 0) return a;
    }
    return "soleTrader";
  };

  const asOfMs = Date.parse(`${options.asOf ?? DEFAULT_AS_OF}T00:00:00Z`);
  const firstRegistrationMs = Date.parse("2011-01-01T00:00:00Z");
  const malformed = Math.min(options.malformed ?? 0, options.rows);
  const malformedAt = new Map<number, number>();
  for (let k = 0; k < malformed; k++) malformedAt.set(Math.floor(((k + 0.5) * options.rows) / malformed), k);

  let upperNo = 100_000 + int(0, 9_999);
  let lowerNo = 100_000 + int(0, 9_999);
  yield sampleRegisterHeader();

  for (let i = 0; i < options.rows; i++) {
    const town = pickTown();
    const applicant = pickApplicant();
    const upper = chance(0.55);
    const tier = upper ? "UPPER" : "LOWER";
    let number: string;
    if (upper) number = `CBDU${(upperNo += int(1, 3))}`;
    else number = `CBDL${(lowerNo += int(1, 3))}`;
    const type = upper
      ? pick([
          "carrier_dealer",
          "carrier_dealer",
          "broker_dealer",
          "carrier_broker_dealer",
          "carrier_broker_dealer",
          "carrier_broker_dealer",
          "carrier_broker_dealer",
          "carrier_broker_dealer",
        ])
      : "carrier_broker_dealer";

    const surname = pick(SURNAMES);
    const trade = pick(TRADES);
    let name: string;
    switch (applicant) {
      case "soleTrader":
        name = pick([
          `${pick(FIRST_NAMES)} ${surname}`,
          `${pick(FIRST_NAMES)[0]} ${surname} ${trade}`,
          `${surname} ${trade}`,
          `${pick(FIRST_NAMES)} ${surname} T/A ${pick(PREFIXES)} ${trade}`,
        ]);
        break;
      case "limitedCompany":
        name = pick([
          `${pick(PREFIXES)} ${trade} Ltd`,
          `${surname} ${trade} Limited`,
          `${town.name} ${trade} Ltd`,
          `${surname} & ${pick(SURNAMES)} Ltd`,
          `${pick(PREFIXES)} ${trade} (${town.name}) Ltd`,
        ]);
        break;
      case "partnership":
        name = pick([
          `${surname} & Sons`,
          `${surname} Brothers ${trade}`,
          `${surname} & ${pick(SURNAMES)} ${trade}`,
        ]);
        break;
      case "limitedLiabilityPartnership":
        name = `${surname} ${trade} LLP`;
        break;
      case "localAuthority":
        name = pick([
          `${town.name} City Council`,
          `${town.name} Borough Council`,
          `${town.name} District Council`,
        ]);
        break;
      case "charity":
        name = pick([
          `${town.name} Furniture Project`,
          `${pick(PREFIXES)} Reuse Trust`,
          `${town.name} Community Recycling`,
        ]);
        break;
      case "overseas":
        name = `${surname} ${trade} ${pick(["GmbH", "BV", "SARL", "Ltd (Ireland)"])}`;
        break;
      case "publicBody":
        name = pick([
          `${town.name} Hospitals NHS Trust`,
          `${town.name} Housing Association`,
          `${town.name} Port Authority`,
        ]);
        break;
    }

    const business = applicant !== "soleTrader" && applicant !== "partnership";
    const onEstate = business && chance(0.5);
    const building = chance(0.3)
      ? onEstate
        ? `Unit ${int(1, 40)}`
        : pick(BUILDINGS) + (chance(0.5) ? ` ${int(1, 12)}` : "")
      : "";
    const line1 = onEstate
      ? `${pick(STREETS)} ${pick(ESTATES)}`
      : `${int(1, 250)} ${pick(STREETS)} ${pick(STREET_TYPES)}`;
    const line2 = chance(0.45) ? `${pick(STREETS)} ${pick(["Road", "Lane", "Street"])}` : "";
    const line3 = chance(0.15)
      ? pick(["Northside", "Southside", "Eastfield", "Westfield", "Old Town", "Upper End"])
      : "";
    const line4 = chance(0.04) ? "c/o Accounts Dept" : "";
    const district = pick(town.districts);
    // The same random draws in the same order as before (so names and numbers do not change).
    const blankPostcode = chance(0.01);
    const sector = blankPostcode ? null : int(1, 9);
    const postcode = blankPostcode
      ? ""
      : `${town.area}${district} ${sector}${pick(INWARD_LETTERS)}${pick(INWARD_LETTERS)}`;
    const spread = town.spread ?? 4_000;
    const noGrid = chance(0.03);
    // Near its postcode: districts and sectors sit in their own parts of the town, so that a
    // search around LS1 1AA, LS1 1 or LS1 finds the carriers there first (decision 0214).
    const centre = postcodeCentre(town, district, sector);
    const easting = noGrid ? "" : String(centre.easting + Math.round(int(-spread, spread) * JITTER));
    const northing = noGrid ? "" : String(centre.northing + Math.round(int(-spread, spread) * JITTER));
    const uprn = chance(0.3) ? "" : String(int(10_000_000, 100_099_999_999));
    const country = chance(0.2) ? "" : town.country;

    let regDate = isoDay(
      firstRegistrationMs + Math.floor(random() * (asOfMs - firstRegistrationMs - 30 * DAY)),
    );
    let expiry = "";
    if (upper) {
      // Renewals add 3 years to the expiry; about 1 in 8 upper-tier registrations has lapsed.
      expiry = addYears(regDate, 3);
      const lapsed = chance(0.12);
      while (!lapsed && Date.parse(expiry) <= asOfMs) expiry = addYears(expiry, 3);
      if (lapsed && Date.parse(expiry) > asOfMs) {
        regDate = isoDay(asOfMs - int(3 * 366 + 10, 6 * 365) * DAY);
        expiry = addYears(regDate, 3);
      }
    }
    let companyNumber = "";
    if (applicant === "limitedCompany" && chance(0.95)) {
      companyNumber =
        town.country === "Scotland"
          ? `SC${int(100_000, 999_999)}`
          : String(int(100_000, 14_999_999)).padStart(8, "0");
    }

    const fields = [
      number,
      name,
      uprn,
      building,
      line1,
      line2,
      line3,
      line4,
      town.name,
      postcode,
      country,
      easting,
      northing,
      applicant,
      tier,
      type,
      regDate,
      expiry,
      companyNumber,
    ];
    const bad = malformedAt.get(i);
    if (bad !== undefined) {
      switch (bad % 5) {
        case 0:
          fields[0] = "";
          break; // missing registration number
        case 1:
          fields[16] = `${regDate.slice(8, 10)}/13/${regDate.slice(0, 4)}`;
          break; // malformed date
        case 2:
          fields[11] = "4O1234";
          break; // bad easting (letter O)
        case 3:
          fields[14] = "MIDDLE";
          break; // unknown tier
        case 4:
          fields[17] = "2024-02-30";
          fields[14] = "UPPER";
          break; // no such date
      }
    }
    yield fields.map(csvField).join(",");
  }
}
