/** /admin/leads: Customer Leads (general quote leads), newest first, searchable, with dialogs. */
import { Eye, ImageIcon, Paperclip, Trash2 } from "lucide-react";
import { useState } from "react";
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
import { loadSizeLabel } from "~/modules/leads/constants";
import { deleteLead } from "~/modules/leads/delete-lead.server";
import { listLeads, type LeadRow } from "~/modules/leads/list-leads.server";
import { formatDate, formatDateTime } from "~/platform/dates";
import { deleteFromAdminList, loadAdminList } from "~/web/admin-list.server";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/leads";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Customer Leads");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return loadAdminList(context, url, (req) => listLeads(getApp(context).db, req), "leads");
}

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  return deleteFromAdminList(context, request, url, {
    remove: (id) => deleteLead({ db: app.db, storage: app.storage, log: app.log }, id),
    what: "lead",
    deleted: "Lead deleted",
  });
}

const photoUrl = (id: string) => `/enquiries/photo/lead/${id}`;

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { q, page, error } = loaderData;
  useToastOnce(error);
  const [image, setImage] = useState<string | null>(null);
  const [details, setDetails] = useState<LeadRow | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <AdminPage
      title="Customer Leads"
      description="Quote requests sent from the search results page, newest first."
    >
      <SearchBar
        q={q}
        label="Search leads"
        placeholder="Search by name, email, postcode, phone, description..."
      />
      <div className="mt-6">
        {page.rows.length === 0 ? (
          <EmptyState>{q ? `No leads match "${q}"` : "No leads found"}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Leads">
            {page.rows.map((l) => (
              <li
                key={l.id}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="lead-row"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold text-slate-900">{l.name}</h2>
                      <Badge tone="blue">{l.status || "new"}</Badge>
                      {l.has_image ? (
                        <Badge tone="purple">
                          <Paperclip aria-hidden className="h-3 w-3" /> Image attached
                        </Badge>
                      ) : null}
                    </div>
                    <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(l.created_at, "short")}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {l.has_image ? (
                      <Button size="sm" variant="outline" onClick={() => setImage(photoUrl(l.id))}>
                        <ImageIcon aria-hidden className="h-4 w-4" /> View Image
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" onClick={() => setDetails(l)}>
                      <Eye aria-hidden className="h-4 w-4" /> View Details
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-red-700"
                      onClick={() => setDeleting(l.id)}
                    >
                      <Trash2 aria-hidden className="h-4 w-4" /> Delete
                    </Button>
                  </div>
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
                  <Item
                    k="Email"
                    v={
                      <a href={`mailto:${l.email}`} className="text-brand-700 underline underline-offset-2">
                        {l.email}
                      </a>
                    }
                  />
                  <Item k="Phone" v={l.phone || "Not provided"} />
                  <Item k="Postcode" v={l.postcode} />
                  <Item k="Load size" v={loadSizeLabel(l.load_size)} />
                  <Item
                    k="Preferred date"
                    v={l.preferred_date ? formatDate(l.preferred_date) : "Not specified"}
                  />
                  <Item k="Preferred time" v={l.preferred_time || "asap"} />
                </dl>
                <p className="mt-2 line-clamp-2 text-sm text-slate-800">{l.description}</p>
              </li>
            ))}
          </ul>
        )}
        <Pager prev={page.prev} next={page.next} q={q} />
      </div>
      <ImageDialog src={image} title="Lead photo" onClose={() => setImage(null)} />
      <Dialog
        open={!!details}
        onOpenChange={(o) => !o && setDetails(null)}
        title="Lead Details"
        footer={<Button onClick={() => setDetails(null)}>Close</Button>}
      >
        {details ? (
          <>
            <DetailSection
              title="Contact Information"
              rows={[
                ["Name", details.name],
                ["Email", details.email],
                ["Phone", details.phone || "Not provided"],
                ["Postcode", details.postcode],
              ]}
            />
            <DetailSection
              title="Request Details"
              rows={[
                ["Load size", loadSizeLabel(details.load_size)],
                [
                  "Preferred date",
                  details.preferred_date ? formatDate(details.preferred_date) : "Not specified",
                ],
                ["Preferred time", details.preferred_time || "asap"],
                ["Status", details.status || "new"],
                ["Submitted", formatDateTime(details.created_at, "short")],
              ]}
            />
            <DetailSection
              title="Description"
              rows={[["Description", <span className="whitespace-pre-line">{details.description}</span>]]}
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
        question="Delete this lead? This cannot be undone."
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
