/**
 * Waste note vocabulary shared by the domain, the form component and the PDF.
 * Pure data: safe to import from components.
 */
export const WASTE_TYPES = ["Commercial", "Residential"] as const;
export type WasteType = (typeof WASTE_TYPES)[number];

export const DESCRIPTION_MAX = 200;
/** Waste items per note, and EWC codes per item (the Receipt API's limit: 1 to 5). */
export const MAX_ITEMS = 20;
export const MAX_CODES_PER_ITEM = 5;
/** Largest quantity of one item: 100,000 tonnes (the note's total in kg must fit its weight column). */
export const MAX_ITEM_KG = 100_000_000;

export const PHYSICAL_FORMS = ["Solid", "Liquid", "Sludge", "Powder", "Gas", "Mixed"] as const;
export type PhysicalForm = (typeof PHYSICAL_FORMS)[number];

/** Units of an item's quantity: the value posted, and how the note shows it. */
export const QUANTITY_UNITS = { kg: "kg", t: "tonnes" } as const;
export type QuantityUnit = keyof typeof QUANTITY_UNITS;

export const TRANSPORT_MEANS = ["Road", "Rail", "Air", "Sea", "Inland Waterway", "Piped", "Other"] as const;
export type TransportMeans = (typeof TRANSPORT_MEANS)[number];

/**
 * Recovery (R1-R13, Waste Framework Directive Annex II) and disposal (D1-D15, Annex I) operations,
 * shortened for a select.
 */
export const DISPOSAL_CODES: Record<string, string> = {
  R1: "Use principally as a fuel or to generate energy",
  R2: "Solvent reclamation or regeneration",
  R3: "Recycling or reclamation of organic substances (including composting)",
  R4: "Recycling or reclamation of metals and metal compounds",
  R5: "Recycling or reclamation of other inorganic materials",
  R6: "Regeneration of acids or bases",
  R7: "Recovery of components used for pollution abatement",
  R8: "Recovery of components from catalysts",
  R9: "Oil re-refining or other reuses of oil",
  R10: "Land treatment for agricultural or ecological benefit",
  R11: "Use of waste obtained from R1 to R10",
  R12: "Exchange of waste for R1 to R11",
  R13: "Storage pending R1 to R12",
  D1: "Deposit into or onto land (landfill)",
  D2: "Land treatment",
  D3: "Deep injection",
  D4: "Surface impoundment",
  D5: "Specially engineered landfill",
  D6: "Release into a water body except seas or oceans",
  D7: "Release into seas or oceans",
  D8: "Biological treatment",
  D9: "Physico-chemical treatment",
  D10: "Incineration on land",
  D11: "Incineration at sea",
  D12: "Permanent storage",
  D13: "Blending or mixing prior to D1 to D12",
  D14: "Repackaging prior to D1 to D13",
  D15: "Storage pending D1 to D14",
};

/**
 * Hazardous waste consignment codes, upper case without spaces: England and Wales XXXXXX/YYYYY
 * (six letters or digits, a slash, five digits), Scotland SA|SB|SC and Northern Ireland DA|DB|DC
 * followed by 7 digits.
 */
export const CONSIGNMENT_CODE_PATTERNS = [/^[A-Z0-9]{6}\/\d{5}$/, /^S[ABC]\d{7}$/, /^D[ABC]\d{7}$/] as const;
export const MAX_PHOTOS = 3;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SIGNATURE_MAX_BYTES = 200 * 1024;

/** A party's status under regulation 35 (one or more). */
export const PARTY_STATUSES = {
  producer: "Producer of the waste",
  importer: "Importer of the waste",
  local_authority: "Local authority",
  permit_holder: "Holder of an environmental permit",
  exempt: "Exempt from a permit (registered exemption)",
  registered_carrier: "Registered waste carrier, broker or dealer",
  householder: "Householder (own household waste)",
} as const;
export type PartyStatus = keyof typeof PARTY_STATUSES;

export const TRANSFEROR_STATUSES: PartyStatus[] = [
  "producer",
  "householder",
  "importer",
  "local_authority",
  "permit_holder",
  "exempt",
  "registered_carrier",
];
export const TRANSFEREE_STATUSES: PartyStatus[] = [
  "registered_carrier",
  "permit_holder",
  "exempt",
  "local_authority",
];

export const WASTE_HIERARCHY_DECLARATION =
  "I confirm that I have fulfilled my duty to apply the waste hierarchy as required by regulation 12 of the Waste (England and Wales) Regulations 2011.";

export const HAZARDOUS_WARNING =
  "This is a hazardous waste code. A waste transfer note is not enough for hazardous waste: it must move under a hazardous waste consignment note (Hazardous Waste (England and Wales) Regulations 2005), kept for 3 years.";

export const MESSAGES = {
  required: "Required",
  description: `Required (max ${DESCRIPTION_MAX} chars)`,
  photos: "Please upload up to 3 photos",
  createFailed: "There was an error creating the waste note. Please try again.",
  submitted: "Waste note submitted successfully!",
  pdfUnavailable: "PDF not available for download",
  pdfFailed: "Failed to download PDF. Please try again.",
  /** While the note's PDF job is queued or running (issue 14, item 12). */
  pdfPreparing: "Preparing your PDF…",
  /** The PDF job failed for good. */
  pdfFailedForGood: "We could not make the PDF for this note. We have been told and will look into it.",
  pdfSlow: "Your PDF is taking longer than usual. Please try again in a minute.",
  tooMany: "Too many results, please type to filter.",
} as const;

/** The messages of the items, the receiving site, the consignment code, the customer and the season ticket. */
export const ITEM_MESSAGES = {
  tooManyItems: `A note can hold at most ${MAX_ITEMS} waste items`,
  tooManyCodes: `Choose at most ${MAX_CODES_PER_ITEM} EWC codes for an item`,
  unknownCode: (code: string) => `${code} is not a code in the List of Wastes`,
  quantityPositive: "Enter a quantity greater than 0",
  quantityFormat: "Enter the quantity as a number, up to 3 decimal places",
  quantityTooLarge: "The quantity is too large (at most 100,000 tonnes per item)",
  physicalForm: "Choose a physical form from the list",
  unit: "Choose kg or tonnes",
  container: "Choose a container type from the list",
  containerCount: "Enter the number of containers (1 or more)",
  disposalCode: "Choose a disposal or recovery code from the list",
  transportMeans: "Choose a means of transport from the list",
  receivingSite: "Enter all four details of the receiving site, or leave all four empty",
  consignmentRequired: "Enter the hazardous waste consignment code: an item on this note is hazardous waste",
  consignmentFormat:
    "Enter the consignment code as on the consignment note: ABCDEF/12345 (England and Wales), SA1234567 (Scotland) or DA1234567 (Northern Ireland)",
  customerEmail: "Enter a valid e-mail address, like name@example.com",
  seasonDate: "Enter a valid date",
  seasonBefore: "The season ticket cannot end before the collection date",
  seasonTooLong: "A season ticket can last at most 12 months from the collection date",
  seasonHazardous:
    "A season ticket is for non-hazardous waste only: hazardous waste needs a consignment note for each movement",
} as const;

/** Under the season ticket's date. */
export const SEASON_TICKET_HINT =
  "Optional. For repeated transfers of the same non-hazardous waste between the same parties, for up to 12 months from the collection date.";

/** The public generator's answer to a signed-in company user (issue 14, item 8). */
export const COMPANY_AREA_MESSAGE =
  "You are signed in as a carrier: write your waste notes from your company area, so that they are kept with your notes and counted in your plan.";

/** Standard plan: 20 notes per calendar month; premium: unlimited. */
export const STANDARD_MONTHLY_NOTES = 20;
