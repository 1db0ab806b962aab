/**
 * The company dashboard's Account Information card: registration number and state, expiry,
 * account status, the signed-in e-mail and the way to account security.
 */
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FactsCard } from "~/components/ui/card";
import type { RegistrationSummary } from "~/modules/company/registration-summary";
import { formatDate } from "~/platform/dates";

export function AccountInfoCard({
  registrationNumber,
  registration,
  expiryDate,
  status,
  email,
}: {
  registrationNumber: string;
  registration: RegistrationSummary;
  expiryDate: string | null;
  status: string;
  email: string;
}) {
  return (
    <FactsCard
      title="Account Information"
      facts={
        <>
          <Fact term="Registration Number" className="font-semibold">
            {registrationNumber}
          </Fact>
          <Fact term="Registration" className="mt-0.5" testId="registration-state">
            <Badge tone={registration.tone}>{registration.label}</Badge>
            {registration.detail ? (
              <span className="mt-1 block text-xs text-slate-600">{registration.detail}</span>
            ) : null}
          </Fact>
          <Fact term="Expiry Date" className="font-semibold">
            {expiryDate ? formatDate(expiryDate, "numeric") : "Not specified"}
          </Fact>
          <Fact term="Account Status" className="font-semibold" testId="account-status">
            {status}
          </Fact>
          <Fact term="Signed in as" className="font-semibold break-all">
            {email}
          </Fact>
        </>
      }
    >
      <Button asChild variant="outline" size="sm" className="mt-4">
        <Link to="/account/security">Account security</Link>
      </Button>
    </FactsCard>
  );
}

function Fact({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
