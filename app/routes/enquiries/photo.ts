/**
 * GET /enquiries/photo/{lead|quote}/{id}: a visitor's photo, for admins (leads and quotes), for
 * the signed-in owner of the provider a quote request was sent to, and for the owner of a listing
 * a lead was forwarded to (decision 0807). Anyone signed out is sent to
 * sign in; anyone else gets 404, exactly as for an unknown id. `?size=thumb` is a 400 px thumbnail
 * (503 while the image queue is too full to make it, decision 0255).
 * Never cached: a householder's photo is personal data, kept off shared computers' disks like every
 * signed-in page (decision 0005).
 */
import { redirect } from "react-router";
import { getLeadPhotoKey } from "~/modules/leads/get-lead-photo.server";
import { readPhoto } from "~/modules/leads/photo.server";
import { ImageQueueFull } from "~/platform/images/image-queue.server";
import { IMAGE_MESSAGES } from "~/platform/images/normalise-image.server";
import { getQuotePhotoKey } from "~/modules/quotes/get-quote-photo.server";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/photo";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

/** The image queue was full (decision 0255): try again shortly; nothing is kept. */
const busy = () =>
  new Response(IMAGE_MESSAGES.busy, {
    status: 503,
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": "60",
    },
  });

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const app = getApp(context);
  if (params.kind !== "lead" && params.kind !== "quote") return notFound();
  const user = await getUser(request, context);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  const key =
    params.kind === "lead"
      ? await getLeadPhotoKey(app.db, params.id, user)
      : await getQuotePhotoKey(app.db, params.id, user);
  if (!key) return notFound();
  let photo;
  try {
    photo = await readPhoto(app.storage, key, { thumbnail: url.searchParams.get("size") === "thumb" });
  } catch (error) {
    if (error instanceof ImageQueueFull) return busy(); // the thumbnail could not be made yet
    throw error;
  }
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.body.length),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
