/**
 * The claim wizard's fields, step by step (shared by the browser and the server). Each step is
 * validated on its own when the visitor moves on; the final submit validates all of them again.
 */
import * as z from "zod/mini";
import { EMAIL_ADDRESS } from "~/platform/email-address";
import { cleanLine } from "~/platform/one-line";
import {
  CLAIM_TEXT,
  cleanServices,
  MAX_AREAS,
  MAX_SERVICES,
  MIN_PASSWORD,
  PERIODS,
  PLANS,
  splitAreas,
} from "./constants";

const list = z.pipe(
  z.transform((v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v])),
  z.array(z.string().check(z.maxLength(60, "Each service is limited to 60 characters"))),
);

const optionalText = (max: number, message: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === "string" ? v.trim() : v)),
    z.optional(z.string().check(z.maxLength(max, message))),
  );

/** 'example.co.uk' -> 'https://example.co.uk'; anything that is not a web address fails. */
export function normaliseWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes(".") || /\s/.test(value)) return null;
    return url.toString().replace(/\/$/, "");
  } catch {
    return null;
  }
}

/**
 * The contact's name, e-mail and phone; `missing` words the message for each empty field. The name
 * and phone are kept on one line (cleanLine, decision 0257).
 */
function contactFields(missing: { name: string; email: string; phone: string }) {
  return {
    contactName: z
      .string({ error: missing.name })
      .check(
        z.overwrite(cleanLine),
        z.minLength(1, missing.name),
        z.maxLength(200, "Name is limited to 200 characters"),
      ),
    contactEmail: z
      .string({ error: missing.email })
      .check(
        z.trim(),
        z.minLength(1, missing.email),
        z.regex(EMAIL_ADDRESS, "Please enter a valid email address"),
        z.maxLength(254, "Email is limited to 254 characters"),
      ),
    contactPhone: z
      .string({ error: missing.phone })
      .check(
        z.overwrite(cleanLine),
        z.minLength(1, missing.phone),
        z.maxLength(40, "Phone number is limited to 40 characters"),
        z.regex(/^[0-9+()\-.\s]{6,}$/, "Please enter a valid phone number"),
      ),
  };
}

export const accountFields = contactFields({
  name: "Please enter your name",
  email: "Please enter your email address",
  phone: "Please enter your phone number",
});

const passwordFields = {
  password: z
    .string({ error: CLAIM_TEXT.passwordShort })
    .check(z.minLength(MIN_PASSWORD, CLAIM_TEXT.passwordShort), z.maxLength(256, "Password is too long")),
  confirmPassword: z.string({ error: "Please confirm your password" }).check(z.maxLength(256)),
};

const detailFields = {
  website: optionalText(300, "Website is limited to 300 characters").check(
    z.refine((v) => !v || normaliseWebsite(v) !== null, {
      message: "Please enter a valid website address, like www.example.co.uk",
    }),
  ),
  about: optionalText(2000, "About is limited to 2000 characters"),
  services: list.check(
    z.refine((v) => cleanServices(v).length <= MAX_SERVICES, {
      message: `Choose at most ${MAX_SERVICES} services`,
    }),
  ),
  areas: optionalText(1000, "Areas covered is limited to 1000 characters").check(
    z.refine((v) => !v || splitAreas(v).length <= MAX_AREAS, {
      message: `List at most ${MAX_AREAS} areas`,
    }),
  ),
  newService: z.optional(z.string().check(z.maxLength(60, "Each service is limited to 60 characters"))),
};

const planFields = {
  plan: z._default(z.enum(PLANS, { error: "Please choose a plan" }), "standard"),
  period: z._default(z.enum(PERIODS, { error: "Please choose monthly or yearly" }), "monthly"),
};

function matchPasswords<S extends z.ZodMiniType<{ password: string; confirmPassword: string }>>(schema: S) {
  return schema.check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: CLAIM_TEXT.passwordMismatch,
      path: ["confirmPassword"],
    }),
  );
}

/** Step 1 (Verify Business). `signedIn`: the claim uses the visitor's own account, no password. */
export function stepOneSchema(signedIn: boolean) {
  return signedIn
    ? z.object(accountFields)
    : matchPasswords(z.object({ ...accountFields, ...passwordFields }));
}
export const stepTwoSchema = z.object(detailFields);
export const stepThreeSchema = z.object(planFields);

/** Everything, for the final submit. */
export function claimSchema(signedIn: boolean) {
  const base = z.object({ ...accountFields, ...detailFields, ...planFields });
  return signedIn
    ? base
    : matchPasswords(z.object({ ...accountFields, ...passwordFields, ...detailFields, ...planFields }));
}

/** Which fields each step owns (to show a step's errors and to find the first step with errors). */
export const STEP_FIELDS: Record<1 | 2 | 3, string[]> = {
  1: ["contactName", "contactEmail", "contactPhone", "password", "confirmPassword"],
  2: ["website", "about", "services", "areas", "newService"],
  3: ["plan", "period"],
};

export type ClaimFormValue = z.infer<ReturnType<typeof claimSchema>>;

/** Add Provider (admins): the register number, the owner's contact details, plan and notes. */
export const addProviderSchema = z.object({
  registrationNumber: z
    .string({ error: CLAIM_TEXT.enterNumber })
    .check(z.trim(), z.minLength(1, CLAIM_TEXT.enterNumber), z.maxLength(40, CLAIM_TEXT.notFound)),
  ...contactFields({
    name: "Please enter the owner's name",
    email: "Please enter the owner's email address",
    phone: "Please enter a phone number",
  }),
  ...planFields,
  freeTrial: z.optional(z.literal("on")),
  adminNotes: z.optional(z.string().check(z.maxLength(2000, "Notes are limited to 2000 characters"))),
});

/** The first message for each field that has one. */
export function firstErrors<K extends string>(error: z.core.$ZodError): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "") as K;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
