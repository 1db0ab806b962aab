/**
 * /admin/quote-requests: Provider Quote Requests, newest first, searchable, with dialogs. The page
 * says what a request's card and details show; the list kit (app/components/admin/list-kit) draws them.
 */
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { MailLink } from "~/components/admin/list-kit/enquiry-card";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { EnquiryList, type EnquiryListTexts } from "~/components/admin/list-kit/enquiry-list";
import type { DetailSectionContent, EnquiryCardContent } from "~/components/admin/list-kit/types";
import { SearchBar } from "~/components/enquiries/admin-parts";
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
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  return deleteFromAdminList(context, request, url, {
    remove: (id) => deleteQuoteRequest({ db: app.db, storage: app.storage, log: app.log }, id, admin.id),
    what: "quote request",
    deleted: "Quote request deleted",
  });
}

const photoUrl = (id: string) => `/enquiries/photo/quote/${id}`;

const TEXTS: EnquiryListTexts = {
  label: "Quote requests",
  empty: "No quote requests found",
  imageTitle: "Quote request photo",
  detailsTitle: "Quote Request Details",
  deleteQuestion: "Delete this quote request? This cannot be undone.",
};

function quoteCard(r: QuoteRow): EnquiryCardContent {
  return {
    title: r.name || "Unknown",
    status: r.status || "pending",
    tone: "amber",
    facts: [
      ["Email", <MailLink email={r.email} />],
      ["Phone", r.phone || "Not provided"],
      ["Postcode", r.postcode || "Not provided"],
      [
        "Provider",
        <Link
          to={`/provider/${encodeURIComponent(r.provider_id)}`}
          className="font-mono text-brand-700 underline underline-offset-2"
        >
          {r.provider_id}
        </Link>,
      ],
      ["Service", r.service_type || "Not specified"],
    ],
    summary: r.message,
  };
}

function quoteDetails(r: QuoteRow): DetailSectionContent[] {
  return [
    {
      title: "Contact Information",
      rows: [
        ["Name", r.name || "Unknown"],
        ["Email", r.email],
        ["Phone", r.phone || "Not provided"],
        ["Postcode", r.postcode || "Not provided"],
      ],
    },
    {
      title: "Request Details",
      rows: [
        ["Provider", `Provider ${r.provider_id}`],
        ["Service type", r.service_type || "Not specified"],
        ["Status", r.status || "pending"],
        ["Submitted", formatDateTime(r.created_at, "short")],
      ],
    },
    {
      title: "Message",
      rows: [["Message", <span className="whitespace-pre-line">{r.message}</span>]],
    },
  ];
}

export default function QuoteRequests({ loaderData }: Route.ComponentProps) {
  const { q, page, error } = loaderData;
  useToastOnce(error);
  return (
    <AdminPage
      title="Provider Quote Requests"
      description="Requests visitors sent to premium providers, newest first."
      actions={<DownloadCsvLink href="/admin/quote-requests.csv" />}
    >
      <SearchBar
        q={q}
        label="Search quote requests"
        placeholder="Search by name, email, postcode, provider, message..."
      />
      <EnquiryList
        q={q}
        page={page}
        rowTestId="quote-row"
        texts={{ ...TEXTS, empty: q ? `No quote requests match "${q}"` : TEXTS.empty }}
        photoUrl={photoUrl}
        card={quoteCard}
        details={quoteDetails}
      />
    </AdminPage>
  );
}
