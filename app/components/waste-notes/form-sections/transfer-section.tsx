/** The "Transfer" section: when and where the waste changes hands, and the vehicle. */
import { NoteInput, RequiredAddress, Section, type FormSectionProps } from "./shared";

/** Collection date and time, vehicle registration and the origin (place of transfer). */
export function TransferSection(props: FormSectionProps) {
  return (
    <Section title="Transfer" description="When and where the waste changes hands.">
      <NoteInput
        required
        section={props}
        name="collectionDateTime"
        label="Collection date and time"
        hint="UK time"
        type="datetime-local"
      />
      <NoteInput
        required
        section={props}
        name="vehicleReg"
        label="Vehicle registration"
        autoCapitalize="characters"
      />
      <RequiredAddress
        section={props}
        name="originAddress"
        label="Origin of waste (collection address)"
        hint="The place of transfer."
      />
    </Section>
  );
}
