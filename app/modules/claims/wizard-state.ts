/**
 * The claim wizard's state between steps. Without JavaScript every step is a full POST, so the
 * values of the other steps travel in hidden fields and come back from the server; with
 * JavaScript the same round trip runs through fetch. Shared by the page and its action.
 */
import {
  claimSchema,
  firstErrors,
  STEP_FIELDS,
  stepOneSchema,
  stepThreeSchema,
  stepTwoSchema,
} from "./claim-form";
import { cleanServices, type Period, type Plan } from "./constants";

export interface WizardValues {
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  password: string;
  confirmPassword: string;
  website: string;
  about: string;
  services: string[];
  areas: string;
  newService: string;
  plan: Plan;
  period: Period;
}

export type WizardStep = 1 | 2 | 3;
/** Field errors by name; `licence` is the licence document (a file, so not among the values). */
export type WizardErrors = Partial<Record<keyof WizardValues | "licence", string>>;

export function emptyValues(email = ""): WizardValues {
  return {
    contactName: "",
    contactEmail: email,
    contactPhone: "",
    password: "",
    confirmPassword: "",
    website: "",
    about: "",
    services: [],
    areas: "",
    newService: "",
    plan: "standard",
    period: "monthly",
  };
}

const text = (form: FormData, name: string, max: number) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, max) : "";
};

export function readValues(form: FormData): WizardValues {
  const plan = text(form, "plan", 20);
  const period = text(form, "period", 20);
  return {
    contactName: text(form, "contactName", 300),
    contactEmail: text(form, "contactEmail", 300),
    contactPhone: text(form, "contactPhone", 100),
    password: text(form, "password", 300),
    confirmPassword: text(form, "confirmPassword", 300),
    website: text(form, "website", 400),
    about: text(form, "about", 2100),
    services: form
      .getAll("services")
      .filter((s): s is string => typeof s === "string")
      .slice(0, 60)
      .map((s) => s.slice(0, 100)),
    areas: text(form, "areas", 1100),
    newService: text(form, "newService", 100),
    plan: plan === "premium" ? "premium" : "standard",
    period: period === "yearly" ? "yearly" : "monthly",
  };
}

export function readStep(raw: FormDataEntryValue | null): WizardStep {
  return raw === "2" ? 2 : raw === "3" ? 3 : 1;
}

/** The errors of one step (none: the visitor may move on). */
export function validateStep(step: WizardStep, values: WizardValues, signedIn: boolean): WizardErrors {
  const schema = step === 1 ? stepOneSchema(signedIn) : step === 2 ? stepTwoSchema : stepThreeSchema;
  const r = schema.safeParse(values);
  return r.success ? {} : firstErrors<keyof WizardValues>(r.error);
}

/** Everything, for the submit: the parsed value, or the errors and the first step that has one. */
export function validateAll(values: WizardValues, signedIn: boolean) {
  const r = claimSchema(signedIn).safeParse(values);
  if (r.success) return { ok: true as const, value: r.data };
  const errors = firstErrors<keyof WizardValues>(r.error);
  const step = ([1, 2, 3] as const).find((s) => STEP_FIELDS[s].some((f) => f in errors)) ?? 1;
  return { ok: false as const, errors, step };
}

/** 'Add' of a custom service: trimmed, blank and repeated entries ignored. */
export function addService(values: WizardValues): WizardValues {
  const next = values.newService.replace(/\s+/g, " ").trim();
  if (!next) return { ...values, newService: "" };
  return { ...values, services: cleanServices([...values.services, next]), newService: "" };
}
