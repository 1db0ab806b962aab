/**
 * What every visitor form's action checks before its own work (decisions 0601, 0602): a filled
 * honeypot (a bot: told it worked, nothing stored or sent, one log line), and the per-address
 * limit of the form, counted in the rate_limits table.
 */
import type { Database } from "~/platform/db/database.server";
import { honeypotFilled } from "~/platform/honeypot";
import type { Logger } from "~/platform/logger.server";
import { hit, refund } from "~/platform/rate-limit.server";
import { FORM_LIMITS, formLimitKey, type FormName } from "./rate-limits";

/** True when a bot filled the honeypot in: the submission is to be ignored (and is logged as such). */
export function ignoredAsBot(log: Logger, form: FormName, honeypot: FormDataEntryValue | null): boolean {
  if (!honeypotFilled(honeypot)) return false;
  log.info({ form }, "honeypot filled; submission ignored");
  return true;
}

/** Counts this submission against the form's limit for the address; false when it is over. */
export async function formAllowed(db: Database, form: FormName, ip: string): Promise<boolean> {
  return (await hit(db, formLimitKey(form, ip), FORM_LIMITS[form])).allowed;
}

/**
 * Gives the submission's count back: it was refused for the server's own reason (the image queue
 * was full, decision 0255), so trying again in a minute does not use up the visitor's limit.
 */
export async function formNotCounted(db: Database, form: FormName, ip: string): Promise<void> {
  await refund(db, formLimitKey(form, ip));
}
