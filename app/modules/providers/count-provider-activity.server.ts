/** How many quote requests and waste notes a provider has (the provider page's counts). */
import { countWasteNotesByProvider, NO_NOTES } from "~/modules/waste-notes/count-notes-by-provider.server";
import type { Database } from "~/platform/db/database.server";

export interface ProviderActivity {
  quoteRequests: number;
  wasteNotes: number;
  wasteNotesThisMonth: number;
}

export async function countProviderActivity(
  db: Database,
  registrationNumber: string,
  now = new Date(),
): Promise<ProviderActivity> {
  const [quotes, notes] = await Promise.all([
    db
      .selectFrom("quote_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("provider_id", "=", registrationNumber)
      .executeTakeFirstOrThrow(),
    countWasteNotesByProvider(db, [registrationNumber], now),
  ]);
  const n = notes.get(registrationNumber) ?? NO_NOTES;
  return { quoteRequests: Number(quotes.n), wasteNotes: n.total, wasteNotesThisMonth: n.thisMonth };
}
