import { describe, expect, it } from "vitest";
import { addProviderSchema, claimSchema, normaliseWebsite } from "./claim-form";
import { addMonths, splitAreas } from "./constants";
import {
  addService,
  emptyValues,
  readValues,
  validateAll,
  validateStep,
  type WizardValues,
} from "./wizard-state";

const filled = (extra: Partial<WizardValues> = {}): WizardValues => ({
  ...emptyValues(),
  contactName: "Pat",
  contactEmail: "pat@firm.example",
  contactPhone: "01632 960000",
  password: "secret1",
  confirmPassword: "secret1",
  ...extra,
});

describe("claim wizard rules", () => {
  it("step 1 needs every field, a 6-character password and a matching confirmation (spec texts)", () => {
    expect(validateStep(1, emptyValues(), false)).toEqual({
      contactName: "Please enter your name",
      contactEmail: "Please enter your email address",
      contactPhone: "Please enter your phone number",
      password: "Invalid password: Password must be at least 6 characters.",
    });
    expect(validateStep(1, filled({ password: "12345", confirmPassword: "12345" }), false)).toEqual({
      password: "Invalid password: Password must be at least 6 characters.",
    });
    expect(validateStep(1, filled({ confirmPassword: "secret2" }), false)).toEqual({
      confirmPassword: "Password mismatch: Passwords do not match.",
    });
    expect(validateStep(1, filled({ contactEmail: "not-an-email" }), false)).toEqual({
      contactEmail: "Please enter a valid email address",
    });
    expect(validateStep(1, filled(), false)).toEqual({});
    // Signed in: no password asked.
    expect(validateStep(1, filled({ password: "", confirmPassword: "" }), true)).toEqual({});
  });

  it("the contact's name and phone are kept on one line (decision 0257)", () => {
    const parsed = claimSchema(false).safeParse({
      ...filled({ contactName: "Pat\r\nVerified by the EA\t", contactPhone: "01632\n960000\u2028" }),
      plan: "standard",
      period: "monthly",
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      contactName: "Pat Verified by the EA",
      contactPhone: "01632 960000",
    });
    const owner = addProviderSchema.safeParse({
      registrationNumber: "CBDU1",
      contactName: "Sam\u0000\nOwner",
      contactEmail: "sam@firm.example",
      contactPhone: "0113\r496 0001",
      plan: "standard",
      period: "monthly",
    });
    expect(owner.data).toMatchObject({ contactName: "Sam Owner", contactPhone: "0113 496 0001" });
  });

  it("step 2 is optional but checks the website; custom services are trimmed, blanks and repeats ignored", () => {
    expect(validateStep(2, filled(), false)).toEqual({});
    expect(validateStep(2, filled({ website: "not a site" }), false)).toEqual({
      website: "Please enter a valid website address, like www.example.co.uk",
    });
    let v = addService(filled({ services: ["Skip Hire"], newService: "  Man   and Van " }));
    expect(v.services).toEqual(["Skip Hire", "Man and Van"]);
    expect(v.newService).toBe("");
    v = addService({ ...v, newService: "   " });
    expect(v.services).toEqual(["Skip Hire", "Man and Van"]);
    v = addService({ ...v, newService: "skip hire" });
    expect(v.services).toEqual(["Skip Hire", "Man and Van"]);
  });

  it("the submit finds the first step with an error", () => {
    const r = validateAll(filled({ password: "123", website: "bad site" }), false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.step).toBe(1);
    const two = validateAll(filled({ website: "bad site" }), false);
    expect(two.ok ? 0 : two.step).toBe(2);
    const ok = validateAll(filled({ plan: "premium", period: "yearly" }), false);
    expect(ok.ok && ok.value).toMatchObject({ plan: "premium", period: "yearly" });
  });

  it("reads the form: unknown plans fall back to the defaults, services as a list", () => {
    const form = new FormData();
    form.append("plan", "gold");
    form.append("period", "weekly");
    form.append("services", "Skip Hire");
    form.append("services", "Garden Waste");
    expect(readValues(form)).toMatchObject({
      plan: "standard",
      period: "monthly",
      services: ["Skip Hire", "Garden Waste"],
    });
  });

  it("areas are split on commas; websites get https://; months are calendar months", () => {
    expect(splitAreas(" Leeds, Bradford ,, leeds ,Wakefield ")).toEqual(["Leeds", "Bradford", "Wakefield"]);
    expect(normaliseWebsite("www.example.co.uk")).toBe("https://www.example.co.uk");
    expect(normaliseWebsite("http://example.com/path")).toBe("http://example.com/path");
    expect(normaliseWebsite("javascript:alert(1)")).toBeNull();
    expect(normaliseWebsite("nodot")).toBeNull();
    expect(addMonths(new Date("2026-11-30T10:00:00Z"), 3).toISOString()).toBe("2027-02-28T10:00:00.000Z");
  });
});
