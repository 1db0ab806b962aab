/** The HTML version of one outbox message, served as its own document. 404 in production. */
import { getApp } from "~/web/context";
import { getOutboxHtml } from "~/platform/email/outbox.server";
import type { Route } from "./+types/mailbox-message";
import { mailboxAllowed } from "./access.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!mailboxAllowed(app)) return new Response("Not found", { status: 404 });
  const html = await getOutboxHtml(app.db, params.id);
  if (html === null) return new Response("Not found", { status: 404 });
  // Resource route: the e-mail's own HTML, with a CSP that allows no scripts at all.
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
    },
  });
}
