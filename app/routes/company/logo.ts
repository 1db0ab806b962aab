/** /company-logo/:file — a listing's logo, public (it is shown on the public profile and cards). */
import { readLogo } from "~/modules/company/logo.server";
import { ImageQueueFull } from "~/platform/images/image-queue.server";
import { IMAGE_MESSAGES } from "~/platform/images/normalise-image.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/logo";

export async function loader({ params, context }: Route.LoaderArgs) {
  let file;
  try {
    file = await readLogo(getApp(context).storage, params.file);
  } catch (error) {
    // A copy of an older logo could not be made yet: the image queue is full (decision 0255).
    if (!(error instanceof ImageQueueFull)) throw error;
    return new Response(IMAGE_MESSAGES.busy, {
      status: 503,
      headers: {
        "Cache-Control": "no-store",
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": "60",
      },
    });
  }
  if (!file)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      // Each upload gets a new file name, so a file never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
