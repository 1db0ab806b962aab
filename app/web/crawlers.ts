/**
 * Whether a request comes from a crawler, by its User-Agent (the isbot library's list). Its
 * pattern is long and every page asks once or twice (streaming, view counting): the answer is
 * remembered per user-agent string, of which a site sees few (issue 18); at most 1,000 of at
 * most 512 characters, so that made-up ones cannot fill the memory.
 */
import { isbot } from "isbot";
import { memo } from "~/platform/memo";

const isbotRemembered = memo(isbot, 1_000);
/** Real user agents are a few hundred characters; longer ones are asked, not remembered. */
const REMEMBERED_LENGTH = 512;

/** A crawler's request; one without a User-Agent is not taken as one. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return userAgent.length <= REMEMBERED_LENGTH ? isbotRemembered(userAgent) : isbot(userAgent);
}
