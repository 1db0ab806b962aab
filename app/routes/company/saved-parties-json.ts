/**
 * /company/saved-parties.json?kind=site|customer&q=...: the company's saved receiving sites or
 * customers matching q (at most 20, A to Z), for the waste note form's "Use a saved site" and "Use
 * a saved customer" pickers (decision 0710). Each match carries the note form's field values it
 * fills. Only the owner of a listing; never cached.
 */
import { listSavedParties } from "~/modules/waste-notes/saved-parties.server";
import { savedPartyMatches } from "~/modules/waste-notes/saved-party-matches";
import type { Route } from "./+types/saved-parties-json";
import { companyListing } from "./company-user.server";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  if (!listing) return json({ error: "No business listing is linked to this account." }, 404);
  const kind = args.url.searchParams.get("kind");
  if (kind !== "site" && kind !== "customer") return json({ error: "kind must be site or customer" }, 400);
  const q = (args.url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = await listSavedParties(app.db, kind, listing.registrationNumber, { q, limit: 20 });
  return json({ kind, q, total: page.total, matches: savedPartyMatches(kind, page.rows) });
}
