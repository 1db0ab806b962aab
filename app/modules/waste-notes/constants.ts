/**
 * Waste note vocabulary shared by the domain, the form component and the PDF.
 * Pure data: safe to import from components.
 */
export const WASTE_TYPES = ["Commercial", "Residential"] as const;
export type WasteType = (typeof WASTE_TYPES)[number];

export const DESCRIPTION_MAX = 200;
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

/** The public generator's answer to a signed-in company user (issue 14, item 8). */
export const COMPANY_AREA_MESSAGE =
  "You are signed in as a carrier: write your waste notes from your company area, so that they are kept with your notes and counted in your plan.";

/** Standard plan: 20 notes per calendar month; premium: unlimited. */
export const STANDARD_MONTHLY_NOTES = 20;
