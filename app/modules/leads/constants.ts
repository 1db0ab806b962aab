/**
 * The visitor forms' shared rules (spec public-side sections 5 and 9): the lead form's choices,
 * the UK postcode check and field size limits. Pure: used by forms and servers.
 */
import { ukDaysFrom } from "~/platform/dates";
import { EMAIL_ADDRESS } from "~/platform/email-address";
import { cleanLine } from "~/platform/one-line";
import * as z from "zod/mini";

export const LOAD_SIZES = [
  { value: "single", label: "Single Item" },
  { value: "small", label: "Car Load" },
  { value: "medium", label: "Small Van" },
  { value: "large", label: "Large Van" },
] as const;
export type LoadSize = (typeof LOAD_SIZES)[number]["value"];

export function loadSizeLabel(value: string | null | undefined): string {
  return LOAD_SIZES.find((l) => l.value === value)?.label ?? "Not specified";
}

/** ASAP plus 15 one-hour slots from 7:00 to 22:00 (values '7:00', labels '7:00 - 8:00'). */
export const TIME_SLOTS: { value: string; label: string }[] = [
  { value: "asap", label: "ASAP" },
  ...Array.from({ length: 15 }, (_, i) => ({ value: `${i + 7}:00`, label: `${i + 7}:00 - ${i + 8}:00` })),
];

export const DATE_CHOICES = 10;

/** The next 10 days starting today (UK calendar), as 'YYYY-MM-DD'. */
export function dateChoices(now: Date = new Date()): string[] {
  return ukDaysFrom(now, DATE_CHOICES);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 'YYYY-MM-DD' as 'Mon 5 Mar' (no time-zone shifts). */
export function dateChoiceLabel(value: string): string {
  const d = new Date(`${value}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** Field size limits (the database checks the same or looser bounds). */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  description: 2000,
  message: 2000,
  subject: 150,
  reviewText: 2000,
  serviceType: 100,
} as const;

/** Photos: JPEG, PNG, GIF or WebP by content, at most 10 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Whole multipart bodies above this are refused before they are read. */
export const MAX_FORM_BYTES = MAX_PHOTO_BYTES + 256 * 1024;

const POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;
export const POSTCODE_MESSAGE = "Please enter a valid UK postcode, for example SW1A 1AA";

/** 'sw1a1aa' -> 'SW1A 1AA'; null when it is not a UK postcode. */
export function normalisePostcode(value: string): string | null {
  const compact = value.toUpperCase().replace(/\s+/g, "");
  if (!POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A zod transform: the postcode in its usual form, or the issue POSTCODE_MESSAGE. */
export function toPostcode(value: string, ctx: z.core.ParsePayload): string {
  const p = normalisePostcode(value);
  if (!p) {
    ctx.issues.push({ code: "custom", message: POSTCODE_MESSAGE, input: value });
    return z.NEVER;
  }
  return p;
}

/** A required trimmed text: `missing` when absent or blank, `tooLong` over `max` characters. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));

/**
 * A required one-line text (`cleanLine`: tabs and line breaks become spaces, other control
 * characters are dropped, spaces collapsed, ends trimmed; decision 0257): `missing` when absent or
 * blank, `tooLong` over `max` characters.
 */
export const requiredLine = (max: number, missing: string, tooLong: string) =>
  z
    .string({ error: missing })
    .check(z.overwrite(cleanLine), z.minLength(1, missing), z.maxLength(max, tooLong));

/** The sender's name on a visitor form (one line). */
export const nameField = (missing: string) =>
  requiredLine(LIMITS.name, missing, `Please keep your name under ${LIMITS.name} characters`);

/** The sender's e-mail address on a visitor form (trimmed, as typed): one address (decision 0259). */
export const emailField = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.maxLength(LIMITS.email, "Please enter a valid email address"),
      z.regex(EMAIL_ADDRESS, "Please enter a valid email address"),
    );

/** The message of a visitor form. */
export const messageField = (missing: string) =>
  requiredText(LIMITS.message, missing, `Please keep your message under ${LIMITS.message} characters`);

/** An optional trimmed text: '' becomes undefined. */
export const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, message))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );

/** An optional one-line text (`cleanLine`, as `requiredLine`): '' becomes undefined. */
export const optionalLine = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.overwrite(cleanLine), z.maxLength(max, message))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );
