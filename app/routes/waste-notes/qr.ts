import type { Route } from "./+types/qr";
import { serveNoteFile } from "./serve-note-file.server";

/** The note's QR code (links to its view page). */
export function loader({ params, context }: Route.LoaderArgs) {
  return serveNoteFile(context, params.id, "qr");
}
