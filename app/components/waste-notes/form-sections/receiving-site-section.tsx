/**
 * The "Receiving site" section (optional; all four details or none): where the waste goes, as the
 * digital waste tracking export needs it. In the company area, the company's saved sites are offered.
 */
import { SavedPartyPicker } from "~/components/waste-notes/saved-party-picker";
import { NoteInput, Section, type FormSectionProps } from "./shared";

export function ReceivingSiteSection({ company, ...props }: FormSectionProps & { company: boolean }) {
  return (
    <Section
      title="Receiving site (optional)"
      description="Where the waste is taken: give all four details, or leave them all empty."
    >
      {company ? (
        <div className="sm:col-span-2">
          <SavedPartyPicker kind="site" />
        </div>
      ) : null}
      <NoteInput section={props} name="receivingSiteName" label="Site name" maxLength={200} />
      <NoteInput
        section={props}
        name="receivingSiteAuthorisation"
        label="Permit or exemption number"
        maxLength={100}
      />
      <NoteInput
        section={props}
        name="receivingSiteAddress"
        label="Site address"
        className="sm:col-span-2"
        maxLength={500}
      />
      <NoteInput
        section={props}
        name="receivingSitePostcode"
        label="Site postcode"
        autoCapitalize="characters"
        maxLength={10}
      />
    </Section>
  );
}
