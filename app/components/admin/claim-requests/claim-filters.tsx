/** The Claim Requests screen's search (kept with the status tab) and its status tabs. */
import { AdminSearchForm } from "~/components/admin/search-form";
import { Badge } from "~/components/ui/badge";
import { LinkTabs } from "~/components/ui/tabs";
import type { ClaimStatus } from "~/platform/db/schema";

export function ClaimSearch({ status, q }: { status: ClaimStatus; q: string }) {
  return (
    <AdminSearchForm
      id="claim-search"
      label="Search claims"
      placeholder="Registration number, business, contact name or email"
      q={q}
    >
      <input type="hidden" name="status" value={status} />
    </AdminSearchForm>
  );
}

/** Pending (with its count, when the counts loaded), Approved, Rejected. */
export function ClaimStatusTabs({
  status,
  pending,
  listHref,
}: {
  status: ClaimStatus;
  pending: number | null;
  listHref: (s: ClaimStatus) => string;
}) {
  return (
    <LinkTabs
      label="Claim status"
      className="mt-5"
      items={[
        {
          label: (
            <>
              Pending{" "}
              {pending !== null ? (
                <Badge tone="amber" className="ml-1">
                  {pending}
                </Badge>
              ) : null}
            </>
          ),
          to: listHref("pending"),
          selected: status === "pending",
        },
        { label: "Approved", to: listHref("approved"), selected: status === "approved" },
        { label: "Rejected", to: listHref("rejected"), selected: status === "rejected" },
      ]}
    />
  );
}
