/**
 * The honeypot: one hidden field on every public form (the spec names it phone2 on the quote
 * form). People never see or reach it; bots that fill every input fill it, and the server then
 * answers as if it worked and quietly stores and sends nothing. The field is
 * app/components/ui/honeypot.tsx.
 */
export const HONEYPOT_FIELD = "phone2";

/** True when a bot filled the field in. */
export function honeypotFilled(value: FormDataEntryValue | null | undefined): boolean {
  return typeof value === "string" && value.trim() !== "";
}
