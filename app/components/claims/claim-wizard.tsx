/**
 * The claim wizard's form: the step's heading (focused after each answer), what needs attention,
 * the three steps (the inactive ones as hidden fields, so every answer carries all values), the
 * licence document on the last step, and Back / Next / Submit Claim.
 */
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Honeypot } from "~/components/ui/honeypot";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { WIZARD_STEPS } from "~/modules/claims/constants";
import type { ClaimTarget } from "~/modules/claims/find-claim-target.server";
import {
  emptyValues,
  type WizardErrors,
  type WizardStep,
  type WizardValues,
} from "~/modules/claims/wizard-state";
import { AccountStep } from "./account-step";
import { StepIndicator } from "./claim-ui";
import { DetailsStep } from "./details-step";
import { LicenceField } from "./licence-field";
import { PlanStep } from "./plan-step";

/** What the wizard's action answers on every step. */
export interface WizardReply {
  step: WizardStep;
  values: WizardValues;
  errors: WizardErrors;
  formError: string | null;
  toast: ToastMessage | null;
  /** Changes on every answer, so the form is rebuilt with the values the server sent. */
  version: string;
}

function WizardNotice({ formError, errorCount }: { formError: string | null; errorCount: number }) {
  if (formError) {
    return (
      <Alert tone="error" className="mt-4">
        {formError}
      </Alert>
    );
  }
  if (!errorCount) return null;
  return (
    <Alert tone="error" className="mt-4">
      {errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}
    </Alert>
  );
}

function WizardButtons({ step, busy, submitting }: { step: WizardStep; busy: boolean; submitting: boolean }) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
      {step > 1 ? (
        <Button type="submit" name="intent" value="back" variant="outline" disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {step < 3 ? (
        <Button type="submit" name="intent" value="next" disabled={busy}>
          Next
        </Button>
      ) : (
        <Button type="submit" name="intent" value="submit" disabled={busy}>
          {submitting ? "Submitting..." : "Submit Claim"}
        </Button>
      )}
    </div>
  );
}

/** After each answer, moves focus to the step's heading (or the first field in error). */
function useFocusAfterAnswer(reply: WizardReply | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reply) return;
    const invalid = document.querySelector<HTMLElement>("#claim-form [aria-invalid=true]");
    (invalid ?? heading.current)?.focus();
  }, [reply]);
  return heading;
}

export function ClaimWizardForm({
  business,
  account,
  reply,
}: {
  business: ClaimTarget;
  account: { email: string } | null;
  reply: WizardReply | undefined;
}) {
  const navigation = useNavigation();
  const state = reply ?? {
    step: 1 as WizardStep,
    values: emptyValues(account?.email),
    errors: {},
    formError: null,
    toast: null,
    version: "initial",
  };
  const { step, values, errors } = state;
  useToastOnce(reply?.toast);
  const heading = useFocusAfterAnswer(reply);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const submitting = busy && navigation.formData?.get("intent") === "submit";
  return (
    <div className="space-y-6">
      <StepIndicator current={step} />
      <Card>
        <CardContent className="p-5 sm:p-6">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            Step {step} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
          </h2>
          <WizardNotice formError={state.formError} errorCount={Object.keys(errors).length} />
          <Form
            method="post"
            encType="multipart/form-data"
            id="claim-form"
            key={state.version}
            noValidate
            className="relative mt-5"
          >
            {/* Enter in a text field presses the first submit button: make it "Next" (or "Submit" on the last step). */}
            <button
              type="submit"
              name="intent"
              value={step === 3 ? "submit" : "next"}
              tabIndex={-1}
              aria-hidden="true"
              className="sr-only"
            >
              {step === 3 ? "Submit" : "Next"}
            </button>
            <input type="hidden" name="step" value={step} />
            <Honeypot />
            <AccountStep
              active={step === 1}
              business={business}
              values={values}
              errors={errors}
              account={account}
            />
            <DetailsStep active={step === 2} values={values} errors={errors} />
            <PlanStep active={step === 3} values={values} errors={errors} />
            {step === 3 ? (
              <div className="mt-6">
                <LicenceField error={errors.licence} />
              </div>
            ) : null}
            <WizardButtons step={step} busy={busy} submitting={submitting} />
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
