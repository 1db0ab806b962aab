/**
 * A logo's files once no row uses them (decision 0271). A stored logo's URL is named by a
 * listing's published logo (`claimed_listings.logo_url`), by an unverified listing's draft
 * (`draft->>'logoUrl'`, waiting for approval) or by a claim (`claim_requests.logo_url`, the spec's
 * column). Whatever lets go of a logo (an owner's replacement or removal, a draft published at
 * approval or dropped with its listing at a rejection, a takeover, an owner change or an account's
 * deletion) asks, inside its transaction and after its change, which of the URLs it dropped no row
 * names any more, and deletes those files with their copies once it has committed.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { removeFiles, type FileRemoval, type RemovedFiles } from "~/platform/storage/remove-files.server";
import { parseDraft } from "./company-listing.server";
import { LOGO_URL_PREFIX, logoFileKeys, parseLogoFile } from "./logo-files";

/** The original file of a stored logo's URL (the file kept on rows), or null for any other address. */
export function logoFileOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return null;
  const file = url.slice(LOGO_URL_PREFIX.length);
  const name = parseLogoFile(file);
  return name && !name.small && name.extension !== "webp" ? file : null;
}

/** The stored logos a listing row names: its published logo and its draft's. */
export function logoUrlsOf(row: { logo_url: string | null; draft?: unknown }): string[] {
  const urls = [row.logo_url, parseDraft(row.draft)?.logoUrl];
  return [...new Set(urls.filter((url): url is string => logoFileOfUrl(url) !== null))];
}

/**
 * Of `urls`, the stored logos no row names any more. Ask inside the transaction that let them go,
 * after its change: its locks keep the answer true until it commits (a logo's URL is new at each
 * upload, so nothing else starts naming an old one).
 */
export async function unusedLogos(
  db: Database,
  urls: Iterable<string | null | undefined>,
): Promise<string[]> {
  const candidates = [...new Set([...urls].filter((url): url is string => logoFileOfUrl(url) !== null))];
  if (candidates.length === 0) return [];
  const draftLogo = sql<string | null>`draft->>'logoUrl'`;
  const used = await db
    .selectFrom("claimed_listings")
    .select("logo_url as url")
    .where("logo_url", "in", candidates)
    .union(db.selectFrom("claimed_listings").select(draftLogo.as("url")).where(draftLogo, "in", candidates))
    .union(db.selectFrom("claim_requests").select("logo_url as url").where("logo_url", "in", candidates))
    .execute();
  const named = new Set(used.map((row) => row.url));
  return candidates.filter((url) => !named.has(url));
}

/** Deletes the logos' files, each with its smaller and WebP copies (after the commit). */
export function removeLogoFiles(
  files: FileRemoval | undefined,
  urls: readonly string[],
): Promise<RemovedFiles> {
  const keys = urls.flatMap((url) => {
    const file = logoFileOfUrl(url);
    return file ? logoFileKeys(file) : [];
  });
  return removeFiles(files, { keys });
}
