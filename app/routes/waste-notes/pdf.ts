import { MESSAGES } from "~/modules/waste-notes/constants";
import { getPdfState } from "~/modules/waste-notes/pdf-state.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/pdf";
import { serveNoteFile } from "./serve-note-file.server";

/**
 * The note's PDF, saved as waste-note-{id}.pdf. Before it exists (a link followed without
 * JavaScript): 503 with Retry-After and a Refresh header while its job is pending, so the browser
 * asks again and gets the file; an honest message when the job failed for good.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const served = await serveNoteFile(
    context,
    params.id,
    "pdf",
    `attachment; filename="waste-note-${params.id.toLowerCase()}.pdf"`,
  );
  if (served.status !== 404) return served;
  const state = await getPdfState(getApp(context).db, params.id);
  const text = {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  };
  if (state.status === "pending") {
    return new Response(`${MESSAGES.pdfPreparing} This page reloads by itself in a few seconds.`, {
      status: 503,
      headers: { ...text, "Retry-After": "2", Refresh: "2" },
    });
  }
  if (state.status === "failed")
    return new Response(MESSAGES.pdfFailedForGood, { status: 500, headers: text });
  return served;
}
