/**
 * How many waste notes each company has written (for the admin's provider page): all of them,
 * this UK month's (the plan allowance's count), the hazardous ones, and when the last was made.
 * Companies without notes are answered with zeros.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { monthOf } from "./plan-limit.server";

export interface ProviderNoteCounts {
  total: number;
  thisMonth: number;
  hazardous: number;
  lastCreatedAt: Date | null;
}

export const NO_NOTES: ProviderNoteCounts = { total: 0, thisMonth: 0, hazardous: 0, lastCreatedAt: null };

/** The counts by registration number, one entry for each number asked about. */
export async function countWasteNotesByProvider(
  db: Database,
  registrationNumbers: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, ProviderNoteCounts>> {
  const numbers = [...new Set(registrationNumbers)];
  const counts = new Map<string, ProviderNoteCounts>(numbers.map((n) => [n, { ...NO_NOTES }]));
  if (numbers.length === 0) return counts;
  const rows = await db
    .selectFrom("waste_notes")
    .where("registration_number", "in", numbers)
    .groupBy("registration_number")
    .select((eb) => [
      "registration_number",
      eb.fn.countAll<string>().as("total"),
      sql<string>`count(*) FILTER (WHERE ${monthOf(now)} @> created_at)`.as("thisMonth"),
      sql<string>`count(*) FILTER (WHERE hazardous)`.as("hazardous"),
      eb.fn.max("created_at").as("lastCreatedAt"),
    ])
    .execute();
  for (const r of rows) {
    if (!r.registration_number) continue;
    counts.set(r.registration_number, {
      total: Number(r.total),
      thisMonth: Number(r.thisMonth),
      hazardous: Number(r.hazardous),
      lastCreatedAt: r.lastCreatedAt ? new Date(r.lastCreatedAt) : null,
    });
  }
  return counts;
}
