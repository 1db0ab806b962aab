/**
 * GET /admin/claim-requests/{claimId}/licence: the licence document a claimant uploaded, for
 * administrators only (the admin layout's guard and requireAdmin here: anyone signed out is sent
 * to sign in, anyone else to Access Denied). A PDF is a download (Content-Disposition attachment),
 * an image is shown inline; the bytes are checked again before they are sent; never cached by
 * shared caches, sandboxed, and unknown ids answer 404. Decision 0506.
 */
import { readLicenceDocument } from "~/modules/claims/licence-document.server";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/licence-document";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const file = await readLicenceDocument(app.db, app.storage, params.claimId);
  if (!file) return notFound();
  const disposition = file.contentType === "application/pdf" ? "attachment" : "inline";
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Content-Disposition": `${disposition}; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
