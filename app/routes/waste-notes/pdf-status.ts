/**
 * GET /waste-note/:id/pdf-status: where the note's PDF is, as JSON, for the Download PDF button
 * (issue 14, item 12): {"status":"ready","url":...} | "pending" | "failed", 404 for no note.
 * A note with neither a PDF nor a job gets its job queued again (decision 0707).
 */
import { getPdfState } from "~/modules/waste-notes/pdf-state.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/pdf-status";

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await getPdfState(getApp(context).db, params.id);
  return Response.json(state.status === "no-note" ? { status: "no-note" } : state, {
    status: state.status === "no-note" ? 404 : 200,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
