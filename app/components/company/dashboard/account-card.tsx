/**
 * The company dashboard's Account Information card: registration number and state, expiry,
 * account status, the signed-in e-mail and the way to account security.
 */
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
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
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-600">Registration Number</dt>
            <dd className="font-semibold">{registrationNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Registration</dt>
            <dd className="mt-0.5" data-testid="registration-state">
              <Badge tone={registration.tone}>{registration.label}</Badge>
              {registration.detail ? (
                <span className="mt-1 block text-xs text-slate-600">{registration.detail}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Expiry Date</dt>
            <dd className="font-semibold">
              {expiryDate ? formatDate(expiryDate, "numeric") : "Not specified"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Account Status</dt>
            <dd className="font-semibold" data-testid="account-status">
              {status}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Signed in as</dt>
            <dd className="font-semibold break-all">{email}</dd>
          </div>
        </dl>
        <Button asChild variant="outline" size="sm" className="mt-4">
          <Link to="/account/security">Account security</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
