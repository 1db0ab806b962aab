/** The "Transfer" section: when and where the waste changes hands, and the vehicle. */
import { Field, Input, Textarea } from "~/components/ui/form";
import { Req, Section, type FormSectionProps } from "./shared";

/** Collection date and time, vehicle registration and the origin (place of transfer). */
export function TransferSection({ errors, str }: FormSectionProps) {
  return (
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
          <Textarea {...p} name="originAddress" rows={2} defaultValue={str("originAddress")} aria-required />
        )}
      </Field>
    </Section>
  );
}
