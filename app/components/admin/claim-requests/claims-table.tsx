/** The Claim Requests screen's table: one row per claim with View, and Reject/Approve while pending. */
import { ActionsTable, LoadedList } from "~/components/admin/loaded-list";
import { RowLink } from "~/components/admin/row-actions";
import type { ReviewMode } from "~/components/claims/claim-review";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { CLAIM_TEXT, planLabel } from "~/modules/claims/constants";
import type { ClaimRow } from "~/modules/claims/list-claims.server";
import type { ClaimStatus } from "~/platform/db/schema";
import { formatDate } from "~/platform/dates";

/** A claim's address on this page, opened in the given mode. */
type HrefFor = (id: string) => (m: ReviewMode) => string;

/** A pending claim's decisions, each opening the review in its mode. */
const DECISIONS = [
  { mode: "reject", label: "Reject", variant: "outline" },
  { mode: "approve", label: "Approve", variant: undefined },
] as const;

/** The table, or why there is none (the list failed to load, or no claim matches). */
export function ClaimsList({
  rows,
  status,
  q,
  hrefFor,
}: {
  rows: ClaimRow[] | null;
  status: ClaimStatus;
  q: string;
  hrefFor: HrefFor;
}) {
  return (
    <LoadedList
      rows={rows}
      failed={CLAIM_TEXT.loadClaimsFailed}
      empty={
        <>
          No {status} claim requests found{q ? ` for "${q}"` : ""}.
        </>
      }
    >
      {(list) => (
        <ActionsTable
          caption={`${status} claim requests`}
          columns={["Registration number", "Business name", "Contact", "Plan", "Submitted"]}
        >
          {list.map((c) => (
            <ClaimTableRow key={c.id} claim={c} href={hrefFor(c.id)} />
          ))}
        </ActionsTable>
      )}
    </LoadedList>
  );
}

function ClaimTableRow({ claim: c, href }: { claim: ClaimRow; href: (m: ReviewMode) => string }) {
  return (
    <tr>
      <Td className="font-mono text-xs">{c.registrationNumber}</Td>
      <Td className="font-medium">{c.businessName}</Td>
      <Td>
        {c.contactName}
        <br />
        <span className="text-xs text-slate-600">{c.contactEmail}</span>
      </Td>
      <Td>
        {c.plan === "premium" ? (
          <Badge tone="purple">{planLabel(c.plan)}</Badge>
        ) : (
          <Badge>{planLabel(c.plan)}</Badge>
        )}
      </Td>
      <Td className="whitespace-nowrap">{formatDate(c.createdAt, "short")}</Td>
      <Td>
        <div className="flex justify-end gap-2">
          <RowLink to={href("view")} label={`View claim for ${c.businessName}`} variant="outline">
            View
          </RowLink>
          {c.status === "pending"
            ? DECISIONS.map((d) => (
                <RowLink
                  key={d.mode}
                  to={href(d.mode)}
                  label={`${d.label} claim for ${c.businessName}`}
                  variant={d.variant}
                >
                  {d.label}
                </RowLink>
              ))
            : null}
        </div>
      </Td>
    </tr>
  );
}
