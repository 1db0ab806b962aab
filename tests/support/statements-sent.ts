/**
 * What a piece of code sends to the database: for the tests that count round trips (decision
 * 0236) and for the bench, which sends a search's statements again directly (decision 0235).
 */
import type pg from "pg";

/** One statement as it went to the database: its text and its parameters. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

let sent: SentStatement[] | null = null;
const watched = new WeakSet<object>();

/**
 * The statements `run` sends, each a round trip, in order: seen on the connections the pool hands
 * out while it runs. The pool's `connect` is put back afterwards; a connection once watched only
 * records while a `run` is under way.
 */
export async function statementsSent(pool: pg.Pool, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const connect = pool.connect;
  const recorded: SentStatement[] = [];
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await (connect as () => Promise<pg.PoolClient>).call(pool);
    if (!watched.has(client)) {
      watched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        if (typeof args[0] === "string") sent?.push({ text: args[0], values: (args[1] as unknown[]) ?? [] });
        return query(...args);
      };
    }
    return client;
  };
  sent = recorded;
  try {
    await run();
  } finally {
    sent = null;
    pool.connect = connect;
  }
  return recorded;
}
