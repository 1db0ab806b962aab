/**
 * The waste transfer note form: the spec's fields plus what the law asks (transferor, statuses,
 * containment, waste hierarchy declaration, both signatures, broker). A plain multipart <Form>:
 * it works without JavaScript; with it, a live counter, photo limit, EWC combobox and signature pads.
 * Used by /wastenotegeneration and, prefilled, by /company/waste-note.
 */
import { FileText, ImagePlus, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, FieldError, Input, Select, Textarea } from "~/components/ui/form";
import {
  DESCRIPTION_MAX,
  MAX_PHOTOS,
  MESSAGES,
  PARTY_STATUSES,
  TRANSFEREE_STATUSES,
  TRANSFEROR_STATUSES,
  WASTE_HIERARCHY_DECLARATION,
  WASTE_TYPES,
  type PartyStatus,
} from "~/modules/waste-notes/constants";
import { EwcPicker } from "./ewc-picker";
import { SignaturePad } from "./signature-pad";
import { useHydrated } from "./use-hydrated";
import { Honeypot } from "~/components/ui/honeypot";

export type WasteNoteFormValues = Record<string, string | string[] | undefined>;
export type WasteNoteFormErrors = Partial<Record<string, string[]>>;

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
}

const NO_ERRORS: WasteNoteFormErrors = {};

const Req = () => (
  <span className="text-red-700" aria-hidden>
    {" "}
    *
  </span>
);

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export function WasteNoteForm({
  containerTypes,
  errors: givenErrors,
  values,
  prefill,
  lockCarrierLicense = false,
  formError,
  honeypot,
  submitLabel = "Generate Waste Note",
}: WasteNoteFormProps) {
  const errors = givenErrors ?? NO_ERRORS;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const str = (name: string) => {
    const v = values?.[name] ?? prefill?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const list = (name: string, fallback: string[]) => {
    const v = values?.[name] ?? prefill?.[name];
    return Array.isArray(v) ? v : fallback;
  };

  const [description, setDescription] = useState(str("description") ?? "");
  const [container, setContainer] = useState(str("containerType") ?? "LOO");
  const [transferorStatus, setTransferorStatus] = useState<string[]>(list("transferorStatus", ["producer"]));
  const [transfereeStatus, setTransfereeStatus] = useState<string[]>(
    list("transfereeStatus", ["registered_carrier"]),
  );
  const [broker, setBroker] = useState(str("brokerArranged") === "on");
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const [photoNames, setPhotoNames] = useState<string[]>([]);

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
  const show = (when: boolean) => !hydrated || when;

  const onPhotos = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length > MAX_PHOTOS) {
      const keep = new DataTransfer();
      files.slice(0, MAX_PHOTOS).forEach((f) => keep.items.add(f));
      input.files = keep.files;
      setPhotoMessage(MESSAGES.photos);
    } else {
      setPhotoMessage(null);
    }
    setPhotoNames([...(input.files ?? [])].map((f) => f.name));
  };

  const statusGroup = (
    field: "transferorStatus" | "transfereeStatus",
    options: PartyStatus[],
    selected: string[],
    setSelected: (v: string[]) => void,
    details: Partial<Record<PartyStatus, { name: string; label: string }>>,
  ) => (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Status (tick all that apply)
        <Req />
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((s) => {
          const checked = selected.includes(s);
          const detail = details[s];
          return (
            <div
              key={s}
              className={cn(
                "rounded-md border px-3 py-2",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-200",
              )}
            >
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={field}
                  value={s}
                  checked={checked}
                  onChange={(e) =>
                    setSelected(e.target.checked ? [...selected, s] : selected.filter((x) => x !== s))
                  }
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>{PARTY_STATUSES[s]}</span>
              </label>
              {detail && show(checked) ? (
                <Field label={detail.label} errors={errors[detail.name]} className="mt-2">
                  {(p) => <Input {...p} name={detail.name} defaultValue={str(detail.name)} />}
                </Field>
              ) : null}
            </div>
          );
        })}
      </div>
      <FieldError errors={errors[field]} />
    </fieldset>
  );

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-6"
      aria-describedby="form-status"
    >
      <div id="form-status" ref={summary} tabIndex={-1} className="scroll-mt-24 outline-none">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {errorCount > 0 && !formError ? (
          <Alert tone="error" title="Please correct the highlighted fields">
            {errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}
            {!hydrated && errors.photos == null ? " Any photos you chose need to be selected again." : null}
          </Alert>
        ) : null}
      </div>

      {honeypot ? <Honeypot /> : null}

      <Section
        title="Waste details"
        description="What is being transferred, how much, and how it is contained."
      >
        <Field
          className="sm:col-span-2"
          label={
            <>
              Description of the waste
              <Req />
            </>
          }
          errors={errors.description}
          hint={
            hydrated
              ? `${description.length}/${DESCRIPTION_MAX} characters`
              : `Up to ${DESCRIPTION_MAX} characters`
          }
        >
          {(p) => (
            <Textarea
              {...p}
              name="description"
              rows={3}
              maxLength={hydrated ? DESCRIPTION_MAX : undefined}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              aria-required
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <EwcPicker defaultValue={str("ewcCode")} errors={errors.ewcCode} />
        </div>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">
            Waste type
            <Req />
          </legend>
          <div className="flex gap-3">
            {WASTE_TYPES.map((t) => (
              <label
                key={t}
                className="flex h-10 flex-1 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="wasteType"
                  value={t}
                  defaultChecked={str("wasteType") === t}
                  className="size-4 accent-brand-600"
                />
                {t}
              </label>
            ))}
          </div>
          <FieldError errors={errors.wasteType} />
        </fieldset>
        <Field
          label={
            <>
              Weight (kg)
              <Req />
            </>
          }
          errors={errors.weight}
        >
          {(p) => (
            <Input
              {...p}
              name="weight"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              defaultValue={str("weight")}
              aria-required
            />
          )}
        </Field>
        <Field
          label={
            <>
              Container
              <Req />
            </>
          }
          errors={errors.containerType}
        >
          {(p) => (
            <Select
              {...p}
              name="containerType"
              value={container}
              onChange={(e) => setContainer(e.target.value)}
            >
              {[...containerTypes]
                .sort((a, b) => (a.code === "LOO" ? -1 : b.code === "LOO" ? 1 : 0))
                .map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.description}
                  </option>
                ))}
            </Select>
          )}
        </Field>
        {show(container !== "LOO") ? (
          <Field
            label="Number of containers"
            errors={errors.containerCount}
            hint={hydrated ? undefined : "Not needed for loose waste"}
          >
            {(p) => (
              <Input
                {...p}
                name="containerCount"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                defaultValue={str("containerCount") ?? "1"}
              />
            )}
          </Field>
        ) : null}
      </Section>

      <Section title="Transfer" description="When and where the waste changes hands.">
        <Field
          label={
            <>
              Collection date and time
              <Req />
            </>
          }
          errors={errors.collectionDateTime}
          hint="UK time"
        >
          {(p) => (
            <Input
              {...p}
              name="collectionDateTime"
              type="datetime-local"
              defaultValue={str("collectionDateTime")}
              aria-required
            />
          )}
        </Field>
        <Field
          label={
            <>
              Vehicle registration
              <Req />
            </>
          }
          errors={errors.vehicleReg}
        >
          {(p) => (
            <Input
              {...p}
              name="vehicleReg"
              defaultValue={str("vehicleReg")}
              autoCapitalize="characters"
              aria-required
            />
          )}
        </Field>
        <Field
          className="sm:col-span-2"
          label={
            <>
              Origin of waste (collection address)
              <Req />
            </>
          }
          errors={errors.originAddress}
          hint="The place of transfer."
        >
          {(p) => (
            <Textarea
              {...p}
              name="originAddress"
              rows={2}
              defaultValue={str("originAddress")}
              aria-required
            />
          )}
        </Field>
      </Section>

      <Section title="Transferor" description="The person or business handing the waste over.">
        <Field
          label={
            <>
              Name
              <Req />
            </>
          }
          errors={errors.transferorName}
        >
          {(p) => (
            <Input
              {...p}
              name="transferorName"
              defaultValue={str("transferorName")}
              autoComplete="organization"
              aria-required
            />
          )}
        </Field>
        <Field
          label="SIC code (2007)"
          errors={errors.transferorSicCode}
          hint="5 digits. Required for a business; not for a householder."
        >
          {(p) => (
            <Input
              {...p}
              name="transferorSicCode"
              inputMode="numeric"
              maxLength={6}
              defaultValue={str("transferorSicCode")}
            />
          )}
        </Field>
        <Field
          className="sm:col-span-2"
          label={
            <>
              Address
              <Req />
            </>
          }
          errors={errors.transferorAddress}
        >
          {(p) => (
            <Textarea
              {...p}
              name="transferorAddress"
              rows={2}
              defaultValue={str("transferorAddress")}
              aria-required
            />
          )}
        </Field>
        {statusGroup("transferorStatus", TRANSFEROR_STATUSES, transferorStatus, setTransferorStatus, {
          permit_holder: { name: "transferorPermitNumber", label: "Permit number" },
          exempt: { name: "transferorExemption", label: "Exemption (e.g. U1)" },
          registered_carrier: { name: "transferorRegistration", label: "Registration number" },
        })}
      </Section>

      <Section title="Waste carrier (transferee)" description="The registered carrier receiving the waste.">
        <Field
          label={
            <>
              Carrier company
              <Req />
            </>
          }
          errors={errors.carrierCompany}
        >
          {(p) => <Input {...p} name="carrierCompany" defaultValue={str("carrierCompany")} aria-required />}
        </Field>
        <Field
          label={
            <>
              Carrier licence (registration number)
              <Req />
            </>
          }
          errors={errors.carrierLicense}
          hint={
            lockCarrierLicense
              ? "Your registration number: every note from your account is written under it."
              : "e.g. CBDU123456"
          }
        >
          {(p) => (
            <Input
              {...p}
              name="carrierLicense"
              defaultValue={lockCarrierLicense ? prefill?.carrierLicense : str("carrierLicense")}
              readOnly={lockCarrierLicense}
              className={lockCarrierLicense ? "bg-slate-100" : undefined}
              autoCapitalize="characters"
              aria-required
            />
          )}
        </Field>
        <Field
          className="sm:col-span-2"
          label={
            <>
              Carrier address
              <Req />
            </>
          }
          errors={errors.carrierAddress}
        >
          {(p) => (
            <Textarea
              {...p}
              name="carrierAddress"
              rows={2}
              defaultValue={str("carrierAddress")}
              aria-required
            />
          )}
        </Field>
        {statusGroup("transfereeStatus", TRANSFEREE_STATUSES, transfereeStatus, setTransfereeStatus, {
          permit_holder: { name: "transfereePermitNumber", label: "Permit number" },
          exempt: { name: "transfereeExemption", label: "Exemption" },
        })}
        <div className="sm:col-span-2">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="brokerArranged"
              checked={broker}
              onChange={(e) => setBroker(e.target.checked)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            A waste broker or dealer arranged this transfer
          </label>
        </div>
        {show(broker) ? (
          <>
            <Field label="Broker or dealer name" errors={errors.brokerName}>
              {(p) => <Input {...p} name="brokerName" defaultValue={str("brokerName")} />}
            </Field>
            <Field label="Broker or dealer registration number" errors={errors.brokerRegistration}>
              {(p) => <Input {...p} name="brokerRegistration" defaultValue={str("brokerRegistration")} />}
            </Field>
          </>
        ) : null}
      </Section>

      <Section
        title="Photos"
        description="Optional: up to 3 photos of the waste (JPEG, PNG, GIF or WebP, 10 MB each)."
      >
        <div className="sm:col-span-2">
          <label
            htmlFor="waste-note-photos"
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700 hover:border-brand-600 hover:bg-brand-50"
          >
            <ImagePlus className="size-6 text-brand-700" aria-hidden />
            <span className="font-semibold">Choose photos</span>
            <span className="text-xs text-slate-500">Up to {MAX_PHOTOS}</span>
          </label>
          <input
            id="waste-note-photos"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={onPhotos}
            aria-describedby="waste-note-photos-msg"
            aria-invalid={errors.photos ? true : undefined}
            className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold"
          />
          {photoNames.length > 0 ? (
            <ul className="mt-2 text-sm text-slate-700">
              {photoNames.map((n) => (
                <li key={n}>• {n}</li>
              ))}
            </ul>
          ) : null}
          <div id="waste-note-photos-msg">
            {photoMessage ? (
              <p className="mt-1 text-sm font-medium text-amber-800" role="status">
                {photoMessage}
              </p>
            ) : null}
            <FieldError errors={errors.photos} />
          </div>
        </div>
      </Section>

      <Section
        title="Declaration and signatures"
        description="Both parties sign. A typed name is an electronic signature; drawing is optional."
      >
        <div className="sm:col-span-2">
          <label
            className={cn(
              "flex items-start gap-3 rounded-md border p-3 text-sm",
              errors.wasteHierarchy ? "border-red-600 bg-red-50" : "border-slate-200 bg-slate-50",
            )}
          >
            <input
              type="checkbox"
              name="wasteHierarchy"
              defaultChecked={str("wasteHierarchy") === "on"}
              className="mt-0.5 size-4 accent-brand-600"
              aria-required
            />
            <span>
              <span className="font-semibold">
                Waste hierarchy declaration
                <Req />
              </span>
              <br />
              {WASTE_HIERARCHY_DECLARATION}
            </span>
          </label>
          <FieldError errors={errors.wasteHierarchy} />
        </div>
        <SignaturePad
          party="transferor"
          title="Transferor"
          nameField="transferorSignatureName"
          imageField="transferorSignature"
          defaultName={str("transferorSignatureName")}
          nameErrors={errors.transferorSignatureName}
          imageErrors={errors.transferorSignature}
        />
        <SignaturePad
          party="transferee"
          title="Carrier (transferee)"
          nameField="transfereeSignatureName"
          imageField="transfereeSignature"
          defaultName={str("transfereeSignatureName")}
          nameErrors={errors.transfereeSignatureName}
          imageErrors={errors.transfereeSignature}
        />
      </Section>

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
    </Form>
  );
}
