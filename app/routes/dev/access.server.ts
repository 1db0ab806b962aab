/**
 * The development mailbox shows live reset and invitation links, so it is served only outside
 * production AND only to requests from this machine (a demo left on a public host must not hand
 * out other people's links).
 */
import type { AppContext } from "~/platform/context";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function mailboxAllowed(app: Pick<AppContext, "config" | "clientIp">): boolean {
  return !app.config.isProduction && LOOPBACK.has(app.clientIp);
}
