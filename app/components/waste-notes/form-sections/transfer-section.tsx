/** The "Transfer" section: when and where the waste changes hands, and the vehicle. */
import { Input, Textarea } from "~/components/ui/form";
import { RequiredField, Section, type FormSectionProps } from "./shared";

/** Collection date and time, vehicle registration and the origin (place of transfer). */
export function TransferSection({ errors, str }: FormSectionProps) {
  return (
    <Section title="Transfer" description="When and where the waste changes hands.">
      <RequiredField label="Collection date and time" errors={errors.collectionDateTime} hint="UK time">
        {(p) => (
          <Input
            {...p}
            name="collectionDateTime"
            type="datetime-local"
            defaultValue={str("collectionDateTime")}
            aria-required
          />
        )}
      </RequiredField>
      <RequiredField label="Vehicle registration" errors={errors.vehicleReg}>
        {(p) => (
          <Input
            {...p}
            name="vehicleReg"
            defaultValue={str("vehicleReg")}
            autoCapitalize="characters"
            aria-required
          />
        )}
      </RequiredField>
      <RequiredField
        className="sm:col-span-2"
        label="Origin of waste (collection address)"
        errors={errors.originAddress}
        hint="The place of transfer."
      >
        {(p) => (
          <Textarea {...p} name="originAddress" rows={2} defaultValue={str("originAddress")} aria-required />
        )}
      </RequiredField>
    </Section>
  );
}
