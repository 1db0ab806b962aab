/**
 * The rules of the Listing Details form, shared by the server (which enforces them) and the
 * browser (which mirrors the tag rules). A company user may change only these fields of their
 * listing: business name, description (about), phone, e-mail, services and logo.
 */
import { EMAIL_ADDRESS } from "~/platform/email-address";
import { cleanLine } from "~/platform/one-line";
import * as z from "zod/mini";

export const SERVICES_MAX = 30;
export const SERVICE_MAX_CHARS = 60;
export const ABOUT_MAX = 2000;
export const BUSINESS_NAME_MAX = 200;

export const LISTING_MESSAGES = {
  published: "Your changes have been published",
  draft: "Your changes have been saved as a draft until approval",
  saveFailed: "Failed to save changes",
  logoUploaded: "Logo uploaded successfully",
  logoUploadFailed: "Failed to upload logo",
  logoRemoved: "Logo removed successfully",
  logoRemoveFailed: "Failed to remove logo",
  logoNotImage: "Please upload a valid image file (JPG, PNG, GIF)",
  logoTooLarge: "Logo must be smaller than 5MB",
  logoMissing: "Please choose an image file to upload",
  logoNotSquare: "For best results use a square image of at least 512x512 pixels.",
  loadFailed: "Could not load your business data",
  unexpected: "An unexpected error occurred",
  noListing: "There is no business listing linked to your account.",
  suspended:
    "Your listing is suspended: its details, services and logo cannot be changed while it is suspended. Please contact us.",
} as const;

/**
 * Service tags: trimmed, inner spaces collapsed, blank entries dropped and duplicates
 * (case-insensitive) ignored; the first spelling wins.
 */
export function normaliseServices(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of entries) {
    const tag = raw.replace(/\s+/g, " ").trim();
    if (!tag) continue;
    const key = tag.toLocaleLowerCase("en-GB");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The services sent by the form: tag inputs (`services`) plus the no-JavaScript textarea, one per line. */
export function servicesFromForm(form: FormData): string[] {
  const tags = form.getAll("services").filter((v): v is string => typeof v === "string");
  const text = form.get("servicesText");
  const lines = typeof text === "string" ? text.split(/\r?\n/) : [];
  return normaliseServices([...tags, ...lines]);
}

const optionalText = (max: number, message: string) =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(max, message)),
    z.transform((v: string) => (v === "" ? null : v)),
  );

export const listingDetailsSchema = z.object({
  // One line (cleanLine, decision 0257): a line break would show as a second line wherever the name is.
  businessName: z
    .string({ error: "Business name is required" })
    .check(
      z.overwrite(cleanLine),
      z.minLength(1, "Business name is required"),
      z.maxLength(BUSINESS_NAME_MAX, `Business name must be ${BUSINESS_NAME_MAX} characters or fewer`),
    ),
  about: optionalText(ABOUT_MAX, `Description must be ${ABOUT_MAX} characters or fewer`),
  phone: optionalText(40, "Please enter a valid phone number").check(
    z.refine(
      (v) =>
        v === null ||
        (/^\+?[0-9 ()-]+$/.test(v) && v.replace(/\D/g, "").length >= 7 && v.replace(/\D/g, "").length <= 15),
      "Please enter a valid phone number",
    ),
  ),
  email: optionalText(254, "Please enter a valid email address").check(
    z.refine((v) => v === null || EMAIL_ADDRESS.test(v), "Please enter a valid email address"),
  ),
  services: z
    .array(
      z
        .string()
        .check(
          z.maxLength(SERVICE_MAX_CHARS, `Each service must be ${SERVICE_MAX_CHARS} characters or fewer`),
        ),
    )
    .check(z.maxLength(SERVICES_MAX, `At most ${SERVICES_MAX} services`)),
});

export type ListingDetails = z.output<typeof listingDetailsSchema>;
export type ListingFieldErrors = Partial<Record<keyof ListingDetails, string[]>>;

export type ParsedListing =
  | { ok: true; data: ListingDetails }
  | {
      ok: false;
      errors: ListingFieldErrors;
      values: { businessName: string; about: string; phone: string; email: string; services: string[] };
    };

/** Reads the Listing Details form. Fields other than the allowed ones are never read. */
export function parseListingDetails(form: FormData): ParsedListing {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values = {
    businessName: text("businessName"),
    about: text("about"),
    phone: text("phone"),
    email: text("email"),
    services: servicesFromForm(form),
  };
  const result = listingDetailsSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ListingFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ListingDetails;
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, errors, values };
}
