/** The "Transferor" section: the person or business handing the waste over. */
import { useState } from "react";
import { Field, Input, Textarea } from "~/components/ui/form";
import { TRANSFEROR_STATUSES } from "~/modules/waste-notes/constants";
import { RequiredField, Section, StatusGroup, type FormSectionProps } from "./shared";

/** Transferor name, SIC code, address and status (with permit, exemption or registration). */
export function TransferorSection(props: FormSectionProps) {
  const { errors, str } = props;
  const [transferorStatus, setTransferorStatus] = useState<string[]>(
    props.list("transferorStatus", ["producer"]),
  );
  return (
    <Section title="Transferor" description="The person or business handing the waste over.">
      <RequiredField label="Name" errors={errors.transferorName}>
        {(p) => (
          <Input
            {...p}
            name="transferorName"
            defaultValue={str("transferorName")}
            autoComplete="organization"
            aria-required
          />
        )}
      </RequiredField>
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
      <RequiredField className="sm:col-span-2" label="Address" errors={errors.transferorAddress}>
        {(p) => (
          <Textarea
            {...p}
            name="transferorAddress"
            rows={2}
            defaultValue={str("transferorAddress")}
            aria-required
          />
        )}
      </RequiredField>
      <StatusGroup
        {...props}
        field="transferorStatus"
        options={TRANSFEROR_STATUSES}
        selected={transferorStatus}
        setSelected={setTransferorStatus}
        details={{
          permit_holder: { name: "transferorPermitNumber", label: "Permit number" },
          exempt: { name: "transferorExemption", label: "Exemption (e.g. U1)" },
          registered_carrier: { name: "transferorRegistration", label: "Registration number" },
        }}
      />
    </Section>
  );
}
