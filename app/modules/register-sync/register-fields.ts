/**
 * The ONE place that knows how register sources name their fields.
 *
 * Every source adapter (EA daily export CSV, public-register CSV, public-register JSON, and
 * whatever replaces them) turns a source row into a `RawRegisterRow` keyed by the canonical
 * field names below, using `resolveField` on its own header names. A new source format whose
 * columns carry new names is a few more aliases here, not a new importer.
 */

/** A register entry's address lines, in the order they are written. */
export const REGISTER_ADDRESS_FIELDS = [
  "building",
  "address_line_1",
  "address_line_2",
  "address_line_3",
  "address_line_4",
  "town",
  "postcode",
] as const;

export const REGISTER_FIELDS = [
  "registration_number",
  "business_name",
  "uprn",
  ...REGISTER_ADDRESS_FIELDS,
  "country",
  "easting",
  "northing",
  "applicant_type",
  "registration_tier",
  "registration_type",
  "registration_date",
  "expiry_date",
  "company_number",
] as const;

export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** One source row: the canonical fields the source had, as the source wrote them. */
export type RawRegisterRow = Partial<Record<RegisterField, string>>;

/**
 * A source row with every field present (undefined until the adapter sets it): all rows then
 * share one object shape, which keeps the normaliser's reads fast over millions of rows.
 */
export function emptyRawRow(): RawRegisterRow {
  return {
    registration_number: undefined,
    business_name: undefined,
    uprn: undefined,
    building: undefined,
    address_line_1: undefined,
    address_line_2: undefined,
    address_line_3: undefined,
    address_line_4: undefined,
    town: undefined,
    postcode: undefined,
    country: undefined,
    easting: undefined,
    northing: undefined,
    applicant_type: undefined,
    registration_tier: undefined,
    registration_type: undefined,
    registration_date: undefined,
    expiry_date: undefined,
    company_number: undefined,
  };
}

/** The EA's daily full export header, exactly as the EA writes it (and as the generator writes it). */
export const EA_EXPORT_HEADER = [
  "Registration number",
  "Organisation name",
  "UPRN",
  "Building",
  "Address line 1",
  "Address line 2",
  "Address line 3",
  "Address line 4",
  "Town",
  "Postcode",
  "Country",
  "Easting",
  "Northing",
  "Applicant type",
  "Registration tier",
  "Registration type",
  "Registration date",
  "Expiry date",
  "Company number",
] as const;

/**
 * Aliases per canonical field. Matching ignores case and every character that is not a letter
 * or a digit, so "Registration Number", "registration_number", "registrationNumber" and
 * "REGISTRATION-NUMBER" are one name. JSON sources are flattened to dotted paths first
 * ("holder.name" -> "holdername").
 */
const ALIASES: Record<RegisterField, string[]> = {
  registration_number: [
    "Registration number",
    "Registration No",
    "Reg No",
    "registrationNumber",
    "Licence number",
    "Permit number",
  ],
  business_name: [
    "Organisation name",
    "Business Name",
    "Company name",
    "Holder name",
    "holder.name",
    "name",
    "Trading name",
  ],
  uprn: ["UPRN", "site.siteAddress.uprn"],
  building: ["Building", "Building name", "site.siteAddress.building"],
  address_line_1: [
    "Address line 1",
    "Address",
    "Address1",
    "Street",
    "site.siteAddress.address",
    "site.siteAddress.addressLine1",
  ],
  address_line_2: ["Address line 2", "Address2", "site.siteAddress.addressLine2"],
  address_line_3: ["Address line 3", "Address3", "site.siteAddress.addressLine3"],
  address_line_4: ["Address line 4", "Address4", "site.siteAddress.addressLine4"],
  town: [
    "Town",
    "Town/City",
    "City",
    "Locality",
    "Post town",
    "site.siteAddress.locality",
    "site.siteAddress.town",
  ],
  postcode: ["Postcode", "Post code", "site.siteAddress.postcode"],
  country: ["Country", "Nation", "site.siteAddress.country"],
  easting: ["Easting", "site.location.easting", "site.easting"],
  northing: ["Northing", "site.location.northing", "site.northing"],
  applicant_type: [
    "Applicant type",
    "Business type",
    "applicantType.prefLabel",
    "applicantType.label",
    "applicantType",
  ],
  registration_tier: ["Registration tier", "Tier", "tier.label", "tier.prefLabel", "tier"],
  registration_type: [
    "Registration type",
    "registrationType.label",
    "registrationType.prefLabel",
    "registrationType",
  ],
  registration_date: ["Registration date", "Date registered", "registrationDate"],
  expiry_date: ["Expiry date", "Renewal date", "Expires", "expiryDate", "renewalDate"],
  company_number: [
    "Company number",
    "Company registration number",
    "Companies House number",
    "holder.companyNumber",
    "companyNumber",
  ],
};

export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const BY_KEY = new Map<string, RegisterField>();
for (const field of REGISTER_FIELDS) {
  BY_KEY.set(headerKey(field), field);
  for (const alias of ALIASES[field]) BY_KEY.set(headerKey(alias), field);
}

/** The canonical field a source column or JSON path stands for, if any. */
export function resolveField(name: string): RegisterField | undefined {
  return BY_KEY.get(headerKey(name));
}

/** Maps a header row to canonical fields (index -> field); the first column naming a field wins. */
export function mapHeader(header: readonly string[]): (RegisterField | undefined)[] {
  const seen = new Set<RegisterField>();
  return header.map((name) => {
    const field = resolveField(name);
    if (!field || seen.has(field)) return undefined;
    seen.add(field);
    return field;
  });
}

// Values ----------------------------------------------------------------------------------

const TIERS: Record<string, "UPPER" | "LOWER"> = {
  upper: "UPPER",
  uppertier: "UPPER",
  lower: "LOWER",
  lowertier: "LOWER",
};

export function normaliseTier(value: string): "UPPER" | "LOWER" | undefined {
  return TIERS[headerKey(value)];
}

const REGISTRATION_TYPES: Record<string, string> = {
  carrierbrokerdealer: "carrier_broker_dealer",
  carrierdealer: "carrier_dealer",
  brokerdealer: "broker_dealer",
};

export function normaliseRegistrationType(value: string): string | undefined {
  return REGISTRATION_TYPES[headerKey(value)];
}

const APPLICANT_TYPES: Record<string, string> = {
  soletrader: "soleTrader",
  individual: "soleTrader",
  limitedcompany: "limitedCompany",
  company: "limitedCompany",
  partnership: "partnership",
  limitedliabilitypartnership: "limitedLiabilityPartnership",
  llp: "limitedLiabilityPartnership",
  localauthority: "localAuthority",
  charity: "charity",
  charitytrust: "charity",
  overseas: "overseas",
  publicbody: "publicBody",
};

/** Known applicant types in the EA's spelling; an unknown label is kept as the source wrote it. */
export function normaliseApplicantType(value: string): string {
  return APPLICANT_TYPES[headerKey(value)] ?? value;
}
