/**
 * "Something visitors see has changed": every instance clears the caches built from it (decision
 * 0013). `announceChange` clears this process's caches at once and sends a PostgreSQL NOTIFY; each
 * instance on PostgreSQL keeps one connection LISTENing (`listenForChanges`) and clears its own
 * caches when the notice arrives. PGlite is one process, so the local call is all there is.
 *
 * Call it after the change has committed: a notice sent inside a transaction is delivered at
 * commit, but the local clear is immediate, and a read in between would cache the old data again.
 */
import { sql } from "kysely";
import pg from "pg";
import type { Logger } from "../logger.server";
import type { Database } from "./database.server";

export const CHANGES_CHANNEL = "app_changes";

/** What changed: `directory` is the register and the claimed listings shown over it. */
export type ChangeTopic = "directory";

type Listener = (topic: ChangeTopic) => void;
const listeners = new Set<Listener>();

/** Calls `fn` whenever a change is announced, here or (on PostgreSQL) on another instance. */
export function onChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit(topic: ChangeTopic): void {
  for (const fn of listeners) {
    try {
      fn(topic);
    } catch {
      // one cache failing to clear must not stop the others
    }
  }
}

export async function announceChange(db: Database, topic: ChangeTopic): Promise<void> {
  emit(topic);
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${topic})`.execute(db);
}

const RECONNECT_MS = 1_000;

/**
 * Listens for other instances' notices on a connection of its own (outside the pool: LISTEN holds
 * a session). When that connection drops it reconnects, and clears everything once it is back,
 * since notices sent meanwhile are lost.
 */
export async function listenForChanges(url: string, log: Logger): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, "lost the connection that listens for changes; reconnecting");
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on("notification", (m) => {
      if (m.channel === CHANGES_CHANNEL && m.payload === "directory") emit("directory");
    });
    c.on("error", drop);
    c.on("end", () => drop());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      emit("directory");
    } catch (err) {
      drop(err as Error);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
