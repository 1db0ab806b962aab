import type { Database } from "~/platform/db/database.server";

/** Runs `work` in a transaction, joining the caller's if there is one. */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
