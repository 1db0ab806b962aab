/**
 * /company/waste-notes/:id/dwt.json: one note as a Digital Waste Tracking movement record, with
 * the fields the note cannot know and its problems listed beside it (decision 0713). Only the
 * company that wrote the note gets it; anyone else gets 404, as for a note that does not exist.
 */
import { getNoteMovementExport } from "~/modules/waste-notes/dwt/export-movements.server";
import type { Route } from "./+types/waste-note-dwt";
import { companyListing } from "./company-user.server";

const notFound = () =>
  new Response("No such waste note in your company's notes.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  if (!listing) return notFound();
  const file = await getNoteMovementExport(app.db, listing.registrationNumber, args.params.id);
  if (!file) return notFound();
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="dwt-movement-${file.noteId.slice(0, 8)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
