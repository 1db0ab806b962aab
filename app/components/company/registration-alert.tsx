/**
 * The dashboard's warning about the carrier's registration (issue 14, items 5 and 7): expiring
 * within 60 days, expired, or no longer on the register, with the way to renew.
 */
import { ExternalLink } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import type { RegistrationSummary } from "~/modules/company/registration-summary";
import { RENEW_URL } from "~/modules/waste-notes/note-rules";

export function RegistrationAlert({
  registration,
  registrationNumber,
}: {
  registration: RegistrationSummary;
  registrationNumber: string;
}) {
  if (!registration.alert) return null;
  const renew = (
    <p className="mt-2">
      <a href={RENEW_URL} target="_blank" rel="noreferrer" className="font-semibold underline">
        Renew with the Environment Agency
        <ExternalLink aria-hidden className="ml-1 inline size-3.5 align-[-2px]" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
  const expiring = registration.alert === "expiring";
  return (
    <Alert
      tone={expiring ? "warning" : "error"}
      title={`Registration ${registrationNumber}: ${registration.label}`}
      className="mt-6"
      data-testid="registration-alert"
    >
      {expiring ? (
        <p>{registration.detail}. Renew before then to keep your listing and to keep writing waste notes.</p>
      ) : (
        <p>
          {registration.alert === "expired"
            ? "You cannot issue new waste notes under an expired registration."
            : "Your registration is no longer on the Environment Agency public register, so you cannot issue new waste notes under it."}{" "}
          Once you have renewed, you can write notes again as soon as the register shows it.
        </p>
      )}
      {renew}
    </Alert>
  );
}
