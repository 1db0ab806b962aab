import type { WizardErrors, WizardValues } from "~/modules/claims/wizard-state";

/** What each of the wizard's steps receives: whether it is the step shown, the values and errors. */
export interface WizardStepProps {
  active: boolean;
  values: WizardValues;
  errors: WizardErrors;
}
