/** Step 1, Verify Business: the business from the register and the claimant's account details. */
import { Link } from "react-router";
import { Field, Input } from "~/components/ui/form";
import { CLAIM_TEXT, MIN_PASSWORD } from "~/modules/claims/constants";
import type { ClaimTarget } from "~/modules/claims/find-claim-target.server";
import type { WizardErrors, WizardValues } from "~/modules/claims/wizard-state";
import { formatDate } from "~/platform/dates";

const FIELDS: readonly TextField[] = [
  "contactName",
  "contactEmail",
  "contactPhone",
  "password",
  "confirmPassword",
];

function BusinessFacts({ business }: { business: ClaimTarget }) {
  return (
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
  );
}

type TextField = "contactName" | "contactEmail" | "contactPhone" | "password" | "confirmPassword";

/** One of the step's inputs, named after its value, with its label, error and hint. */
function WizardInput({
  name,
  label,
  values,
  errors,
  hint,
  className,
  ...input
}: {
  name: TextField;
  label: string;
  values: WizardValues;
  errors: WizardErrors;
  hint?: string;
  className?: string;
  type?: "tel" | "email" | "password";
  autoComplete: string;
  maxLength: number;
  readOnly?: boolean;
}) {
  return (
    <Field className={className} label={label} errors={errors[name]} hint={hint}>
      {(p) => <Input {...p} name={name} defaultValue={values[name]} {...input} />}
    </Field>
  );
}

function ContactFields({
  values,
  errors,
  account,
}: {
  values: WizardValues;
  errors: WizardErrors;
  account: { email: string } | null;
}) {
  const state = { values, errors };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <WizardInput {...state} name="contactName" label="Your name" autoComplete="name" maxLength={200} />
      <WizardInput
        {...state}
        name="contactPhone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        maxLength={40}
      />
      <WizardInput
        {...state}
        className="sm:col-span-2"
        name="contactEmail"
        label="Business email"
        hint={account ? "The e-mail of the account you are signed in with." : CLAIM_TEXT.businessEmailHint}
        type="email"
        autoComplete="email"
        maxLength={254}
        readOnly={Boolean(account)}
      />
      {account ? null : (
        <>
          <WizardInput
            {...state}
            name="password"
            label="Password"
            hint={`At least ${MIN_PASSWORD} characters.`}
            type="password"
            autoComplete="new-password"
            maxLength={256}
          />
          <WizardInput
            {...state}
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
          />
        </>
      )}
    </div>
  );
}

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
      <BusinessFacts business={business} />
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
      <ContactFields values={values} errors={errors} account={account} />
    </div>
  );
}
