/** Shared by the note file routes: reads the file and answers with the right headers. */
import type { RouterContextProvider } from "react-router";
import { MESSAGES } from "~/modules/waste-notes/constants";
import { readNoteFile, type NoteFile } from "~/modules/waste-notes/read-note-file.server";
import { getApp } from "~/web/context";

export async function serveNoteFile(
  context: Readonly<RouterContextProvider>,
  id: string,
  which: NoteFile,
  disposition?: string,
): Promise<Response> {
  const { db, storage } = getApp(context);
  const result = await readNoteFile({ db, storage }, id, which);
  if (result.status !== "ok") {
    const message = result.status === "not-ready" ? MESSAGES.pdfUnavailable : "Waste note not found";
    return new Response(message, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers: Record<string, string> = {
    "Content-Type": result.file.contentType,
    "Content-Length": String(result.file.size),
    "Cache-Control": "private, max-age=300",
    "X-Robots-Tag": "noindex",
  };
  if (disposition) headers["Content-Disposition"] = disposition;
  return new Response(new Uint8Array(result.file.body), { headers });
}
