/** Development mailbox: the outbox's latest messages with their links. 404 in production. */
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { getApp } from "~/web/context";
import { normaliseEmail } from "~/platform/email-address";
import { listOutbox } from "~/platform/email/outbox.server";
import type { Route } from "./+types/mailbox";
import { mailboxAllowed } from "./access.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Development mailbox", noindex: true });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = getApp(context);
  const { config, db } = app;
  if (!mailboxAllowed(app)) throw data("Not found", { status: 404 });
  // ?to= shows one recipient's messages (a busy outbox pushes them out of the latest 50).
  const to = normaliseEmail(url.searchParams.get("to") ?? "");
  const messages = await listOutbox(db, 50, to || undefined);
  return {
    to,
    smtp: config.mailTransport === "smtp",
    messages: messages.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      links: [...new Set(m.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    })),
  };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Development mailbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        The 50 latest e-mails in the outbox (
        {loaderData.smtp ? "sent through SMTP" : "written to DATA_DIR/outbox"}). Only outside production, and
        only from this machine.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
        <label className="text-sm font-medium text-slate-800">
          To
          <input
            type="email"
            name="to"
            defaultValue={loaderData.to}
            placeholder="someone@example.test"
            className="mt-1 block h-10 w-72 max-w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </label>
        <Button type="submit" variant="outline">
          Show their messages
        </Button>
        {loaderData.to ? (
          <Link to="/dev/mailbox" className="text-sm font-semibold text-brand-700 underline">
            Everyone's
          </Link>
        ) : null}
      </Form>
      {loaderData.messages.length === 0 ? <p className="mt-8 text-slate-600">No messages yet.</p> : null}
      <ol className="mt-6 space-y-4" aria-label="Messages">
        {loaderData.messages.map((m) => (
          <li key={m.id}>
            <Card className="p-4" data-testid="mail">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">{m.subject}</h2>
                <Badge tone={m.status === "sent" ? "green" : m.status === "failed" ? "red" : "amber"}>
                  {m.status}
                </Badge>
              </div>
              <p className="text-sm text-slate-600">
                To <span data-testid="mail-to">{m.to}</span> · {m.template} ·{" "}
                <time dateTime={m.createdAt}>{m.createdAt}</time>
              </p>
              {m.links.length ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {m.links.map((l) => (
                    <li key={l}>
                      <a href={l} className="break-all text-brand-700 underline">
                        {l}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-slate-700">Show message</summary>
                <pre className="mt-2 rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap">{m.text}</pre>
                <a href={`/dev/mailbox/${m.id}`} className="text-brand-700 underline">
                  Open HTML version
                </a>
              </details>
            </Card>
          </li>
        ))}
      </ol>
    </main>
  );
}
