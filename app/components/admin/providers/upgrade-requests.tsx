/** The Providers screen's first section: carriers' open requests for Premium (decision 0706). */
import { Crown } from "lucide-react";
import { Link } from "react-router";
import { IntentButton, RowLink } from "~/components/admin/row-actions";
import { periodLabel, planLabel } from "~/modules/claims/constants";
import type { ListingRow } from "~/modules/claims/list-listings.server";
import { formatDate } from "~/platform/dates";

export function UpgradeRequests({
  requests,
  editHref,
  busy,
}: {
  requests: ListingRow[];
  /** The page's address with the plan dialog of that listing open. */
  editHref: (id: string) => string;
  busy: boolean;
}) {
  if (requests.length === 0) return null;
  return (
    <section
      id="upgrade-requests"
      aria-labelledby="upgrade-requests-title"
      className="mb-6 rounded-lg border border-purple-200 bg-purple-50/60 p-4"
    >
      <h2 id="upgrade-requests-title" className="flex items-center gap-2 font-semibold text-purple-950">
        <Crown aria-hidden className="size-4" /> Upgrade requests ({requests.length})
      </h2>
      <p className="mt-1 text-sm text-purple-900">
        Carriers asking for Premium. No payment has been taken: contact them, then change the plan (which
        closes the request).
      </p>
      <ul className="mt-3 space-y-2">
        {requests.map((l) => (
          <UpgradeRequestRow key={l.upgradeRequest!.id} listing={l} editHref={editHref} busy={busy} />
        ))}
      </ul>
    </section>
  );
}

function UpgradeRequestRow({
  listing: l,
  editHref,
  busy,
}: {
  listing: ListingRow;
  editHref: (id: string) => string;
  busy: boolean;
}) {
  const name = l.companyName || l.businessName;
  const r = l.upgradeRequest!;
  return (
    <li
      className="flex flex-col gap-3 rounded-md border border-purple-100 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="upgrade-request-row"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          <Link to={`/admin/providers/${l.id}`} className="text-brand-700 underline">
            {name}
          </Link>{" "}
          <span className="font-mono text-xs text-slate-600">{l.registrationNumber}</span>
        </p>
        <p className="text-slate-700">
          Premium, {periodLabel(r.period).toLowerCase()}, asked on {formatDate(new Date(r.createdAt))}
          {l.ownerEmail ? (
            <>
              {" "}
              by{" "}
              <a href={`mailto:${l.ownerEmail}`} className="text-brand-700 underline">
                {l.ownerEmail}
              </a>
            </>
          ) : null}
          . Now on {planLabel(l.plan)}
          {l.freeTrial ? " (trial)" : ""}.
        </p>
        {r.message ? (
          <p className="mt-1 break-words whitespace-pre-line text-slate-600">&ldquo;{r.message}&rdquo;</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <RowLink to={editHref(l.id)} label={`Change plan of ${name}`}>
          Change plan
        </RowLink>
        <IntentButton
          field="requestId"
          id={r.id}
          intent="close-request"
          variant="outline"
          disabled={busy}
          aria-label={`Close the upgrade request of ${name}`}
        >
          Close request
        </IntentButton>
      </div>
    </li>
  );
}
