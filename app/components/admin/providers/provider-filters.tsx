/** The Providers screen's filters: status and plan (a GET form, so it works without JavaScript). */
import { Filter } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, Select } from "~/components/ui/form";
import { LISTING_STATUSES, type ListingStatusFilter } from "~/modules/claims/listing-filters";

const STATUS_LABELS: Record<ListingStatusFilter, string> = {
  all: "All",
  verified: "Verified",
  unverified: "Unverified",
  suspended: "Suspended",
  trial: "On trial",
};

export function ProviderFilters({ status, plan }: { status: ListingStatusFilter; plan: string }) {
  return (
    <Form
      method="get"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <div>
        <Label htmlFor="filter-status">Status</Label>
        <Select id="filter-status" name="status" defaultValue={status}>
          {LISTING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="filter-plan">Plan</Label>
        <Select id="filter-plan" name="plan" defaultValue={plan}>
          <option value="all">All plans</option>
          <option value="standard">Standard</option>
          <option value="premium">Premium</option>
        </Select>
      </div>
      <Button type="submit" variant="outline">
        <Filter aria-hidden className="size-4" /> Filters
      </Button>
    </Form>
  );
}
