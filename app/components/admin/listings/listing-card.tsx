/** One claimed listing on the admin Listings screen: names, badges, contact links, View Details. */
import { ExternalLink, Globe, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ListingRow } from "~/modules/claims/list-listings.server";
import { websiteHref } from "~/modules/directory/provider";
import { formatDate } from "~/platform/dates";

export function ListingCard({ listing: l }: { listing: ListingRow }) {
  return (
    <li>
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
          <ContactLinks listing={l} />
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
}

/** The owner's website, e-mail and phone, each when given. */
function ContactLinks({ listing: l }: { listing: ListingRow }) {
  const site = websiteHref(l.website);
  return (
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
        <a href={`mailto:${l.email}`} className="inline-flex items-center gap-1 text-brand-700 underline">
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
  );
}
