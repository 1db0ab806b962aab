/**
 * A company's saved receiving sites and customers (decision 0710): the fields of their forms on
 * /company/sites and /company/customers, their limits (as migration 1050's checks) and messages,
 * and the parsing the server does of each form. Browser-safe (the pages show the same labels).
 */
import * as z from "zod/mini";
import { normalisePostcode, POSTCODE_MESSAGE } from "~/modules/leads/constants";
import { isEmailAddress, normaliseEmail } from "~/platform/email-address";

export type SavedPartyKind = "site" | "customer";

export interface SavedSiteInput {
  name: string;
  authorisation: string;
  address: string;
  postcode: string;
}

export interface SavedCustomerInput {
  name: string;
  address: string;
  email: string | null;
  sicCode: string | null;
  originAddress: string;
}

/** The form's fields of each kind, in order, with their labels and limits. */
export const SAVED_PARTY_FIELDS = {
  site: [
    { name: "name", label: "Site name", max: 200, required: true, multiline: false },
    {
      name: "authorisation",
      label: "Permit or exemption number",
      max: 100,
      required: true,
      multiline: false,
    },
    { name: "address", label: "Address", max: 500, required: true, multiline: true },
    { name: "postcode", label: "Postcode", max: 10, required: true, multiline: false },
  ],
  customer: [
    { name: "name", label: "Customer name", max: 200, required: true, multiline: false },
    { name: "address", label: "Customer address", max: 500, required: true, multiline: true },
    { name: "email", label: "Customer e-mail", max: 254, required: false, multiline: false },
    { name: "sicCode", label: "SIC code (2007)", max: 5, required: false, multiline: false },
    { name: "originAddress", label: "Usual collection address", max: 500, required: false, multiline: true },
  ],
} as const;

export type SavedPartyField<K extends SavedPartyKind> = (typeof SAVED_PARTY_FIELDS)[K][number]["name"];

export const SAVED_PARTY_TEXT = {
  site: {
    one: "site",
    title: "Saved Sites",
    intro:
      "Receiving sites your waste goes to (transfer stations, landfill, recycling yards). Saved here, or from a note you write, they are offered on your next note.",
    add: "Add a site",
    duplicate: "You already have a saved site with this name",
    created: "Site saved",
    updated: "Site updated",
    deleted: "Site deleted",
    empty: "No saved sites yet. Add one, or write a note with a receiving site: it is saved for next time.",
  },
  customer: {
    one: "customer",
    title: "Saved Customers",
    intro:
      "Customers you collect from (the transferor on a note). Saved here, or from a note you write, they are offered on your next note.",
    add: "Add a customer",
    duplicate: "You already have a saved customer with this name",
    created: "Customer saved",
    updated: "Customer updated",
    deleted: "Customer deleted",
    empty: "No saved customers yet. Add one, or write a note: its customer is saved for next time.",
  },
  notFound: "That saved entry was not found: it may have been deleted.",
  noMatches: "Nothing matches your search.",
} as const;

const required = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `Enter the ${label.toLowerCase()}`),
      z.maxLength(max, `${label} must be ${max} characters or fewer`),
    );
const optional = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer`));

const siteSchema = z.object({
  name: required("Site name", 200),
  authorisation: required("Permit or exemption number", 100),
  address: required("Address", 500),
  postcode: z.pipe(
    z.string().check(z.trim(), z.minLength(1, "Enter the postcode")),
    z.transform((v: string, ctx) => {
      const p = normalisePostcode(v);
      if (!p) ctx.issues.push({ code: "custom", message: POSTCODE_MESSAGE, input: v });
      return p ?? v;
    }),
  ),
});

const customerSchema = z.object({
  name: required("Customer name", 200),
  address: required("Customer address", 500),
  email: z.pipe(
    optional("Customer e-mail", 254).check(
      z.refine((v) => v === "" || isEmailAddress(v), "Enter a valid e-mail address, like name@example.com"),
    ),
    z.transform((v: string) => (v === "" ? null : normaliseEmail(v))),
  ),
  sicCode: z.pipe(
    z
      .pipe(
        z.string(),
        z.transform((v: string) => v.replace(/\s+/g, "")),
      )
      .check(z.refine((v) => v === "" || /^\d{5}$/.test(v), "Enter a 5-digit SIC (2007) code")),
    z.transform((v: string) => (v === "" ? null : v)),
  ),
  originAddress: optional("Usual collection address", 500),
});

export type SavedPartyValues = Record<string, string>;
export type SavedPartyErrors = Record<string, string>;

export type ParsedSavedParty<T> =
  { ok: true; data: T } | { ok: false; errors: SavedPartyErrors; values: SavedPartyValues };

function formValues(kind: SavedPartyKind, form: FormData): SavedPartyValues {
  const values: SavedPartyValues = {};
  for (const f of SAVED_PARTY_FIELDS[kind]) {
    const v = form.get(f.name);
    values[f.name] = typeof v === "string" ? v : "";
  }
  return values;
}

function parseWith<T>(schema: z.ZodMiniType<T>, values: SavedPartyValues): ParsedSavedParty<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: SavedPartyErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors, values };
}

export function parseSavedSite(form: FormData): ParsedSavedParty<SavedSiteInput> {
  return parseWith(siteSchema, formValues("site", form));
}

export function parseSavedCustomer(form: FormData): ParsedSavedParty<SavedCustomerInput> {
  return parseWith(customerSchema, formValues("customer", form));
}
