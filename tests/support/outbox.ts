/** What the e-mail outbox holds for one address, oldest first: for tests of code that queues mail. */
import type { Database } from "~/platform/db/database.server";

export function mailsTo(db: Database, to: string) {
  return db
    .selectFrom("email_outbox")
    .select(["subject", "template", "text"])
    .where("to_address", "=", to)
    .orderBy("created_at")
    .execute();
}
