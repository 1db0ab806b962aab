/**
 * What the server hands to every loader and action: the platform services for this request.
 * Routes read it with `getApp(context)`.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { ProviderEventRecorder } from "~/modules/analytics/record-event.server";
import type { Database } from "./db/database.server";
import type { Config } from "./env.server";
import type { JobQueue } from "./jobs/queue.server";
import type { Logger } from "./logger.server";

export interface AppServices {
  config: Config;
  db: Database;
  jobs: JobQueue;
  /** Profile views and phone clicks, written in batches. */
  events: ProviderEventRecorder;
}

export interface AppContext extends AppServices {
  /** Logger bound to this request's id. */
  log: Logger;
  requestId: string;
  /** CSP nonce for inline scripts on this response. */
  nonce: string;
  clientIp: string;
}

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
