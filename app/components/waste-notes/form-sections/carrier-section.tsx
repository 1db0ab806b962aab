/** The "Waste carrier (transferee)" section: the registered carrier receiving the waste, and any broker. */
import { useState } from "react";
import { Input } from "~/components/ui/form";
import { TRANSFEREE_STATUSES } from "~/modules/waste-notes/constants";
import {
  NoteInput,
  RequiredAddress,
  RequiredField,
  Section,
  StatusGroup,
  showWhen,
  type FormSectionProps,
} from "./shared";

interface CarrierSectionProps extends FormSectionProps {
  /** The company's own note: the carrier licence is its registration number and cannot be changed. */
  lockCarrierLicense: boolean;
  /** The prefilled carrier licence, used when it is locked. */
  prefilledLicense: string | string[] | undefined;
}

/** Carrier company, licence, address, status, and the broker or dealer who arranged the transfer. */
export function CarrierSection(props: CarrierSectionProps) {
  return (
    <Section title="Waste carrier (transferee)" description="The registered carrier receiving the waste.">
      <NoteInput required section={props} name="carrierCompany" label="Carrier company" />
      <CarrierLicenseField {...props} />
      <RequiredAddress section={props} name="carrierAddress" label="Carrier address" />
      <StatusGroup
        {...props}
        field="transfereeStatus"
        options={TRANSFEREE_STATUSES}
        fallback={["registered_carrier"]}
        details={{
          permit_holder: { name: "transfereePermitNumber", label: "Permit number" },
          exempt: { name: "transfereeExemption", label: "Exemption" },
        }}
      />
      <BrokerFields {...props} />
    </Section>
  );
}

/** The carrier licence field, read-only (and prefilled) on the company's own note. */
function CarrierLicenseField({ errors, str, lockCarrierLicense, prefilledLicense }: CarrierSectionProps) {
  return (
    <RequiredField
      label="Carrier licence (registration number)"
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
          defaultValue={lockCarrierLicense ? prefilledLicense : str("carrierLicense")}
          readOnly={lockCarrierLicense}
          className={lockCarrierLicense ? "bg-slate-100" : undefined}
          autoCapitalize="characters"
          aria-required
        />
      )}
    </RequiredField>
  );
}

/** The "a broker or dealer arranged this" tick box and, when ticked, the broker's name and number. */
function BrokerFields({ errors, str, hydrated }: FormSectionProps) {
  const [broker, setBroker] = useState(str("brokerArranged") === "on");
  return (
    <>
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
      {showWhen(hydrated, broker) ? (
        <>
          <NoteInput section={{ errors, str }} name="brokerName" label="Broker or dealer name" />
          <NoteInput
            section={{ errors, str }}
            name="brokerRegistration"
            label="Broker or dealer registration number"
          />
        </>
      ) : null}
    </>
  );
}
