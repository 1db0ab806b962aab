/**
 * Whether a request comes from a crawler, by its User-Agent (the isbot library's list). Its
 * pattern is long and every page asks once or twice (streaming, view counting): the answer is
 * remembered per user-agent string, of which a site sees few (issue 18).
 */
import { isbot } from "isbot";
import { memo } from "~/platform/memo";

const isbotRemembered = memo(isbot, 1_000);

/** A crawler's request; one without a User-Agent is not taken as one. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && isbotRemembered(userAgent);
}
