/** The Providers screen's list: the claimed listings' table with View, Change plan, Suspend/Reinstate. */
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { ActionsTable, LoadedList } from "~/components/admin/loaded-list";
import { IntentButton, RowLink } from "~/components/admin/row-actions";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Td } from "~/components/ui/table";
import { CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import type { ListingRow } from "~/modules/claims/list-listings.server";
import { formatDate } from "~/platform/dates";

interface RowActions {
  /** The page's address with the plan dialog of that listing open. */
  editHref: (id: string) => string;
  busy: boolean;
}

/** The table, or why there is none (the list failed to load, or no listing matches). */
export function ProvidersList({ rows, ...actions }: { rows: ListingRow[] | null } & RowActions) {
  return (
    <LoadedList rows={rows} failed={CLAIM_TEXT.loadListingsFailed} empty="No providers found.">
      {(list) => (
        <ActionsTable caption="Claimed providers" columns={["Provider", "Status", "Plan", "Expires"]}>
          {list.map((l) => (
            <ProviderRow key={l.id} listing={l} {...actions} />
          ))}
        </ActionsTable>
      )}
    </LoadedList>
  );
}

function ProviderRow({ listing: l, editHref, busy }: { listing: ListingRow } & RowActions) {
  const name = l.companyName || l.businessName;
  return (
    <tr>
      <Td>
        <span className="font-medium">{name}</span>
        <br />
        <span className="font-mono text-xs text-slate-600">{l.registrationNumber}</span>
        {l.ownerEmail ? <span className="block text-xs text-slate-600">{l.ownerEmail}</span> : null}
      </Td>
      <Td>
        <ListingBadges listing={l} />
        {l.upgradeRequest ? (
          <Badge tone="purple" className="mt-1">
            Upgrade requested
          </Badge>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap">
        {planLabel(l.plan)}
        <br />
        <span className="text-xs text-slate-600">{periodLabel(l.period)}</span>
      </Td>
      <Td className="whitespace-nowrap">{l.endDate ? formatDate(l.endDate, "short") : "No end date"}</Td>
      <Td>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/provider/${encodeURIComponent(l.registrationNumber)}`}
              target="_blank"
              rel="noreferrer"
              aria-label={`View details of ${name} (opens in a new tab)`}
            >
              View Details <ExternalLink aria-hidden className="size-4" />
            </Link>
          </Button>
          <RowLink to={editHref(l.id)} label={`Change plan of ${name}`} variant="outline">
            Change plan
          </RowLink>
          {l.verified ? <SuspendForm listing={l} name={name} busy={busy} /> : null}
        </div>
      </Td>
    </tr>
  );
}

/** Suspend a verified listing, or reinstate a suspended one. */
function SuspendForm({ listing: l, name, busy }: { listing: ListingRow; name: string; busy: boolean }) {
  const action = l.suspendedAt
    ? ({ intent: "reinstate", label: "Reinstate", variant: undefined } as const)
    : ({ intent: "suspend", label: "Suspend", variant: "danger" } as const);
  return (
    <IntentButton
      field="listingId"
      id={l.id}
      intent={action.intent}
      variant={action.variant}
      disabled={busy}
      aria-label={`${action.label} ${name}`}
    >
      {action.label}
    </IntentButton>
  );
}
