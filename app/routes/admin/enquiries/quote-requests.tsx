/** /admin/quote-requests: Provider Quote Requests, newest first, searchable, with dialogs. */
import { Eye, ImageIcon, Paperclip, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import {
  DeleteDialog,
  DetailSection,
  EmptyState,
  ImageDialog,
  Pager,
  SearchBar,
} from "~/components/enquiries/admin-parts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useToastOnce } from "~/components/ui/toast";
import { deleteQuoteRequest } from "~/modules/quotes/delete-quote.server";
import { listQuoteRequests, type QuoteRow } from "~/modules/quotes/list-quotes.server";
import { formatDateTime } from "~/platform/dates";
import { deleteFromAdminList, loadAdminList } from "~/web/admin-list.server";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/quote-requests";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Provider Quote Requests");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return loadAdminList(context, url, (req) => listQuoteRequests(getApp(context).db, req), "quote requests");
}

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  return deleteFromAdminList(context, request, url, {
    remove: (id) => deleteQuoteRequest({ db: app.db, storage: app.storage, log: app.log }, id),
    what: "quote request",
    deleted: "Quote request deleted",
  });
}

const photoUrl = (id: string) => `/enquiries/photo/quote/${id}`;

export default function QuoteRequests({ loaderData }: Route.ComponentProps) {
  const { q, page, error } = loaderData;
  useToastOnce(error);
  const [image, setImage] = useState<string | null>(null);
  const [details, setDetails] = useState<QuoteRow | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <AdminPage
      title="Provider Quote Requests"
      description="Requests visitors sent to premium providers, newest first."
    >
      <SearchBar
        q={q}
        label="Search quote requests"
        placeholder="Search by name, email, postcode, provider, message..."
      />
      <div className="mt-6">
        {page.rows.length === 0 ? (
          <EmptyState>{q ? `No quote requests match "${q}"` : "No quote requests found"}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Quote requests">
            {page.rows.map((r) => (
              <li
                key={r.id}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="quote-row"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold text-slate-900">{r.name || "Unknown"}</h2>
                      <Badge tone="amber">{r.status || "pending"}</Badge>
                      {r.has_image ? (
                        <Badge tone="purple">
                          <Paperclip aria-hidden className="h-3 w-3" /> Image attached
                        </Badge>
                      ) : null}
                    </div>
                    <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(r.created_at, "short")}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {r.has_image ? (
                      <Button size="sm" variant="outline" onClick={() => setImage(photoUrl(r.id))}>
                        <ImageIcon aria-hidden className="h-4 w-4" /> View Image
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" onClick={() => setDetails(r)}>
                      <Eye aria-hidden className="h-4 w-4" /> View Details
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-red-700"
                      onClick={() => setDeleting(r.id)}
                    >
                      <Trash2 aria-hidden className="h-4 w-4" /> Delete
                    </Button>
                  </div>
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
                  <Item
                    k="Email"
                    v={
                      <a href={`mailto:${r.email}`} className="text-brand-700 underline underline-offset-2">
                        {r.email}
                      </a>
                    }
                  />
                  <Item k="Phone" v={r.phone || "Not provided"} />
                  <Item k="Postcode" v={r.postcode || "Not provided"} />
                  <Item
                    k="Provider"
                    v={
                      <Link
                        to={`/provider/${encodeURIComponent(r.provider_id)}`}
                        className="font-mono text-brand-700 underline underline-offset-2"
                      >
                        {r.provider_id}
                      </Link>
                    }
                  />
                  <Item k="Service" v={r.service_type || "Not specified"} />
                </dl>
                <p className="mt-2 line-clamp-2 text-sm text-slate-800">{r.message}</p>
              </li>
            ))}
          </ul>
        )}
        <Pager prev={page.prev} next={page.next} q={q} />
      </div>
      <ImageDialog src={image} title="Quote request photo" onClose={() => setImage(null)} />
      <Dialog
        open={!!details}
        onOpenChange={(o) => !o && setDetails(null)}
        title="Quote Request Details"
        footer={<Button onClick={() => setDetails(null)}>Close</Button>}
      >
        {details ? (
          <>
            <DetailSection
              title="Contact Information"
              rows={[
                ["Name", details.name || "Unknown"],
                ["Email", details.email],
                ["Phone", details.phone || "Not provided"],
                ["Postcode", details.postcode || "Not provided"],
              ]}
            />
            <DetailSection
              title="Request Details"
              rows={[
                ["Provider", `Provider ${details.provider_id}`],
                ["Service type", details.service_type || "Not specified"],
                ["Status", details.status || "pending"],
                ["Submitted", formatDateTime(details.created_at, "short")],
              ]}
            />
            <DetailSection
              title="Message"
              rows={[["Message", <span className="whitespace-pre-line">{details.message}</span>]]}
            />
            {details.has_image ? (
              <p className="mt-4 text-sm">
                <a
                  href={photoUrl(details.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  <img
                    src={`${photoUrl(details.id)}?size=thumb`}
                    alt=""
                    className="mb-2 block max-h-40 w-auto rounded-md border border-slate-200"
                  />
                  Open the attached image
                </a>
              </p>
            ) : null}
          </>
        ) : null}
      </Dialog>
      <DeleteDialog
        id={deleting}
        open={!!deleting}
        question="Delete this quote request? This cannot be undone."
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

function Item({ k, v }: { k: string; v: React.ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-600">{k}:</dt>
      <dd className="min-w-0 break-words">{v}</dd>
    </div>
  );
}
