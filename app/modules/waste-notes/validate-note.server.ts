/**
 * Validates a waste note form (multipart FormData) against the spec's rules and the law's list
 * (reference/waste-transfer-notes.md). Every rule here runs on the server; the browser only helps.
 */
import { z } from "zod";
import { MAX_INPUT_PIXELS, normaliseImage } from "~/platform/images/normalise-image.server";
import type { ImageType } from "~/platform/storage/image-type.server";
import {
  DESCRIPTION_MAX,
  MAX_PHOTOS,
  MESSAGES,
  PARTY_STATUSES,
  PHOTO_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  TRANSFEREE_STATUSES,
  TRANSFEROR_STATUSES,
  WASTE_TYPES,
  type PartyStatus,
} from "./constants";
import { loadContainerTypes, LOOSE } from "./container-types.server";
import { findEwcCode } from "./ewc-codes.server";
import { londonLocalToDate } from "~/platform/dates";

export interface PhotoUpload {
  bytes: Uint8Array;
  type: ImageType;
}

export interface WasteNoteInput {
  collectionDateTime: Date;
  wasteType: (typeof WASTE_TYPES)[number];
  description: string;
  /** Canonical code as in the List of Wastes, e.g. "17 05 03*". */
  ewcCode: string;
  hazardous: boolean;
  weight: number;
  containerType: string;
  containerCount: number | null;
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

const text = (max: number, message: string = MESSAGES.required) =>
  z.string().trim().min(1, message).max(max, `Must be ${max} characters or fewer`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
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
  description: z.string().trim().min(1, MESSAGES.description).max(DESCRIPTION_MAX, MESSAGES.description),
  ewcCode: requiredAs((v) => findEwcCode(v), "Choose a six-digit code from the EWC list"),
  weight: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .transform((v, ctx) => {
      const n = Number(v);
      if (!/^\d+(\.\d{1,2})?$/.test(v) || !Number.isFinite(n)) {
        ctx.addIssue({
          code: "custom",
          message: "Enter a weight in kg of 0 or more, up to 2 decimal places",
        });
        return z.NEVER;
      }
      if (n > 9_999_999_999) {
        ctx.addIssue({ code: "custom", message: "Weight is too large" });
        return z.NEVER;
      }
      return n;
    }),
  containerType: z
    .string()
    .trim()
    .refine((v) => loadContainerTypes().some((c) => c.code === v), "Choose a container type from the list"),
  containerCount: z.string().trim(),
  originAddress: text(500),
  transferorName: text(200),
  transferorAddress: text(500),
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
  carrierAddress: text(500),
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
  transferorSignatureName: text(200),
  transfereeSignatureName: text(200),
  transferorSignature: z.string(),
  transfereeSignature: z.string(),
});

/**
 * Rules that depend on other fields. They run on the raw values, apart from the schema, so that
 * a first submit shows every error at once.
 */
function conditionalErrors(raw: Record<string, unknown>, add: (path: string, message: string) => void): void {
  const str = (name: string) => String(raw[name] ?? "").trim();
  const list = (name: string) => (raw[name] as string[]) ?? [];
  const need = (name: string, message: string) => {
    if (!str(name)) add(name, message);
  };
  const container = str("containerType");
  if (container && container !== LOOSE && !/^[1-9]\d{0,5}$/.test(str("containerCount"))) {
    add("containerCount", "Enter the number of containers (1 or more)");
  }
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
}

const STRING_FIELDS = [
  "collectionDateTime",
  "wasteType",
  "description",
  "ewcCode",
  "weight",
  "containerType",
  "containerCount",
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
      message: result.reason === "too-many-pixels" ? SIGNATURE_TOO_LARGE : SIGNATURE_UNREADABLE,
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
  for (const name of LIST_FIELDS) {
    const list = form.getAll(name).filter((v): v is string => typeof v === "string");
    raw[name] = list;
    values[name] = list;
  }
  return { raw, values };
}

export async function validateWasteNote(form: FormData): Promise<ValidationResult> {
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
  conditionalErrors(raw, add);
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
      description: v.description,
      ewcCode: v.ewcCode.code,
      hazardous: v.ewcCode.hazardous,
      weight: v.weight,
      containerType: v.containerType,
      containerCount: v.containerType === LOOSE ? null : Number(v.containerCount),
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
