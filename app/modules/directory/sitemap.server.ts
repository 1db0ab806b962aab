/**
 * Sitemaps for a million listings: an index, then chunks of SITEMAP_CHUNK profile URLs read in
 * registration-number order a batch at a time (keyset pagination, never a big OFFSET scan of
 * rows), and one chunk of town search pages.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export const SITEMAP_CHUNK = 50_000;
const BATCH = 5_000;

export async function sitemapChunkCount(db: Database): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM directory_entries WHERE on_register`.execute(db);
  return Math.max(1, Math.ceil((rows[0]?.n ?? 0) / SITEMAP_CHUNK));
}

export interface SitemapProviderRow {
  registration_number: string;
  updated_at: Date;
}

/** The profiles of chunk `chunk` (0-based), yielded in batches. */
export async function* sitemapProviders(db: Database, chunk: number): AsyncGenerator<SitemapProviderRow[]> {
  // The first key of the chunk: one index-only skip, then keyset batches.
  const start = await sql<{ registration_number: string }>`SELECT registration_number FROM directory_entries
    WHERE on_register ORDER BY registration_number OFFSET ${chunk * SITEMAP_CHUNK} LIMIT 1`.execute(db);
  const first = start.rows[0]?.registration_number;
  if (!first) return;
  let after: string | null = null;
  let left = SITEMAP_CHUNK;
  while (left > 0) {
    const size = Math.min(BATCH, left);
    const { rows } =
      await sql<SitemapProviderRow>`SELECT d.registration_number, GREATEST(d.updated_at, cl.updated_at) AS updated_at
      FROM directory_entries d
      LEFT JOIN claimed_listings cl ON cl.registration_number = d.registration_number AND cl.verified AND cl.suspended_at IS NULL
      WHERE d.on_register AND ${after === null ? sql`d.registration_number >= ${first}` : sql`d.registration_number > ${after}`}
      ORDER BY d.registration_number LIMIT ${size}`.execute(db);
    if (!rows.length) return;
    yield rows;
    left -= rows.length;
    after = rows[rows.length - 1].registration_number;
    if (rows.length < size) return;
  }
}

/** Towns with listings on the register (most listings first), for /search-results/{town}. */
export async function sitemapTowns(db: Database, limit = SITEMAP_CHUNK): Promise<string[]> {
  const { rows } = await sql<{ town: string }>`SELECT min(btrim(town)) AS town FROM directory_entries
    WHERE on_register AND town_key IS NOT NULL AND town_key <> ''
    GROUP BY town_key ORDER BY count(*) DESC, town_key LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.town);
}
