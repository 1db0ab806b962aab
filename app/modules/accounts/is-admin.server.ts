/** An administrator is a user whose e-mail is in admin_emails, compared case-insensitively. */
import { normaliseEmail } from "~/platform/email-address";
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export async function isAdmin(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("admin_emails")
    .select("email")
    .where(sql<string>`lower(email)`, "=", normaliseEmail(email))
    .executeTakeFirst();
  return !!row;
}

export async function adminCount(db: Database): Promise<number> {
  const row = await db
    .selectFrom("admin_emails")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
