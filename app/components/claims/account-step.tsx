/** Step 1, Verify Business: the business from the register and the claimant's account details. */
import { Link } from "react-router";
import { Field, Input } from "~/components/ui/form";
import { CLAIM_TEXT, MIN_PASSWORD } from "~/modules/claims/constants";
import type { ClaimTarget } from "~/modules/claims/find-claim-target.server";
import type { WizardErrors, WizardValues } from "~/modules/claims/wizard-state";
import { formatDate } from "~/platform/dates";

const FIELDS = ["contactName", "contactEmail", "contactPhone", "password", "confirmPassword"] as const;

export function AccountStep({
  active,
  business,
  values,
  errors,
  account,
}: {
  active: boolean;
  business: ClaimTarget;
  values: WizardValues;
  errors: WizardErrors;
  account: { email: string } | null;
}) {
  if (!active) {
    return (
      <>
        {FIELDS.filter((f) => !(account && (f === "password" || f === "confirmPassword"))).map((f) => (
          <input key={f} type="hidden" name={f} value={values[f]} />
        ))}
      </>
    );
  }
  const loginHref = `/login?redirectTo=${encodeURIComponent(`/claim/${business.registrationNumber}`)}`;
  return (
    <div className="space-y-5">
      <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
        <p className="text-sm font-semibold text-brand-800">Is this your business?</p>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Business name</dt>
            <dd className="font-semibold text-slate-900">{business.businessName}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Registration number</dt>
            <dd className="font-semibold text-slate-900">{business.registrationNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Address</dt>
            <dd className="text-slate-900">
              {[business.address, business.town, business.postcode].filter(Boolean).join(", ") ||
                "Address not available"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Registration expires</dt>
            <dd className="text-slate-900">
              {business.expiryDate ? formatDate(business.expiryDate) : "Not specified"}
            </dd>
          </div>
        </dl>
      </div>
      <p className="text-sm text-slate-600">
        {account ? (
          <>
            You are signed in as <strong>{account.email}</strong>: the claim will be linked to this account.
          </>
        ) : (
          <>
            Your details, and a password for your company account. Already have an account?{" "}
            <Link to={loginHref} className="font-medium text-brand-700 underline">
              Sign in first
            </Link>
            .
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your name" errors={errors.contactName}>
          {(p) => (
            <Input
              {...p}
              name="contactName"
              defaultValue={values.contactName}
              autoComplete="name"
              maxLength={200}
            />
          )}
        </Field>
        <Field label="Phone number" errors={errors.contactPhone}>
          {(p) => (
            <Input
              {...p}
              name="contactPhone"
              type="tel"
              defaultValue={values.contactPhone}
              autoComplete="tel"
              maxLength={40}
            />
          )}
        </Field>
        <Field
          className="sm:col-span-2"
          label="Business email"
          errors={errors.contactEmail}
          hint={account ? "The e-mail of the account you are signed in with." : CLAIM_TEXT.businessEmailHint}
        >
          {(p) => (
            <Input
              {...p}
              name="contactEmail"
              type="email"
              defaultValue={values.contactEmail}
              autoComplete="email"
              maxLength={254}
              readOnly={Boolean(account)}
            />
          )}
        </Field>
        {account ? null : (
          <>
            <Field label="Password" errors={errors.password} hint={`At least ${MIN_PASSWORD} characters.`}>
              {(p) => (
                <Input
                  {...p}
                  name="password"
                  type="password"
                  defaultValue={values.password}
                  autoComplete="new-password"
                  maxLength={256}
                />
              )}
            </Field>
            <Field label="Confirm password" errors={errors.confirmPassword}>
              {(p) => (
                <Input
                  {...p}
                  name="confirmPassword"
                  type="password"
                  defaultValue={values.confirmPassword}
                  autoComplete="new-password"
                  maxLength={256}
                />
              )}
            </Field>
          </>
        )}
      </div>
    </div>
  );
}
