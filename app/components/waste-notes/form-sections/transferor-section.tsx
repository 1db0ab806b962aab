/** The "Transferor" section: the person or business handing the waste over (the customer). */
import { SavedPartyPicker } from "~/components/waste-notes/saved-party-picker";
import { TRANSFEROR_STATUSES } from "~/modules/waste-notes/constants";
import { NoteInput, RequiredAddress, Section, StatusGroup, type FormSectionProps } from "./shared";

/**
 * Transferor name, SIC code, address and status (with permit, exemption or registration); in the
 * company area also the saved customers and the customer's e-mail (the note is sent to it).
 */
export function TransferorSection({ company, ...props }: FormSectionProps & { company: boolean }) {
  return (
    <Section title="Transferor" description="The person or business handing the waste over.">
      {company ? (
        <div className="sm:col-span-2">
          <SavedPartyPicker kind="customer" />
        </div>
      ) : null}
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
      {company ? (
        <NoteInput
          section={props}
          name="customerEmail"
          label="Customer's e-mail (optional)"
          hint="We e-mail the note and its PDF to this address when you generate it. If the customer is not here to sign, leave their signature blank: the e-mail carries a link to sign it."
          type="email"
          autoComplete="off"
          className="sm:col-span-2"
        />
      ) : null}
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
