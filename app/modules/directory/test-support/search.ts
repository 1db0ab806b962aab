/** Searching the directory as the results page does, for the directory's tests. */
import type pg from "pg";
import type { Database } from "~/platform/db/database.server";
import { parseSearchInput } from "../search-input";
import { searchProviders } from "../search-providers.server";

/** The search a results page with this query string (and a place in its path) runs. */
export const searchPage = (db: Database, qs: string, location?: string, now?: Date) =>
  searchProviders(db, parseSearchInput(new URLSearchParams(qs), location).input, now);

/** The registration numbers of the providers found, in order. */
export const registrationNumbers = (result: { providers: { registration_number: string }[] }) =>
  result.providers.map((p) => p.registration_number);

let sent: string[] | null = null;
const watched = new WeakSet<object>();

/**
 * The statements `run` sends to the database, each a round trip: counted on the connections the
 * pool hands out while it runs (the pool is left as it was).
 */
export async function statementsSent(pool: pg.Pool, run: () => Promise<unknown>): Promise<string[]> {
  const connect = pool.connect;
  const counted: string[] = [];
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await (connect as () => Promise<pg.PoolClient>).call(pool);
    if (!watched.has(client)) {
      watched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        if (typeof args[0] === "string") sent?.push(args[0]);
        return query(...args);
      };
    }
    return client;
  };
  sent = counted;
  try {
    await run();
  } finally {
    sent = null;
    pool.connect = connect;
  }
  return counted;
}
