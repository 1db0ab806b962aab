import { ExternalLinkIcon } from "~/components/ui/icons/external-link";
import { cn } from "~/components/ui/cn";
import { publicRegisterUrl } from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

/**
 * When the register data was last synced ('Register data as of 23 November 2026'; nothing when no
 * sync has succeeded) and the official register entry for the number.
 */
export function RegisterSource({
  registrationNumber,
  asOf,
  className,
}: {
  registrationNumber: string;
  asOf: string | null;
  className?: string;
}) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700", className)}>
      {asOf ? <span>Register data as of {formatDate(asOf)}</span> : null}
      <a
        href={publicRegisterUrl(registrationNumber)}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Check this registration on the Environment Agency's public register
        <ExternalLinkIcon aria-hidden className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
      </a>
    </p>
  );
}
