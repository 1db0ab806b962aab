/**
 * What the server hands to every loader and action: the platform services for this request.
 * Routes read it with `getApp(context)`.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { ProviderEventRecorder } from "~/modules/analytics/record-event.server";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import type { JobQueue } from "~/platform/jobs/queue.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";

export interface AppServices {
  config: Config;
  db: Database;
  jobs: JobQueue;
  /** Uploaded files: local disk or an S3 bucket (create-storage.server.ts). */
  storage: Storage;
  /** Profile views and phone clicks, written in batches. */
  events: ProviderEventRecorder;
}

export interface AppContext extends AppServices {
  /** Logger bound to this request's id. */
  log: Logger;
  requestId: string;
  /** CSP nonce for inline scripts on this response. */
  nonce: string;
  /** The client's address for limits: IPv4, or an IPv6 /64 (app/web/client-address.server.ts). */
  clientIp: string;
  /** A connection from this machine with no proxy in front: the only one shown developer tools. */
  localRequest: boolean;
  /** Set when the URL is refused (control characters, broken escapes): the root middleware answers with it. */
  requestProblem: { status: number; message: string } | null;
}

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

/**
 * The pattern of the route that answered ("/provider/:registrationNumber"), set by the root middleware from
 * React Router's own match, so the server labels its request metrics without matching the path
 * again (matching the whole route table per request cost more than the search it measured).
 */
export const routePatternContext = createContext<string | null>(null);
