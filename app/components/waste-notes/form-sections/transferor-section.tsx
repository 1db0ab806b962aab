/** The "Transferor" section: the person or business handing the waste over. */
import { TRANSFEROR_STATUSES } from "~/modules/waste-notes/constants";
import { NoteInput, RequiredAddress, Section, StatusGroup, type FormSectionProps } from "./shared";

/** Transferor name, SIC code, address and status (with permit, exemption or registration). */
export function TransferorSection(props: FormSectionProps) {
  return (
    <Section title="Transferor" description="The person or business handing the waste over.">
      <NoteInput required section={props} name="transferorName" label="Name" autoComplete="organization" />
      <NoteInput
        section={props}
        name="transferorSicCode"
        label="SIC code (2007)"
        hint="5 digits. Required for a business; not for a householder."
        inputMode="numeric"
        maxLength={6}
      />
      <RequiredAddress section={props} name="transferorAddress" label="Address" />
      <StatusGroup
        {...props}
        field="transferorStatus"
        options={TRANSFEROR_STATUSES}
        fallback={["producer"]}
        details={{
          permit_holder: { name: "transferorPermitNumber", label: "Permit number" },
          exempt: { name: "transferorExemption", label: "Exemption (e.g. U1)" },
          registered_carrier: { name: "transferorRegistration", label: "Registration number" },
        }}
      />
    </Section>
  );
}
