import type { Route } from "./+types/signature";
import { serveNoteFile } from "./serve-note-file.server";

/** A party's drawn signature (PNG), when one was drawn. */
export function loader({ params, context }: Route.LoaderArgs) {
  const party = params.party.replace(/\.png$/, "");
  if (party !== "transferor" && party !== "transferee") return new Response("Not found", { status: 404 });
  return serveNoteFile(context, params.id, { signature: party }, "inline");
}
