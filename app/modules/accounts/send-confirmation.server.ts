/** Queues an e-mail confirmation link (1 hour, single use). */
import type { Database } from "~/platform/db/database.server";
import { confirmationEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { links } from "./links.server";
import { issueToken } from "./tokens.server";
import { inTransaction } from "./tx.server";

export async function sendConfirmation(
  db: Database,
  config: Pick<Config, "publicUrl">,
  user: { id: string; email: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { token } = await issueToken(trx, { userId: user.id, email: user.email, purpose: "confirm_email" });
    await queueEmail(trx, confirmationEmail(user.email, links.confirmEmail(config, token)));
  });
}
