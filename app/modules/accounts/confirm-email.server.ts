/** The target of the confirmation link: uses the token up and marks the e-mail confirmed. */
import type { Database } from "~/platform/db/database.server";
import { consumeToken } from "./tokens.server";

export async function confirmEmail(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<{ status: "confirmed"; email: string } | { status: "invalid-link" }> {
  return db.transaction().execute(async (trx) => {
    const v = await consumeToken(trx, token, ["confirm_email"], now);
    if (!v) return { status: "invalid-link" } as const;
    await trx
      .updateTable("users")
      .set((eb) => ({
        email_confirmed_at: eb.fn.coalesce("email_confirmed_at", eb.val(now)),
        updated_at: now,
      }))
      .where("id", "=", v.userId)
      .execute();
    return { status: "confirmed", email: v.email } as const;
  });
}
