import type { Route } from "./+types/photo";
import { serveNoteFile } from "./serve-note-file.server";

/** One of the note's photos (1 to 3). Served inline, never as HTML (content type from the checked bytes). */
export function loader({ params, context }: Route.LoaderArgs) {
  const n = Number(params.n);
  if (!Number.isInteger(n) || n < 1 || n > 3) return new Response("Not found", { status: 404 });
  return serveNoteFile(context, params.id, { photo: n }, "inline");
}
