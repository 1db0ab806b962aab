/**
 * GET /og/provider/{registrationNumber}.png and /og/town/{town}.png: a profile's or a town page's
 * link preview card (1200×630 PNG, decision 0216). Public data only; 404 for a registration or a
 * town the page would not show. Drawn once per distinct card (kept in memory), cached by browsers,
 * proxies and crawlers for an hour, and answered 304 when the crawler's copy is still the same.
 */
import { socialCardFor } from "~/modules/directory/social-cards.server";
import { ImageQueueFull } from "~/platform/images/image-queue.server";
import { socialCardImage } from "~/platform/images/social-card.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/social-card";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = params.kind;
  const name = /^(.{1,100})\.png$/.exec(params.file)?.[1];
  if ((kind !== "provider" && kind !== "town") || !name) return notFound();
  const card = await socialCardFor(getApp(context).db, kind, name);
  if (!card) return notFound();
  const image = socialCardImage(card);
  const headers = {
    "Content-Type": "image/png",
    "Cache-Control": "public, max-age=3600",
    ETag: image.etag,
  };
  const known = (request.headers.get("If-None-Match") ?? "").split(",").map((tag) => tag.trim());
  if (known.includes(image.etag)) return new Response(null, { status: 304, headers });
  let png: Buffer;
  try {
    png = await image.png();
  } catch (error) {
    if (!(error instanceof ImageQueueFull)) throw error;
    // Too much image work waiting (decision 0255): the crawler comes back; nothing is kept.
    return new Response("Busy: try again shortly", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "60",
      },
    });
  }
  return new Response(new Uint8Array(png), {
    headers: { ...headers, "Content-Length": String(png.length) },
  });
}
