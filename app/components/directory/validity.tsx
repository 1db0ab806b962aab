import { CalendarCheck2Icon } from "~/components/ui/icons/calendar-check-2";
import { CalendarClockIcon } from "~/components/ui/icons/calendar-clock";
import { CalendarX2Icon } from "~/components/ui/icons/calendar-x-2";
import { ShieldCheckIcon } from "~/components/ui/icons/shield-check";
import { cn } from "~/components/ui/cn";
import { Badge } from "~/components/ui/badge";
import { type Provider } from "~/modules/directory/provider";
import {
  EXPIRY_UNKNOWN_TEXT,
  expiresInText,
  registrationState,
  type RegistrationState,
} from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

type Registration = Pick<Provider, "expiry_date" | "registration_tier">;

/** 'Valid Registration until {date}', 'Expired Registration since {date}' (spec), or the lower tier's words. */
export function validityText(state: RegistrationState): string {
  if (state.state === "valid") return `Valid Registration until ${formatDate(state.until)}`;
  if (state.state === "expired") return `Expired Registration since ${formatDate(state.since)}`;
  if (state.state === "removed") return "No longer on the register";
  if (state.state === "expiry-unknown") return EXPIRY_UNKNOWN_TEXT;
  return "Valid Registration (lower tier registrations do not expire)";
}

/**
 * The profile's banner: valid (with 'Expires in N days' within 60 days of the expiry date),
 * expired, or lower tier. The rule is registrationState's (registration.ts).
 */
export function ValidityBanner({ provider, className }: { provider: Registration; className?: string }) {
  const state = registrationState(provider);
  const expired = state.state === "expired" || state.state === "removed";
  // An upper tier entry without an expiry date is not confirmed (decision 0280): amber, like "soon".
  const soon = (state.state === "valid" && state.expiringSoon) || state.state === "expiry-unknown";
  const Icon = soon
    ? CalendarClockIcon
    : state.state === "valid"
      ? CalendarCheck2Icon
      : expired
        ? CalendarX2Icon
        : ShieldCheckIcon;
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        expired
          ? "border-red-200 bg-red-50 text-red-800"
          : soon
            ? "border-amber-300 bg-amber-50 text-amber-950"
            : "border-green-200 bg-green-50 text-green-800",
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">{validityText(state)}</p>
        {state.state === "expiry-unknown" ? (
          <p className="mt-0.5">
            The register gives this upper tier registration no expiry date: check it on the Environment
            Agency's public register before you hand over waste.
          </p>
        ) : null}
        {state.state === "valid" && state.expiringSoon ? (
          <p className="mt-0.5">
            <strong>{expiresInText(state.daysLeft)}</strong>: the carrier must renew with the Environment
            Agency before then to stay registered.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A result card's badge: Expired, Not confirmed (no expiry date on an upper tier entry), 'Expires in
 * N days' (within 60 days), or Valid licence.
 */
export function ValidityBadge({ provider }: { provider: Registration }) {
  const state = registrationState(provider);
  if (state.state === "expired" || state.state === "removed") return <Badge tone="red">Expired</Badge>;
  if (state.state === "expiry-unknown") return <Badge tone="amber">Not confirmed</Badge>;
  if (state.state === "valid" && state.expiringSoon) {
    return (
      <Badge tone="amber">
        <CalendarClockIcon aria-hidden className="h-3.5 w-3.5" /> {expiresInText(state.daysLeft)}
      </Badge>
    );
  }
  return <Badge tone="green">Valid licence</Badge>;
}
