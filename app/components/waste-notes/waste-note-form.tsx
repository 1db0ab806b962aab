/**
 * The waste transfer note form: the spec's fields plus what the law asks (transferor, statuses,
 * containment, waste hierarchy declaration, both signatures, broker). A plain multipart <Form>:
 * it works without JavaScript; with it, a live counter, photo limit, EWC combobox and signature pads.
 * A note holds 1 to 20 waste items (decision 0709): added and removed in the browser, or without
 * JavaScript by submitting with `intent` (the server answers with the form changed, nothing saved).
 * Used by /wastenotegeneration and, prefilled, by /company/waste-note (company mode: saved sites
 * and customers, the customer's e-mail, and `correctionOf` when it corrects a note).
 */
import { FileText, Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Honeypot } from "~/components/ui/honeypot";
import { CarrierSection } from "./form-sections/carrier-section";
import { PhotosSection } from "./form-sections/photos-section";
import { ReceivingSiteSection } from "./form-sections/receiving-site-section";
import type { FormSectionProps, WasteNoteFormErrors, WasteNoteFormValues } from "./form-sections/shared";
import { SignaturesSection } from "./form-sections/signatures-section";
import { TransferSection } from "./form-sections/transfer-section";
import { TransferorSection } from "./form-sections/transferor-section";
import { WasteDetailsSection } from "./form-sections/waste-details-section";
import { useHydrated } from "./use-hydrated";

export type { WasteNoteFormErrors, WasteNoteFormValues } from "./form-sections/shared";

export interface WasteNoteFormProps {
  containerTypes: Array<{ code: string; description: string }>;
  errors?: WasteNoteFormErrors;
  /** What was sent (after a failed submit). */
  values?: WasteNoteFormValues;
  /** Defaults, e.g. the company's carrier details. */
  prefill?: WasteNoteFormValues;
  /** The company's own note: the carrier licence is its registration number and cannot be changed. */
  lockCarrierLicense?: boolean;
  formError?: string | null;
  /** Adds the honeypot field of public forms. */
  honeypot?: boolean;
  submitLabel?: string;
  /** The company area's form (saved sites and customers, the customer's e-mail); by default when the licence is locked. */
  company?: boolean;
  /** The id of the note this one corrects (a hidden field; the company form only). */
  correctionOf?: string;
}

const NO_ERRORS: WasteNoteFormErrors = {};

/** The whole note form: status summary, then each section, then the submit bar. */
export function WasteNoteForm({
  containerTypes,
  errors: givenErrors,
  values,
  prefill,
  lockCarrierLicense = false,
  formError,
  honeypot,
  submitLabel = "Generate Waste Note",
  company = lockCarrierLicense,
  correctionOf,
}: WasteNoteFormProps) {
  const errors = givenErrors ?? NO_ERRORS;
  const hydrated = useHydrated();
  const str = (name: string) => {
    const v = values?.[name] ?? prefill?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const list = (name: string, fallback: string[]) => {
    const v = values?.[name] ?? prefill?.[name];
    return Array.isArray(v) ? v : fallback;
  };
  const sectionProps: FormSectionProps = { errors, str, list, hydrated };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-6"
      aria-describedby="form-status"
    >
      <FormStatus errors={errors} givenErrors={givenErrors} formError={formError} hydrated={hydrated} />

      {/* Without JavaScript, Enter in a field submits the note, not "Add another item" or "Remove item". */}
      {hydrated ? null : (
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden>
          {submitLabel}
        </button>
      )}
      {honeypot ? <Honeypot /> : null}
      {correctionOf ? <input type="hidden" name="correctionOf" value={correctionOf} /> : null}

      <WasteDetailsSection {...sectionProps} containerTypes={containerTypes} values={values ?? prefill} />
      <TransferSection {...sectionProps} />
      <TransferorSection {...sectionProps} company={company} />
      <ReceivingSiteSection {...sectionProps} company={company} />
      <CarrierSection
        {...sectionProps}
        lockCarrierLicense={lockCarrierLicense}
        prefilledLicense={prefill?.carrierLicense}
      />
      <PhotosSection errors={errors} />
      <SignaturesSection {...sectionProps} />

      <SubmitBar submitLabel={submitLabel} />
    </Form>
  );
}

/** The error summary at the top; after a refused submit it takes focus (and screen readers) to itself. */
function FormStatus({
  errors,
  givenErrors,
  formError,
  hydrated,
}: {
  errors: WasteNoteFormErrors;
  givenErrors: WasteNoteFormErrors | undefined;
  formError: string | null | undefined;
  hydrated: boolean;
}) {
  const errorCount = Object.keys(errors).length;
  const summary = useRef<HTMLDivElement>(null);
  // After a refused submit, take the user (and screen readers) to the summary of what to fix.
  useEffect(() => {
    if (errorCount > 0 || formError) {
      summary.current?.focus();
      summary.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    }
    // Only when a new answer arrives from the server (givenErrors / formError change identity),
    // not when the user fixes a field and the count drops.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [givenErrors, formError]);
  return (
    <div id="form-status" ref={summary} tabIndex={-1} className="scroll-mt-24 outline-none">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {errorCount > 0 && !formError ? (
        <Alert tone="error" title="Please correct the highlighted fields">
          {errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}
          {!hydrated && errors.photos == null ? " Any photos you chose need to be selected again." : null}
        </Alert>
      ) : null}
    </div>
  );
}

/** The required-fields reminder and the submit button (with a spinner while submitting). */
function SubmitBar({ submitLabel }: { submitLabel: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="flex flex-col-reverse items-stretch justify-end gap-3 sm:flex-row sm:items-center">
      <p className="text-xs text-slate-600 sm:mr-auto">
        Fields marked * are required. Both parties must keep the note for 2 years.
      </p>
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <FileText className="size-4" aria-hidden />
        )}
        {submitting ? "Generating…" : submitLabel}
      </Button>
    </div>
  );
}
