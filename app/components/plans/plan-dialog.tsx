/**
 * The admin's "Change plan" dialog on /admin/providers (issue 14, item 11): plan, period, free
 * trial and dates of a claimed listing. Opened from the URL (?edit=<listing id>), so it works
 * without JavaScript too; saving closes the listing's open upgrade request.
 */
import { Form, Link, useNavigation } from "react-router";
import { PlanPeriodFields } from "~/components/claims/plan-period-fields";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/form";
import { periodName, type Period, type Plan } from "~/modules/plans/plan-state";
import { formatDate } from "~/platform/dates";

export interface PlanDialogValues {
  plan: Plan;
  period: Period;
  freeTrial: boolean;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

export type PlanDialogErrors = Partial<Record<"plan" | "period" | "startDate" | "endDate" | "form", string>>;

type UpgradeRequestView = { period: Period; createdAt: string | Date; message: string | null };

/** The carrier's open upgrade request, which saving closes. */
function UpgradeRequestNote({ request }: { request: UpgradeRequestView }) {
  return (
    <p
      className="rounded-md bg-purple-50 px-3 py-2 text-sm text-purple-900"
      data-testid="dialog-upgrade-request"
    >
      The carrier asked for Premium ({periodName(request.period).toLowerCase()}) on{" "}
      {formatDate(new Date(request.createdAt))}. Saving closes the request.
      {request.message ? (
        <span className="mt-1 block whitespace-pre-line">&ldquo;{request.message}&rdquo;</span>
      ) : null}
    </p>
  );
}

function PlanDatesFieldset({ values, errors }: { values: PlanDialogValues; errors: PlanDialogErrors }) {
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Dates</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="freeTrial"
          value="on"
          defaultChecked={values.freeTrial}
          className="size-4 accent-brand-600"
        />{" "}
        Free trial
      </label>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field label="Start date" errors={errors.startDate}>
          {(p) => <Input {...p} type="date" name="startDate" defaultValue={values.startDate} required />}
        </Field>
        <Field
          label="End date"
          errors={errors.endDate}
          hint="Premium and free trials stop at the end of this day. Empty: no end date."
        >
          {(p) => <Input {...p} type="date" name="endDate" defaultValue={values.endDate} />}
        </Field>
      </div>
    </fieldset>
  );
}

export function PlanDialog({
  listing,
  values,
  errors = {},
  closeHref,
  onClose,
}: {
  listing: {
    id: string;
    name: string;
    registrationNumber: string;
    request: UpgradeRequestView | null;
  };
  values: PlanDialogValues;
  errors?: PlanDialogErrors;
  closeHref: string;
  onClose: () => void;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change plan: ${listing.name}`}
      description={`${listing.registrationNumber}. The owner of an approved listing is e-mailed the new plan.`}
      closeHref={closeHref}
    >
      <Form method="post" className="space-y-4" id="plan-form">
        <input type="hidden" name="intent" value="set-plan" />
        <input type="hidden" name="listingId" value={listing.id} />
        {listing.request ? <UpgradeRequestNote request={listing.request} /> : null}
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <PlanPeriodFields
          plan={values.plan}
          period={values.period}
          errors={{ plan: errors.plan, period: errors.period }}
        />
        <PlanDatesFieldset values={values} errors={errors} />
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={closeHref} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save plan"}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
