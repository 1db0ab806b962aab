/** Searching the directory as the results page does, for the directory's tests. */
import type { Database } from "~/platform/db/database.server";
import { parseSearchInput } from "../search-input";
import { searchProviders } from "../search-providers.server";

/** The search a results page with this query string (and a place in its path) runs. */
export const searchPage = (db: Database, qs: string, location?: string, now?: Date) =>
  searchProviders(db, parseSearchInput(new URLSearchParams(qs), location).input, now);

/** The registration numbers of the providers found, in order. */
export const registrationNumbers = (result: { providers: { registration_number: string }[] }) =>
  result.providers.map((p) => p.registration_number);
