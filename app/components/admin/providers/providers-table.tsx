/**
 * The Providers screen's list: the claimed listings with their page, View (the public profile),
 * Change plan and Suspend/Reinstate (a dialog asking the reason). Below the `sm` breakpoint each
 * row is laid out as a card, so the buttons stay on screen at 375 px instead of in a table that
 * scrolls sideways.
 */
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { LoadedList } from "~/components/admin/loaded-list";
import { RowLink } from "~/components/admin/row-actions";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, Td, Th } from "~/components/ui/table";
import { CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import type { ListingRow } from "~/modules/claims/list-listings.server";
import { formatDate } from "~/platform/dates";

interface RowActions {
  /** The page's address with the plan dialog of that listing open. */
  editHref: (id: string) => string;
  /** The page's address with the suspend (or reinstate) dialog of that listing open. */
  confirmHref: (id: string, action: "suspend" | "reinstate") => string;
}

const COLUMNS = ["Provider", "Status", "Plan", "Expires"];
/** A cell that is a line of the row's card on a narrow screen. */
const cell = "max-sm:block max-sm:border-0 max-sm:px-4 max-sm:py-1";

/** The table, or why there is none (the list failed to load, or no listing matches). */
export function ProvidersList({ rows, ...actions }: { rows: ListingRow[] | null } & RowActions) {
  return (
    <LoadedList rows={rows} failed={CLAIM_TEXT.loadListingsFailed} empty="No providers found.">
      {(list) => (
        <Table caption="Claimed providers" className="max-sm:block max-sm:min-w-0">
          <thead className="max-sm:sr-only">
            <tr>
              {COLUMNS.map((c) => (
                <Th key={c}>{c}</Th>
              ))}
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {list.map((l) => (
              <ProviderRow key={l.id} listing={l} {...actions} />
            ))}
          </tbody>
        </Table>
      )}
    </LoadedList>
  );
}

function ProviderRow({ listing: l, editHref, confirmHref }: { listing: ListingRow } & RowActions) {
  const name = l.companyName || l.businessName;
  return (
    <tr className="max-sm:block max-sm:border-b max-sm:border-slate-200 max-sm:py-2">
      <Td className={cell}>
        <Link to={`/admin/providers/${l.id}`} className="font-medium text-brand-700 underline">
          {name}
        </Link>
        <br />
        <span className="font-mono text-xs text-slate-600">{l.registrationNumber}</span>
        {l.ownerEmail ? <span className="block text-xs break-all text-slate-600">{l.ownerEmail}</span> : null}
      </Td>
      <Td className={cell}>
        <ListingBadges listing={l} />
        {l.upgradeRequest ? (
          <Badge tone="purple" className="mt-1">
            Upgrade requested
          </Badge>
        ) : null}
      </Td>
      <Td className={`whitespace-nowrap ${cell}`}>
        {planLabel(l.plan)}
        <br className="max-sm:hidden" />
        <span className="text-xs text-slate-600 max-sm:ml-1">{periodLabel(l.period)}</span>
      </Td>
      <Td className={`whitespace-nowrap ${cell}`}>
        <span className="sm:hidden">Expires </span>
        {l.endDate ? formatDate(l.endDate, "short") : "No end date"}
      </Td>
      <Td className={cell}>
        <div className="flex flex-wrap gap-2 sm:justify-end">
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
          {l.suspendedAt ? (
            <RowLink to={confirmHref(l.id, "reinstate")} label={`Reinstate ${name}`}>
              Reinstate
            </RowLink>
          ) : l.verified ? (
            <RowLink to={confirmHref(l.id, "suspend")} label={`Suspend ${name}`} variant="danger">
              Suspend
            </RowLink>
          ) : null}
        </div>
      </Td>
    </tr>
  );
}
