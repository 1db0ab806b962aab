/** /admin/messages: contact page messages, newest first, searchable; unread ones marked. */
import { AdminPage } from "~/components/admin/admin-page";
import { AdminListItem } from "~/components/admin/list-item";
import { IntentButton } from "~/components/admin/row-actions";
import { EmptyState, Pager, SearchBar } from "~/components/enquiries/admin-parts";
import { Badge } from "~/components/ui/badge";
import { listContactMessages, markMessageRead } from "~/modules/contact/list-messages.server";
import { pageRequest } from "~/web/admin-list.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/messages";
import { formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Messages");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const req = pageRequest(url);
  return { q: req.q, page: await listContactMessages(getApp(context).db, req) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const back = `${url.pathname}${url.search.replace(/([?&])index(=[^&]*)?&?/, "$1").replace(/[?&]$/, "")}`;
  const ok =
    form.get("intent") === "read" &&
    (await markMessageRead(getApp(context).db, String(form.get("id") ?? ""), admin.id));
  return redirectWithToast(
    context,
    back,
    ok
      ? { title: "Marked as read", variant: "success" }
      : { title: "Error", description: "Message not updated", variant: "destructive" },
  );
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { q, page } = loaderData;
  return (
    <AdminPage title="Messages" description="Messages sent from the contact page, newest first.">
      <SearchBar q={q} label="Search messages" placeholder="Search by name, email, subject, message..." />
      <div className="mt-6">
        {page.rows.length === 0 ? (
          <EmptyState>{q ? `No messages match "${q}"` : "No messages yet"}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Messages">
            {page.rows.map((m) => (
              <AdminListItem
                key={m.id}
                testId="message-row"
                heading={
                  <>
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold text-slate-900">{m.subject}</h2>
                      {m.read_at ? <Badge>Read</Badge> : <Badge tone="green">New</Badge>}
                    </div>
                    <p className="mt-0.5 text-sm text-slate-700">
                      {m.name} &lt;
                      <a href={`mailto:${m.email}`} className="text-brand-700 underline underline-offset-2">
                        {m.email}
                      </a>
                      &gt; · {formatDateTime(m.created_at, "short")}
                    </p>
                  </>
                }
                actions={
                  m.read_at ? null : (
                    <IntentButton field="id" id={m.id} intent="read" variant="outline">
                      Mark as read
                    </IntentButton>
                  )
                }
              >
                <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-800">{m.message}</p>
              </AdminListItem>
            ))}
          </ul>
        )}
        <Pager prev={page.prev} next={page.next} q={q} />
      </div>
    </AdminPage>
  );
}
