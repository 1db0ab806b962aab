/**
 * Every form that takes an e-mail address we mail or count uses the one rule (decision 0259), each
 * with its own message as before: the lead, quote, contact and review forms, the claim and Add
 * Provider forms, the carrier report, Listing Details and the saved customer. The same schemas run
 * in the browser; no database.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { addProviderSchema, stepOneSchema } from "../claims/claim-form";
import { listingDetailsSchema } from "../company/listing-rules";
import { contactSchema } from "../contact/contact-schema";
import { quoteSchema } from "../quotes/quote-schema";
import { reportSchema } from "../reports/report-schema";
import { REVIEW_MESSAGES, reviewSchema } from "../reviews/review-schema";
import { parseSavedCustomer } from "../waste-notes/saved-party-input";
import { leadSchema } from "./lead-schema";

const NOW = new Date("2026-03-10T10:00:00Z");

/** Each was taken by the old pattern and delivered to victim@gmail.com alone. */
const SMUGGLED = [
  "1,victim@gmail.com",
  "a;victim@gmail.com",
  "foo<victim@gmail.com>",
  "victim@gmail.com(x)",
  "victim@gmail.com,www.evil.example/prize",
  "Victim <victim@gmail.com>",
  '"victim"@gmail.com',
  "victim@gmail.com:x",
  "a\\victim@gmail.com",
];
const GOOD = ["ann+1@example.co.uk", "o'brien@example.test", "  Ann@Example.test  "];

const FORMS: Record<
  string,
  { schema: z.ZodMiniType; valid: Record<string, unknown>; field: string; message: string }
> = {
  lead: {
    schema: leadSchema(NOW),
    valid: { description: "Old sofa", preferredDate: "2026-03-12", name: "Ann", postcode: "m1 1ae" },
    field: "email",
    message: "Please enter a valid email address",
  },
  quote: {
    schema: quoteSchema,
    valid: { name: "Ann", message: "Please quote" },
    field: "email",
    message: "Please enter a valid email address",
  },
  contact: {
    schema: contactSchema,
    valid: { name: "Ann", subject: "Hello", message: "Hi there" },
    field: "email",
    message: "Please enter a valid email address",
  },
  review: {
    schema: reviewSchema,
    valid: { name: "Ann", text: "Good work" },
    field: "email",
    message: REVIEW_MESSAGES.invalidEmail.description,
  },
  claim: {
    schema: stepOneSchema(true),
    valid: { contactName: "Ann", contactPhone: "0161 496 0000" },
    field: "contactEmail",
    message: "Please enter a valid email address",
  },
  addProvider: {
    schema: addProviderSchema,
    valid: { registrationNumber: "CBDU1", contactName: "Ann", contactPhone: "0161 496 0000" },
    field: "contactEmail",
    message: "Please enter a valid email address",
  },
  report: {
    schema: reportSchema,
    valid: { reason: "Other", details: "They dumped waste in a lane" },
    field: "email",
    message: "Enter a valid e-mail address",
  },
  listing: {
    schema: listingDetailsSchema,
    valid: { businessName: "Acme", about: "", phone: "", services: [] as string[] },
    field: "email",
    message: "Please enter a valid email address",
  },
};

describe("one e-mail rule on every form", () => {
  for (const [form, { schema, valid, field, message }] of Object.entries(FORMS)) {
    it(`${form}: ${field} refuses an address list, a display name or a comment with its own message`, () => {
      for (const typed of SMUGGLED) {
        const r = z.safeParse(schema, { ...valid, [field]: typed });
        expect(r.success, `${form} ${JSON.stringify(typed)}`).toBe(false);
        expect(
          r.error?.issues.filter((i) => i.path[0] === field).map((i) => i.message),
          `${form} ${JSON.stringify(typed)}`,
        ).toEqual([message]);
        expect(r.error?.issues.every((i) => i.path[0] === field)).toBe(true);
      }
    });

    it(`${form}: ${field} takes ordinary addresses (+tags, apostrophes, capitals; trimmed)`, () => {
      for (const typed of GOOD) {
        const r = z.safeParse(schema, { ...valid, [field]: typed });
        expect(r.error?.issues ?? [], `${form} ${JSON.stringify(typed)}`).toEqual([]);
        expect(String((r.data as Record<string, unknown>)[field]).toLowerCase()).toBe(
          typed.trim().toLowerCase(),
        );
      }
    });
  }

  it("the saved customer's e-mail: the same rule, its own message", () => {
    const form = (email: string) => {
      const f = new FormData();
      f.set("name", "Ann Customer");
      f.set("address", "1 High Street, Manchester");
      f.set("email", email);
      return parseSavedCustomer(f);
    };
    for (const typed of SMUGGLED)
      expect(form(typed), JSON.stringify(typed)).toMatchObject({
        ok: false,
        errors: { email: "Enter a valid e-mail address, like name@example.com" },
      });
    expect(form("o'brien@example.test")).toMatchObject({ ok: true, data: { email: "o'brien@example.test" } });
    expect(form("")).toMatchObject({ ok: true, data: { email: null } });
  });
});
