/**
 * The development mailbox shows live reset and invitation links, so it is served only outside
 * production, only when no proxy is trusted (behind a local proxy every visitor arrives from
 * 127.0.0.1), and only to a connection whose socket is this machine's: a forwarded address is
 * never believed here (decision 0008).
 */
import type { AppContext } from "~/web/context";

export function mailboxAllowed(app: Pick<AppContext, "config" | "localRequest">): boolean {
  return !app.config.isProduction && app.config.trustProxy === null && app.localRequest;
}
