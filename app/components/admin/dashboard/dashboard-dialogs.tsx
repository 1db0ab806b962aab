/**
 * The Admin Dashboard's dialogs, opened from the URL (?claim=, ?lead=, ?quote=) so they work
 * without JavaScript: Review Claim (links on to Claim Requests' approve and reject), and the
 * details of a recent lead or quote request.
 */
import { Link } from "react-router";
import { DetailList } from "~/components/admin/detail-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { Dashboard } from "~/modules/admin/get-dashboard.server";
import { formatDate, formatDateTime } from "~/platform/dates";

const LOAD_SIZES: Record<string, string> = {
  single: "Single Item",
  small: "Car Load",
  medium: "Small Van",
  large: "Large Van",
};

/** What every dashboard dialog shares: closing goes back to the tab (a link without JavaScript). */
interface Closing {
  onOpenChange: (open: boolean) => void;
  closeHref: string;
}

export function DashboardDialogs({
  d,
  params,
  close,
  closeHref,
}: {
  d: Dashboard;
  params: URLSearchParams;
  close: () => void;
  closeHref: string;
}) {
  const claim = d.pendingClaims.find((c) => c.id === params.get("claim"));
  const lead = d.recentLeads.find((l) => l.id === params.get("lead"));
  const quote = d.recentQuotes.find((q) => q.id === params.get("quote"));
  const closing: Closing = {
    onOpenChange: (open: boolean) => {
      if (!open) close();
    },
    closeHref,
  };
  return (
    <>
      {claim ? <ClaimDialog claim={claim} {...closing} /> : null}
      {lead ? <LeadDialog lead={lead} {...closing} /> : null}
      {quote ? <QuoteDialog quote={quote} {...closing} /> : null}
    </>
  );
}

function ClaimDialog({ claim, ...closing }: { claim: Dashboard["pendingClaims"][number] } & Closing) {
  const review = `/admin/claim-requests?claim=${encodeURIComponent(claim.id)}`;
  return (
    <Dialog
      open
      {...closing}
      title="Review Claim"
      description={claim.businessName ?? undefined}
      footer={
        <>
          <Button asChild variant="danger">
            <Link to={`${review}&action=reject`}>Reject</Link>
          </Button>
          <Button asChild>
            <Link to={`${review}&action=approve`}>Approve Claim</Link>
          </Button>
        </>
      }
    >
      <DetailList
        items={[
          ["Registration number", <span className="font-mono">{claim.registrationNumber}</span>],
          ["Contact name", claim.contactName],
          [
            "Phone",
            <a href={`tel:${claim.contactPhone}`} className="text-brand-700 underline">
              {claim.contactPhone}
            </a>,
          ],
          ["E-mail", <MailLink email={claim.contactEmail} />],
          [
            "Licence document",
            claim.licenseDocumentUrl ? (
              <a
                href={claim.licenseDocumentUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand-700 underline"
              >
                View licence document
              </a>
            ) : (
              "No document uploaded"
            ),
          ],
          ["Plan", claim.subscriptionPlan === "premium" ? "Premium" : "Standard"],
          ["Submitted", formatDateTime(claim.createdAt, "short")],
        ]}
      />
    </Dialog>
  );
}

function LeadDialog({ lead, ...closing }: { lead: Dashboard["recentLeads"][number] } & Closing) {
  return (
    <Dialog
      open
      {...closing}
      title="Lead details"
      description={`Received ${formatDateTime(lead.createdAt, "short")}`}
    >
      <DetailList
        items={[
          ["Name", lead.name],
          ["E-mail", <MailLink email={lead.email} />],
          ["Phone", lead.phone],
          ["Postcode", lead.postcode],
          ["Load size", lead.loadSize ? (LOAD_SIZES[lead.loadSize] ?? lead.loadSize) : null],
          ["Preferred date", lead.preferredDate ? formatDate(lead.preferredDate, "short") : null],
          ["Preferred time", lead.preferredTime === "asap" ? "As soon as possible" : lead.preferredTime],
          ["Status", <Badge tone="blue">{lead.status}</Badge>],
          ["Description", <span className="whitespace-pre-line">{lead.description}</span>],
          ["Image", lead.hasImage ? "Image attached (see Leads)" : "No image"],
        ]}
      />
    </Dialog>
  );
}

function QuoteDialog({ quote, ...closing }: { quote: Dashboard["recentQuotes"][number] } & Closing) {
  return (
    <Dialog open {...closing} title="Quote request details" description={`Provider ${quote.providerId}`}>
      <DetailList
        items={[
          ["Name", quote.name || "Unknown"],
          ["E-mail", <MailLink email={quote.email} />],
          ["Phone", quote.phone],
          ["Postcode", quote.postcode],
          ["Provider", `Provider ${quote.providerId}`],
          ["Service type", quote.serviceType],
          ["Status", <Badge tone="amber">{quote.status}</Badge>],
          ["Message", <span className="whitespace-pre-line">{quote.message}</span>],
          ["Image", quote.hasImage ? "Image attached (see Quote Requests)" : "No image"],
          ["Received", formatDateTime(quote.createdAt, "short")],
        ]}
      />
    </Dialog>
  );
}

function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="text-brand-700 underline">
      {email}
    </a>
  );
}
