/** The "Transfer" section: when and where the waste changes hands, how it travels, and a season ticket. */
import { Field, Select } from "~/components/ui/form";
import { SEASON_TICKET_HINT, TRANSPORT_MEANS } from "~/modules/waste-notes/constants";
import { NoteInput, RequiredAddress, Section, type FormSectionProps } from "./shared";

/** Collection date and time, vehicle, means of transport, the origin (place of transfer), season ticket. */
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
      <Field label="Means of transport" errors={props.errors.transportMeans}>
        {(p) => (
          <Select {...p} name="transportMeans" defaultValue={props.str("transportMeans") || "Road"}>
            {TRANSPORT_MEANS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <NoteInput
        section={props}
        name="seasonTicketUntil"
        label="Season ticket: repeated transfers until"
        hint={SEASON_TICKET_HINT}
        type="date"
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
