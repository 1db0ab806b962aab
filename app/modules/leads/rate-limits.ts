/** Per-IP limits on the visitor forms (decision 0601), counted in the rate_limits table. */
import type { Limit } from "~/platform/rate-limit.server";

const HOUR = 60 * 60 * 1000;
export const FORM_LIMITS = {
  lead: { max: 10, windowMs: HOUR },
  quote: { max: 10, windowMs: HOUR },
  review: { max: 10, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  reviewCheck: { max: 120, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, Limit>;
export type FormName = keyof typeof FORM_LIMITS;

export const formLimitKey = (form: FormName, ip: string) => `${form}:ip:${ip}`;
