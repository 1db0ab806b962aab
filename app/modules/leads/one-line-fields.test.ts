/**
 * One-line fields are one line (decision 0257): the visitor forms' names, phones, the quote's
 * service and the contact subject, and the Listing Details business name. The same schemas run in
 * the browser; no database.
 */
import { describe, expect, it } from "vitest";
import { cleanLine } from "~/platform/one-line";
import { listingDetailsSchema } from "../company/listing-rules";
import { contactSchema } from "../contact/contact-schema";
import { quoteSchema } from "../quotes/quote-schema";
import { reviewSchema } from "../reviews/review-schema";
import { leadSchema } from "./lead-schema";

const NOW = new Date("2026-03-10T10:00:00Z");

/** A valid form of each schema, and the one-line fields it has. */
const FORMS = {
  lead: {
    schema: leadSchema(NOW),
    valid: {
      description: "Old sofa\nand a chair",
      preferredDate: "2026-03-12",
      name: "Ann",
      email: "ann@example.test",
      postcode: "m1 1ae",
    },
    fields: ["name", "phone"],
  },
  quote: {
    schema: quoteSchema,
    valid: { name: "Ann", email: "ann@example.test", message: "Please quote\nthanks" },
    fields: ["name", "phone", "serviceType"],
  },
  contact: {
    schema: contactSchema,
    valid: { name: "Ann", email: "ann@example.test", subject: "Hello", message: "Hi\nthere" },
    fields: ["name", "subject"],
  },
  review: {
    schema: reviewSchema,
    valid: { name: "Ann", email: "ann@example.test", text: "Good\nwork" },
    fields: ["name"],
  },
  listing: {
    schema: listingDetailsSchema,
    valid: { businessName: "Acme", about: "", phone: "", email: "", services: [] as string[] },
    fields: ["businessName"],
  },
} as const;

/** Typed as a visitor (or a crafted request) might: what each becomes. */
const CASES: [string, string][] = [
  ["Acme\nVerified by the EA", "Acme Verified by the EA"],
  ["Acme\r\nVerified by the EA", "Acme Verified by the EA"],
  ["Acme\r\rVerified", "Acme Verified"],
  ["  Acme\t\tLtd ", "Acme Ltd"],
  ["Acme\u000bLtd\u000c", "Acme Ltd"],
  ["Ac\u0000me\u0007 Ltd\u001b\u007f", "Acme Ltd"],
  ["Acme\u0085\u009fLtd", "Acme Ltd"],
  ["Acme\u2028Verified\u2029by the EA", "Acme Verified by the EA"],
  ["0161 496\n0000", "0161 496 0000"],
  // Invisible formatting (decision 0275): a right-to-left override, isolates, marks, zero widths.
  ["Acme\u202eLtd", "AcmeLtd"],
  ["\u2066Acme\u2069 Ltd\u200f", "Acme Ltd"],
  ["Ac\u200bme\u2060 \ufeffLtd\u200e", "Acme Ltd"],
  ["Acme \u202a\u202b\u202c\u202d\u2067\u2068Ltd", "Acme Ltd"],
  // Emoji sequences and scripts keep their joiners.
  ["Acme \u{1f468}\u200d\u{1f527} Ltd", "Acme \u{1f468}\u200d\u{1f527} Ltd"],
  ["\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"],
];

describe("one-line visitor fields and the business name", () => {
  for (const [form, { schema, valid, fields }] of Object.entries(FORMS)) {
    for (const field of fields) {
      it(`${form}: ${field} keeps one line (line breaks and tabs become spaces, control characters go)`, () => {
        for (const [typed, stored] of CASES) {
          const result = schema.safeParse({ ...valid, [field]: typed });
          expect(result.error?.issues ?? [], `${JSON.stringify(typed)}`).toEqual([]);
          expect((result.data as Record<string, unknown>)[field]).toBe(stored);
          expect(stored).toBe(cleanLine(typed));
        }
      });
    }
  }

  it("a required one-line field that is only line breaks, tabs or control characters is missing", () => {
    for (const [form, field] of [
      ["lead", "name"],
      ["quote", "name"],
      ["contact", "name"],
      ["contact", "subject"],
      ["review", "name"],
      ["listing", "businessName"],
    ] as const) {
      const { schema, valid } = FORMS[form];
      const result = schema.safeParse({ ...valid, [field]: "\r\n\t\u0000 \n" });
      expect(result.success, `${form} ${field}`).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join("."))).toEqual([field]);
    }
    expect(
      FORMS.listing.schema.safeParse({ ...FORMS.listing.valid, businessName: "\n" }).error?.issues[0]
        ?.message,
    ).toBe("Business name is required");
  });

  it("an optional one-line field that is only blanks is left out", () => {
    expect(quoteSchema.parse({ ...FORMS.quote.valid, phone: "\r\n\t", serviceType: "\u0000" })).toMatchObject(
      {
        phone: undefined,
        serviceType: undefined,
      },
    );
    expect(leadSchema(NOW).parse({ ...FORMS.lead.valid, phone: " \n " }).phone).toBeUndefined();
  });

  it("counts the length after cleaning, and text areas keep their lines", () => {
    const name = `${"a".repeat(50)}\r\n${"b".repeat(49)}`; // 101 typed, 100 kept
    expect(reviewSchema.parse({ ...FORMS.review.valid, name }).name).toHaveLength(100);
    expect(reviewSchema.safeParse({ ...FORMS.review.valid, name: `${name}c` }).success).toBe(false);
    expect(contactSchema.parse(FORMS.contact.valid).message).toBe("Hi\nthere");
    expect(leadSchema(NOW).parse(FORMS.lead.valid).description).toBe("Old sofa\nand a chair");
  });
});
