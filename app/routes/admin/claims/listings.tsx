/** /admin/listings: the claimed listings, searchable by business name, company name or registration number. */
import { ExternalLink, Globe, Mail, Phone, Search } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form";
import { useToastOnce } from "~/components/ui/toast";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { websiteHref } from "~/modules/directory/provider";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/listings";
import { formatDate } from "~/platform/dates";
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
    <AdminPage title="Claimed Listings" description="Businesses whose owners manage their listing.">
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="listing-search">Search listings</Label>
          <Input
            id="listing-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Business name, company name or registration number"
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden className="size-4" /> Search
        </Button>
      </Form>
      <div className="mt-5">
        {!rows ? (
          <Alert tone="error" title={CLAIM_TEXT.loadListingsFailed}>
            Please reload the page.
          </Alert>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No claimed listings found{q ? ` for "${q}"` : ""}.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Claimed listings">
            {rows.map((l) => {
              const site = websiteHref(l.website);
              return (
                <li key={l.id}>
                  <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
                    <div className="min-w-0 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold text-slate-900">{l.companyName || l.businessName}</h2>
                        <ListingBadges listing={l} trial={false} />
                      </div>
                      <p className="text-sm text-slate-600">
                        {l.registrationNumber}
                        {l.companyName && l.companyName !== l.businessName
                          ? ` · on the register as ${l.businessName}`
                          : ""}{" "}
                        · claimed {formatDate(l.createdAt, "short")}
                      </p>
                      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                        {site ? (
                          <a
                            href={site}
                            target="_blank"
                            rel="noreferrer nofollow"
                            className="inline-flex items-center gap-1 text-brand-700 underline"
                          >
                            <Globe aria-hidden className="size-4" /> {l.website}
                          </a>
                        ) : null}
                        {l.email ? (
                          <a
                            href={`mailto:${l.email}`}
                            className="inline-flex items-center gap-1 text-brand-700 underline"
                          >
                            <Mail aria-hidden className="size-4" /> {l.email}
                          </a>
                        ) : null}
                        {l.phone ? (
                          <a
                            href={`tel:${l.phone.replace(/[^\d+]/g, "")}`}
                            className="inline-flex items-center gap-1 text-brand-700 underline"
                          >
                            <Phone aria-hidden className="size-4" /> {l.phone}
                          </a>
                        ) : null}
                      </p>
                    </div>
                    <Button asChild variant="outline" size="sm" className="shrink-0">
                      <Link
                        to={`/provider/${encodeURIComponent(l.registrationNumber)}`}
                        target="_blank"
                        rel="noreferrer"

                        aria-label={`View details of ${l.companyName || l.businessName} (opens in a new tab)`}
                      >
                        View Details <ExternalLink aria-hidden className="size-4" />
                      </Link>
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
