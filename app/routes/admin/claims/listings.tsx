/** /admin/listings: the claimed listings, searchable by business name, company name or registration number. */
import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { ListingCard } from "~/components/admin/listings/listing-card";
import { LoadedList } from "~/components/admin/loaded-list";
import { AdminSearchForm } from "~/components/admin/search-form";
import { useToastOnce } from "~/components/ui/toast";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/listings";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Listings");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  try {
    return { q, rows: await listClaimedListings(app.db, { search: q }), toast: null };
  } catch (error) {
    app.log.error({ err: error }, "admin listings: load failed");
    return data(
      {
        q,
        rows: null as ListingRow[] | null,
        toast: {
          title: "Error",
          description: CLAIM_TEXT.loadListingsFailed,
          variant: "destructive" as const,
        },
      },
      { status: 500 },
    );
  }
}

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { q, rows, toast } = loaderData;
  useToastOnce(toast);
  return (
    <AdminPage
      title="Claimed Listings"
      description="Businesses whose owners manage their listing."
      actions={<DownloadCsvLink href="/admin/listings.csv" />}
    >
      <AdminSearchForm
        id="listing-search"
        label="Search listings"
        placeholder="Business name, company name or registration number"
        q={q}
      />
      <div className="mt-5">
        <LoadedList
          rows={rows}
          failed={CLAIM_TEXT.loadListingsFailed}
          empty={<>No claimed listings found{q ? ` for "${q}"` : ""}.</>}
        >
          {(list) => (
            <ul className="space-y-3" aria-label="Claimed listings">
              {list.map((l) => (
                <ListingCard key={l.id} listing={l} />
              ))}
            </ul>
          )}
        </LoadedList>
      </div>
    </AdminPage>
  );
}
