/**
 * Validates a waste note form (multipart FormData) against the spec's rules and the law's list
 * (reference/waste-transfer-notes.md). Every rule here runs on the server; the browser only helps.
 */
import { z } from "zod";
import { IMAGE_MESSAGES, MAX_INPUT_PIXELS, normaliseImage } from "~/platform/images/normalise-image.server";
import type { ImageType } from "~/platform/storage/image-type.server";
import {
  ITEM_MESSAGES,
  MAX_PHOTOS,
  MESSAGES,
  PARTY_STATUSES,
  PHOTO_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  TRANSFEREE_STATUSES,
  TRANSFEROR_STATUSES,
  TRANSPORT_MEANS,
  WASTE_TYPES,
  type PartyStatus,
  type TransportMeans,
} from "./constants";
import { isConsignmentCode, normaliseConsignmentCode, seasonTicketProblem } from "./note-rules";
import { itemValues, readItems, type WasteItemInput } from "./validate-items.server";
import { londonLocalToDate, ukDay } from "~/platform/dates";
import { isEmailAddress, normaliseEmail } from "~/platform/email-address";
import { cleanLine } from "~/platform/one-line";

export type { WasteItemInput } from "./validate-items.server";

export interface PhotoUpload {
  bytes: Uint8Array;
  type: ImageType;
}

export interface WasteNoteInput {
  collectionDateTime: Date;
  wasteType: (typeof WASTE_TYPES)[number];
  /** The waste items, in order (1 to 20). */
  items: WasteItemInput[];
  /** Any item is hazardous. */
  hazardous: boolean;
  /** All four details, or null. */
  receivingSite: { name: string; authorisation: string; address: string; postcode: string } | null;
  transportMeans: TransportMeans;
  /** Upper case, without spaces; required when an item is hazardous. */
  consignmentCode: string | null;
  /** Normalised (lower case); the company form only. */
  customerEmail: string | null;
  /** 'YYYY-MM-DD': a season ticket's last day, or null for a single transfer. */
  seasonTicketUntil: string | null;
  originAddress: string;
  transferorName: string;
  transferorAddress: string;
  transferorSicCode: string | null;
  transferorStatus: PartyStatus[];
  transferorPermitNumber: string | null;
  transferorExemption: string | null;
  transferorRegistration: string | null;
  carrierCompany: string;
  carrierAddress: string;
  carrierLicense: string;
  transfereeStatus: PartyStatus[];
  transfereePermitNumber: string | null;
  transfereeExemption: string | null;
  vehicleReg: string;
  brokerName: string | null;
  brokerRegistration: string | null;
  wasteHierarchyConfirmed: true;
  transferorSignatureName: string;
  transfereeSignatureName: string;
  transferorSignature: Uint8Array | null;
  transfereeSignature: Uint8Array | null;
  photos: PhotoUpload[];
}

export type FieldErrors = Partial<Record<string, string[]>>;
/** What the user sent, echoed back into the form when it has errors (never files). */
export type FormValues = Record<string, string | string[]>;

export type ValidationResult =
  { ok: true; data: WasteNoteInput } | { ok: false; errors: FieldErrors; values: FormValues };

/**
 * Fields are one line (`cleanLine`: tabs and line breaks become spaces, as the page shows them and
 * the PDF must print them), except the addresses typed in the form's two-line boxes (`lines`),
 * which keep their line breaks and are trimmed.
 */
type Shape = "line" | "lines";
const shaped = (shape: Shape) => (shape === "line" ? z.string().overwrite(cleanLine) : z.string().trim());
const text = (max: number, message: string = MESSAGES.required, shape: Shape = "line") =>
  shaped(shape).min(1, message).max(max, `Must be ${max} characters or fewer`);
const optionalText = (max: number) =>
  shaped("line")
    .max(max, `Must be ${max} characters or fewer`)
    .transform((v) => (v === "" ? null : v));

/** A required text read by `parse`; `message` when it reads nothing. */
const requiredAs = <T>(parse: (value: string) => T | null, message: string) =>
  z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .transform((v, ctx) => {
      const value = parse(v);
      if (value === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

const statusList = (allowed: PartyStatus[]) =>
  z
    .array(z.string())
    .transform((list) => [...new Set(list)])
    .pipe(
      z
        .array(z.enum(allowed as [PartyStatus, ...PartyStatus[]], "Choose a status from the list"))
        .min(1, "Choose at least one status"),
    );

const fieldsSchema = z.object({
  collectionDateTime: requiredAs(londonLocalToDate, "Enter a valid date and time"),
  wasteType: z.enum(WASTE_TYPES, MESSAGES.required),
  originAddress: text(500, MESSAGES.required, "lines"),
  transferorName: text(200),
  transferorAddress: text(500, MESSAGES.required, "lines"),
  transferorSicCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => v === "" || /^\d{5}$/.test(v), "Enter a 5-digit SIC (2007) code")
    .transform((v) => (v === "" ? null : v)),
  transferorStatus: statusList(TRANSFEROR_STATUSES),
  transferorPermitNumber: optionalText(100),
  transferorExemption: optionalText(200),
  transferorRegistration: optionalText(50),
  carrierCompany: text(200),
  carrierAddress: text(500, MESSAGES.required, "lines"),
  carrierLicense: text(50),
  transfereeStatus: statusList(TRANSFEREE_STATUSES),
  transfereePermitNumber: optionalText(100),
  transfereeExemption: optionalText(200),
  vehicleReg: text(20),
  brokerArranged: z.string(),
  brokerName: optionalText(200),
  brokerRegistration: optionalText(50),
  wasteHierarchy: z
    .string()
    .refine(
      (v) => v === "on" || v === "yes" || v === "true",
      "You must confirm the waste hierarchy declaration",
    ),
  // Required unless the customer signs remotely (see conditionalErrors).
  transferorSignatureName: optionalText(200).transform((v) => v ?? ""),
  transfereeSignatureName: text(200),
  transferorSignature: z.string(),
  transfereeSignature: z.string(),
  receivingSiteName: optionalText(200),
  receivingSiteAuthorisation: optionalText(100),
  receivingSiteAddress: optionalText(500),
  receivingSitePostcode: optionalText(10).transform((v) => v?.toUpperCase() ?? null),
  transportMeans: z
    .string()
    .trim()
    .transform((v) => v || "Road")
    .pipe(z.enum(TRANSPORT_MEANS, ITEM_MESSAGES.transportMeans)),
  consignmentCode: z
    .string()
    .transform(normaliseConsignmentCode)
    .refine((v) => v === "" || isConsignmentCode(v), ITEM_MESSAGES.consignmentFormat)
    .transform((v) => (v === "" ? null : v)),
  customerEmail: z
    .string()
    .transform(normaliseEmail)
    .refine((v) => v === "" || isEmailAddress(v), ITEM_MESSAGES.customerEmail)
    .transform((v) => (v === "" ? null : v)),
  seasonTicketUntil: z.string().trim(),
});

/**
 * Rules that depend on other fields. They run on the raw values, apart from the schema, so that
 * a first submit shows every error at once.
 */
function conditionalErrors(
  raw: Record<string, unknown>,
  add: (path: string, message: string) => void,
  company: boolean,
): void {
  const str = (name: string) => String(raw[name] ?? "").trim();
  const list = (name: string) => (raw[name] as string[]) ?? [];
  const need = (name: string, message: string) => {
    if (!str(name)) add(name, message);
  };
  if (!list("transferorStatus").includes("householder"))
    need("transferorSicCode", "Required for a business (enter the 5-digit SIC code)");
  if (list("transferorStatus").includes("permit_holder"))
    need("transferorPermitNumber", "Enter the permit number");
  if (list("transferorStatus").includes("exempt")) need("transferorExemption", "Enter the exemption");
  if (list("transferorStatus").includes("registered_carrier"))
    need("transferorRegistration", "Enter the registration number");
  if (list("transfereeStatus").includes("permit_holder"))
    need("transfereePermitNumber", "Enter the permit number");
  if (list("transfereeStatus").includes("exempt")) need("transfereeExemption", "Enter the exemption");
  if (str("brokerArranged") === "on") {
    need("brokerName", "Enter the broker or dealer's name");
    need("brokerRegistration", "Enter the broker or dealer's registration number");
  }
  // The transferor signs here, or (company notes with the customer's e-mail, nothing drawn) later
  // through the e-mailed link (decision 0712): the note then awaits the customer's signature.
  const drawn = str("transferorSignature") !== "";
  if (!(company && !drawn && str("customerEmail") !== ""))
    need(
      "transferorSignatureName",
      company && !drawn
        ? "Enter the transferor's name, or give the customer's e-mail so they can sign remotely"
        : MESSAGES.required,
    );
}

/**
 * The note-level rules of issue 19: the receiving site all or nothing, the consignment code of
 * hazardous waste, the season ticket's dates (non-hazardous waste only, at most 12 months).
 */
function noteErrors(
  raw: Record<string, unknown>,
  hazardous: boolean,
  add: (path: string, message: string) => void,
): void {
  const str = (name: string) => String(raw[name] ?? "").trim();
  const site = [
    "receivingSiteName",
    "receivingSiteAuthorisation",
    "receivingSiteAddress",
    "receivingSitePostcode",
  ];
  if (site.some((f) => str(f) !== "")) {
    for (const f of site) if (str(f) === "") add(f, ITEM_MESSAGES.receivingSite);
  }
  if (hazardous && str("consignmentCode") === "") add("consignmentCode", ITEM_MESSAGES.consignmentRequired);
  const until = str("seasonTicketUntil");
  if (until !== "") {
    const collected = londonLocalToDate(str("collectionDateTime"));
    const problem = seasonTicketProblem(until, collected ? ukDay(collected) : null, hazardous);
    if (problem) add("seasonTicketUntil", problem);
  }
}

const STRING_FIELDS = [
  "collectionDateTime",
  "wasteType",
  "originAddress",
  "transferorName",
  "transferorAddress",
  "transferorSicCode",
  "transferorPermitNumber",
  "transferorExemption",
  "transferorRegistration",
  "carrierCompany",
  "carrierAddress",
  "carrierLicense",
  "transfereePermitNumber",
  "transfereeExemption",
  "vehicleReg",
  "brokerArranged",
  "brokerName",
  "brokerRegistration",
  "wasteHierarchy",
  "transferorSignatureName",
  "transfereeSignatureName",
  "transferorSignature",
  "transfereeSignature",
  "receivingSiteName",
  "receivingSiteAuthorisation",
  "receivingSiteAddress",
  "receivingSitePostcode",
  "transportMeans",
  "consignmentCode",
  "customerEmail",
  "seasonTicketUntil",
  "correctionOf",
] as const;
const LIST_FIELDS = ["transferorStatus", "transfereeStatus"] as const;

const SIGNATURE_UNREADABLE = "The drawn signature could not be read. Please clear it and sign again.";
const SIGNATURE_TOO_LARGE = "The drawn signature is too large. Please clear it and sign again.";

/**
 * Reads a drawn signature: a PNG data URL, checked by content and size, then decoded and written
 * again as a clean PNG (decision 0005). Empty means none.
 */
export async function readSignature(
  dataUrl: string,
): Promise<{ ok: true; png: Uint8Array | null } | { ok: false; message: string }> {
  if (dataUrl === "") return { ok: true, png: null };
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return { ok: false, message: SIGNATURE_UNREADABLE };
  if ((match[1].length * 3) / 4 > SIGNATURE_MAX_BYTES) return { ok: false, message: SIGNATURE_TOO_LARGE };
  const result = await normaliseImage(Buffer.from(match[1], "base64"), "signature", {
    accept: ["image/png"],
  });
  if (!result.ok)
    return {
      ok: false,
      message:
        result.reason === "too-many-pixels"
          ? SIGNATURE_TOO_LARGE
          : result.reason === "busy"
            ? IMAGE_MESSAGES.busy
            : SIGNATURE_UNREADABLE,
    };
  return { ok: true, png: result.image.bytes };
}

/**
 * Reads the chosen photos: at most 3, each a JPEG, PNG, GIF or WebP image (by content) of at most
 * 10 MB that decodes completely; each is written again as a clean JPEG (decision 0005).
 */
export async function readPhotos(
  files: FormDataEntryValue[],
): Promise<{ ok: true; photos: PhotoUpload[] } | { ok: false; message: string }> {
  const chosen = files.filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (chosen.length > MAX_PHOTOS) return { ok: false, message: MESSAGES.photos };
  const photos: PhotoUpload[] = [];
  for (const file of chosen) {
    if (file.size > PHOTO_MAX_BYTES)
      return { ok: false, message: `Each photo must be 10 MB or smaller (${file.name} is too large)` };
    const result = await normaliseImage(new Uint8Array(await file.arrayBuffer()), "photo");
    if (!result.ok) {
      const message = {
        "not-image": `Photos must be JPEG, PNG, GIF or WebP images (${file.name} is not)`,
        "too-many-pixels": `${file.name} has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please choose a smaller photo.`,
        unreadable: `${file.name} could not be read as an image. Please choose another photo.`,
        busy: IMAGE_MESSAGES.busy,
      }[result.reason];
      return { ok: false, message };
    }
    photos.push({ bytes: result.image.bytes, type: result.image.type });
  }
  return { ok: true, photos };
}

/** The form's text and list fields: as parsed (`raw`) and as echoed back to the form (`values`). */
function readFormFields(form: FormData): { raw: Record<string, unknown>; values: FormValues } {
  const raw: Record<string, unknown> = {};
  const values: FormValues = {};
  for (const name of STRING_FIELDS) {
    const v = form.get(name);
    raw[name] = typeof v === "string" ? v : "";
    // Drawn signatures are not echoed back (they may be large); the user signs again.
    if (!name.endsWith("Signature")) values[name] = raw[name] as string;
  }
  Object.assign(values, itemValues(form));
  for (const name of LIST_FIELDS) {
    const list = form.getAll(name).filter((v): v is string => typeof v === "string");
    raw[name] = list;
    values[name] = list;
  }
  return { raw, values };
}

/** The receiving site, transport, consignment code, customer and season ticket, as checked. */
function issue19Fields(v: z.output<typeof fieldsSchema>) {
  return {
    receivingSite: v.receivingSiteName
      ? {
          name: v.receivingSiteName,
          authorisation: v.receivingSiteAuthorisation ?? "",
          address: v.receivingSiteAddress ?? "",
          postcode: v.receivingSitePostcode ?? "",
        }
      : null,
    transportMeans: v.transportMeans,
    consignmentCode: v.consignmentCode,
    customerEmail: v.customerEmail,
    seasonTicketUntil: v.seasonTicketUntil === "" ? null : v.seasonTicketUntil,
  };
}

/** `company`: a company's note, whose customer may sign later through an e-mailed link. */
export async function validateWasteNote(
  form: FormData,
  { company = false }: { company?: boolean } = {},
): Promise<ValidationResult> {
  const { raw, values } = readFormFields(form);

  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = fieldsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? "form"), issue.message);
  }
  conditionalErrors(raw, add, company);
  const items = readItems(form, add);
  const hazardous = items.some((i) => i.hazardous);
  noteErrors(raw, hazardous, add);
  const photos = await readPhotos(form.getAll("photos"));
  if (!photos.ok) add("photos", photos.message);
  const signatures = {
    transferorSignature: await readSignature(String(raw.transferorSignature)),
    transfereeSignature: await readSignature(String(raw.transfereeSignature)),
  };
  for (const [name, result] of Object.entries(signatures)) if (!result.ok) add(name, result.message);

  if (
    !parsed.success ||
    Object.keys(errors).length > 0 ||
    !photos.ok ||
    !signatures.transferorSignature.ok ||
    !signatures.transfereeSignature.ok
  ) {
    return { ok: false, errors, values };
  }
  const v = parsed.data;
  const has = (list: PartyStatus[], s: PartyStatus) => list.includes(s);
  const broker = v.brokerArranged === "on";
  return {
    ok: true,
    data: {
      collectionDateTime: v.collectionDateTime,
      wasteType: v.wasteType,
      items,
      hazardous,
      ...issue19Fields(v),
      originAddress: v.originAddress,
      transferorName: v.transferorName,
      transferorAddress: v.transferorAddress,
      transferorSicCode: v.transferorSicCode,
      transferorStatus: v.transferorStatus,
      transferorPermitNumber: has(v.transferorStatus, "permit_holder") ? v.transferorPermitNumber : null,
      transferorExemption: has(v.transferorStatus, "exempt") ? v.transferorExemption : null,
      transferorRegistration: has(v.transferorStatus, "registered_carrier")
        ? (v.transferorRegistration?.toUpperCase() ?? null)
        : null,
      carrierCompany: v.carrierCompany,
      carrierAddress: v.carrierAddress,
      carrierLicense: v.carrierLicense.toUpperCase(),
      transfereeStatus: v.transfereeStatus,
      transfereePermitNumber: has(v.transfereeStatus, "permit_holder") ? v.transfereePermitNumber : null,
      transfereeExemption: has(v.transfereeStatus, "exempt") ? v.transfereeExemption : null,
      vehicleReg: v.vehicleReg.toUpperCase(),
      brokerName: broker ? v.brokerName : null,
      brokerRegistration: broker ? (v.brokerRegistration?.toUpperCase() ?? null) : null,
      wasteHierarchyConfirmed: true,
      transferorSignatureName: v.transferorSignatureName,
      transfereeSignatureName: v.transfereeSignatureName,
      transferorSignature: signatures.transferorSignature.ok ? signatures.transferorSignature.png : null,
      transfereeSignature: signatures.transfereeSignature.ok ? signatures.transfereeSignature.png : null,
      photos: photos.photos,
    },
  };
}

export const statusLabel = (s: string) => PARTY_STATUSES[s as PartyStatus] ?? s;
