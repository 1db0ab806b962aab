/**
 * /admin/leads: Customer Leads (general quote leads), newest first, searchable, with dialogs. The
 * page says what a lead's card and details show; the list kit (app/components/admin/list-kit) draws them.
 */
import { AdminPage } from "~/components/admin/admin-page";
import { MailLink } from "~/components/admin/list-kit/enquiry-card";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { EnquiryList, type EnquiryListTexts } from "~/components/admin/list-kit/enquiry-list";
import type { DetailSectionContent, EnquiryCardContent } from "~/components/admin/list-kit/types";
import { SearchBar } from "~/components/enquiries/admin-parts";
import { useToastOnce } from "~/components/ui/toast";
import { Link } from "react-router";
import { loadSizeLabel } from "~/modules/leads/constants";
import { leadStatusTone } from "~/modules/leads/forwarding";
import { deleteLead } from "~/modules/leads/delete-lead.server";
import { deleteLeads } from "~/modules/leads/delete-leads.server";
import { listLeads, type LeadRow } from "~/modules/leads/list-leads.server";
import { formatDate, formatDateTime } from "~/platform/dates";
import { deleteFromAdminList, loadAdminList } from "~/web/admin-list.server";
import { countOf, type BulkActionTexts } from "~/web/bulk-selection";
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
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  return deleteFromAdminList(context, request, url, {
    remove: (id) => deleteLead({ db: app.db, storage: app.storage, log: app.log }, id, admin.id),
    what: "lead",
    deleted: "Lead deleted",
    bulk: {
      "delete-selected": {
        ...BULK["delete-selected"]!,
        run: async (ids) => (await deleteLeads(app, { ids, adminId: admin.id })).deleted,
      },
    },
  });
}

/** The leads' bulk action (decision 0806): delete the ticked leads, one confirmation for the batch. */
const BULK: Record<string, BulkActionTexts> = {
  "delete-selected": {
    label: "Delete selected",
    question: (n) => `Delete ${countOf(n, "lead", "leads")}? This cannot be undone.`,
    confirm: "Delete",
    done: (n) => `${countOf(n, "lead", "leads")} deleted`,
    danger: true,
  },
};

const photoUrl = (id: string) => `/enquiries/photo/lead/${id}`;

const TEXTS: EnquiryListTexts = {
  label: "Leads",
  empty: "No leads found",
  imageTitle: "Lead photo",
  detailsTitle: "Lead Details",
  deleteQuestion: "Delete this lead? This cannot be undone.",
};

const preferredDate = (l: LeadRow) => (l.preferred_date ? formatDate(l.preferred_date) : "Not specified");

function leadCard(l: LeadRow): EnquiryCardContent {
  return {
    title: l.name,
    status: l.status || "new",
    tone: leadStatusTone(l.status),
    facts: [
      ["Email", <MailLink email={l.email} />],
      ["Phone", l.phone || "Not provided"],
      ["Postcode", l.postcode],
      ["Load size", loadSizeLabel(l.load_size)],
      ["Preferred date", preferredDate(l)],
      ["Preferred time", l.preferred_time || "asap"],
    ],
    summary: l.description,
  };
}

function leadDetails(l: LeadRow): DetailSectionContent[] {
  return [
    {
      title: "Contact Information",
      rows: [
        ["Name", l.name],
        ["Email", l.email],
        ["Phone", l.phone || "Not provided"],
        ["Postcode", l.postcode],
      ],
    },
    {
      title: "Request Details",
      rows: [
        ["Load size", loadSizeLabel(l.load_size)],
        ["Preferred date", preferredDate(l)],
        ["Preferred time", l.preferred_time || "asap"],
        ["Status", l.status || "new"],
        ["Submitted", formatDateTime(l.created_at, "short")],
      ],
    },
    {
      title: "Forwarding",
      rows: [
        [
          "Carriers",
          <Link to={`/admin/leads/${l.id}/forward`} className="font-medium text-green-700 underline">
            {l.status === "closed" ? "View forwarding" : "Forward to carriers"}
          </Link>,
        ],
      ],
    },
    {
      title: "Description",
      rows: [["Description", <span className="whitespace-pre-line">{l.description}</span>]],
    },
  ];
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page, error } = loaderData;
  useToastOnce(error);
  return (
    <AdminPage
      title="Customer Leads"
      description="Quote requests sent from the search results page, newest first."
      actions={<DownloadCsvLink href="/admin/leads.csv" />}
    >
      <SearchBar
        q={q}
        label="Search leads"
        placeholder="Search by name, email, postcode, phone, description..."
      />
      <EnquiryList
        q={q}
        page={page}
        rowTestId="lead-row"
        texts={{ ...TEXTS, empty: q ? `No leads match "${q}"` : TEXTS.empty }}
        photoUrl={photoUrl}
        card={leadCard}
        details={leadDetails}
        bulk={{
          actions: BULK,
          noun: ["lead", "leads"],
          rowLabel: (l) => `Select lead from ${l.name}`,
          confirm: actionData?.bulkConfirm,
        }}
      />
    </AdminPage>
  );
}
