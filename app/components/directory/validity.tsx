import { CalendarCheck2, CalendarX2, ShieldCheck } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { Badge } from "~/components/ui/badge";
import { formatDate, registrationValidity } from "~/modules/directory/provider";

/** The profile's banner: 'Valid Registration until {date}' or 'Expired Registration since {date}'. */
export function ValidityBanner({ expiryDate, className }: { expiryDate: string | null; className?: string }) {
  const v = registrationValidity(expiryDate);
  const expired = v.status === "expired";
  const Icon = v.status === "valid" ? CalendarCheck2 : expired ? CalendarX2 : ShieldCheck;
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-lg border px-4 py-3 text-sm font-semibold",
        expired ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800",
        className,
      )}
    >
      <Icon aria-hidden className="h-5 w-5 shrink-0" />
      <p>
        {v.status === "valid"
          ? `Valid Registration until ${formatDate(v.until)}`
          : v.status === "expired"
            ? `Expired Registration since ${formatDate(v.since)}`
            : "Valid Registration (lower tier registrations do not expire)"}
      </p>
    </div>
  );
}

export function ValidityBadge({ expiryDate }: { expiryDate: string | null }) {
  const v = registrationValidity(expiryDate);
  if (v.status === "expired") return <Badge tone="red">Expired</Badge>;
  return <Badge tone="green">Valid licence</Badge>;
}
