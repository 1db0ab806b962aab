/** The "Waste details" section: description, EWC code, waste type, weight and containment. */
import { useState } from "react";
import { FieldError, Select, Textarea } from "~/components/ui/form";
import { DESCRIPTION_MAX, WASTE_TYPES } from "~/modules/waste-notes/constants";
import { EwcPicker } from "../ewc-picker";
import { NoteInput, Req, RequiredField, Section, showWhen, type FormSectionProps } from "./shared";

type ContainerType = { code: string; description: string };

/** What is being transferred, how much, and how it is contained. */
export function WasteDetailsSection({
  containerTypes,
  ...props
}: FormSectionProps & { containerTypes: ContainerType[] }) {
  const { errors, str } = props;
  const [container, setContainer] = useState(str("containerType") ?? "LOO");
  return (
    <Section
      title="Waste details"
      description="What is being transferred, how much, and how it is contained."
    >
      <DescriptionField {...props} />
      <div className="sm:col-span-2">
        <EwcPicker defaultValue={str("ewcCode")} errors={errors.ewcCode} />
      </div>
      <WasteTypeField {...props} />
      <NoteInput
        required
        section={props}
        name="weight"
        label="Weight (kg)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
      />
      <ContainerFields
        {...props}
        containerTypes={containerTypes}
        container={container}
        setContainer={setContainer}
      />
    </Section>
  );
}

/** The description textarea with its live character counter. */
function DescriptionField({ errors, str, hydrated }: FormSectionProps) {
  const [description, setDescription] = useState(str("description") ?? "");
  return (
    <RequiredField
      className="sm:col-span-2"
      label="Description of the waste"
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
    </RequiredField>
  );
}

/** The waste type radio buttons. */
function WasteTypeField({ errors, str }: FormSectionProps) {
  return (
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
  );
}

/** The container select (loose first) and, unless loose, the number of containers. */
function ContainerFields({
  errors,
  str,
  hydrated,
  containerTypes,
  container,
  setContainer,
}: FormSectionProps & {
  containerTypes: ContainerType[];
  container: string;
  setContainer: (code: string) => void;
}) {
  return (
    <>
      <RequiredField label="Container" errors={errors.containerType}>
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
      </RequiredField>
      {showWhen(hydrated, container !== "LOO") ? (
        <NoteInput
          section={{ errors, str }}
          name="containerCount"
          label="Number of containers"
          hint={hydrated ? undefined : "Not needed for loose waste"}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          fallback="1"
        />
      ) : null}
    </>
  );
}
