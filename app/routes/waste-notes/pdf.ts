import type { Route } from "./+types/pdf";
import { serveNoteFile } from "./serve-note-file.server";

/** The note's PDF, saved as waste-note-{id}.pdf. */
export function loader({ params, context }: Route.LoaderArgs) {
  return serveNoteFile(context, params.id, "pdf", `attachment; filename="waste-note-${params.id.toLowerCase()}.pdf"`);
}
