/** The claim request, locked for the rest of the transaction (approving and rejecting start here). */
import type { Database } from "~/platform/db/database.server";

export function lockClaim(trx: Database, claimId: string) {
  return trx
    .selectFrom("claim_requests")
    .selectAll()
    .where("id", "=", claimId)
    .forUpdate()
    .executeTakeFirst();
}
