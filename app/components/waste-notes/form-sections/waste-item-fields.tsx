/**
 * One waste item of the note form (decision 0709): description, EWC codes, physical form,
 * quantity with unit and "estimated", containers and the disposal or recovery code. Its fields are
 * named `items[<position>].<field>`; its sent values and errors are read under `items[<source>]`,
 * the index it had when the server last answered.
 */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Field, Select, Textarea } from "~/components/ui/form";
import {
  DESCRIPTION_MAX,
  DISPOSAL_CODES,
  PHYSICAL_FORMS,
  QUANTITY_UNITS,
} from "~/modules/waste-notes/constants";
import { EwcPicker } from "../ewc-picker";
import { NoteInput, RequiredField, showWhen, type FormSectionProps } from "./shared";

export type ContainerType = { code: string; description: string };

const itemName = (index: number, field: string) => `items[${index}].${field}`;

interface WasteItemProps extends FormSectionProps {
  /** 0-based place in the list: the fields' names. */
  position: number;
  /** The index the sent values and errors are under, or null for an item added in the browser. */
  source: number | null;
  containerTypes: ContainerType[];
  /** Remove this item: a client-side handler with JavaScript, a submit button without. */
  onRemove: (() => void) | null;
  canRemove: boolean;
}

/** A section's value/error source narrowed to one item: `field` names read under its source index. */
function itemSection(
  { errors, str, list, hydrated }: FormSectionProps,
  source: number | null,
  position: number,
) {
  const from = (field: string) => (source === null ? undefined : itemName(source, field));
  return {
    hydrated,
    error: (field: string) => {
      const name = from(field);
      return name ? errors[name] : undefined;
    },
    str: (field: string) => {
      const name = from(field);
      return name ? str(name) : undefined;
    },
    list: (field: string) => {
      const name = from(field);
      return name ? list(name, []) : [];
    },
    name: (field: string) => itemName(position, field),
  };
}
type ItemSection = ReturnType<typeof itemSection>;

/** A one-line control of an item as NoteInput expects it (its own name, value and errors). */
const asSection = (item: ItemSection, field: string) => ({
  errors: { [item.name(field)]: item.error(field) },
  str: () => item.str(field),
});

/** One item: a titled group with its fields and a remove button. */
export function WasteItemFields(props: WasteItemProps) {
  const { position, source, containerTypes, onRemove, canRemove } = props;
  const item = itemSection(props, source, position);
  const title = `Item ${position + 1}`;
  return (
    <fieldset
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:grid-cols-2 sm:p-4"
      data-testid={`waste-item-${position}`}
    >
      <legend className="sr-only">{title}</legend>
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900" aria-hidden>
          {title}
        </h3>
        {canRemove ? <RemoveItemButton position={position} onRemove={onRemove} /> : null}
      </div>
      <DescriptionField item={item} />
      <div className="sm:col-span-2">
        <EwcPicker
          name={item.name("ewcCodes")}
          defaultCodes={item.list("ewcCodes")}
          errors={item.error("ewcCodes")}
        />
      </div>
      <Field label="Physical form" errors={item.error("physicalForm")}>
        {(p) => (
          <Select {...p} name={item.name("physicalForm")} defaultValue={item.str("physicalForm") ?? "Solid"}>
            {PHYSICAL_FORMS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <QuantityFields item={item} />
      <ContainerFields item={item} containerTypes={containerTypes} />
      <DisposalField item={item} />
    </fieldset>
  );
}

/** "Remove item": client-side with JavaScript, a submit of intent `remove-item:<i>` without. */
function RemoveItemButton({ position, onRemove }: { position: number; onRemove: (() => void) | null }) {
  const className =
    "inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
  const label = (
    <>
      <Trash2 className="size-4" aria-hidden /> Remove item
      <span className="sr-only"> {position + 1}</span>
    </>
  );
  return onRemove ? (
    <button type="button" onClick={onRemove} className={className}>
      {label}
    </button>
  ) : (
    <button
      type="submit"
      name="intent"
      value={`remove-item:${position}`}
      formNoValidate
      className={className}
    >
      {label}
    </button>
  );
}

/** The item's description with its live character counter. */
function DescriptionField({ item }: { item: ItemSection }) {
  const [description, setDescription] = useState(item.str("description") ?? "");
  return (
    <RequiredField
      className="sm:col-span-2"
      label="Description of the waste"
      errors={item.error("description")}
      hint={
        item.hydrated
          ? `${description.length}/${DESCRIPTION_MAX} characters`
          : `Up to ${DESCRIPTION_MAX} characters`
      }
    >
      {(p) => (
        <Textarea
          {...p}
          name={item.name("description")}
          rows={2}
          maxLength={item.hydrated ? DESCRIPTION_MAX : undefined}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-required
        />
      )}
    </RequiredField>
  );
}

/** Quantity, its unit and whether it is estimated. */
function QuantityFields({ item }: { item: ItemSection }) {
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1">
      <NoteInput
        required
        section={asSection(item, "quantity")}
        name={item.name("quantity")}
        label="Quantity"
        type="number"
        min={0}
        step={0.001}
        inputMode="decimal"
      />
      <Field label="Unit" errors={item.error("unit")}>
        {(p) => (
          <Select {...p} name={item.name("unit")} defaultValue={item.str("unit") ?? "kg"} className="w-28">
            {Object.entries(QUANTITY_UNITS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="col-span-2 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name={item.name("estimated")}
          defaultChecked={item.str("estimated") === "on"}
          className="size-4 accent-brand-600"
        />
        Estimated (not weighed)
      </label>
    </div>
  );
}

/** The container select (loose first) and, unless loose, the number of containers. */
function ContainerFields({ item, containerTypes }: { item: ItemSection; containerTypes: ContainerType[] }) {
  const [container, setContainer] = useState(item.str("containerType") ?? "LOO");
  return (
    <>
      <RequiredField label="Container" errors={item.error("containerType")}>
        {(p) => (
          <Select
            {...p}
            name={item.name("containerType")}
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
      {showWhen(item.hydrated, container !== "LOO") ? (
        <NoteInput
          section={asSection(item, "containerCount")}
          name={item.name("containerCount")}
          label="Number of containers"
          hint={item.hydrated ? undefined : "Not needed for loose waste"}
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

/** The optional R or D code of what the receiving site does with the waste. */
function DisposalField({ item }: { item: ItemSection }) {
  return (
    <Field
      className="sm:col-span-2"
      label="Disposal or recovery code (optional)"
      errors={item.error("disposalCode")}
      hint="What the receiving site will do with the waste (R1-R13 recovery, D1-D15 disposal)."
    >
      {(p) => (
        <Select {...p} name={item.name("disposalCode")} defaultValue={item.str("disposalCode") ?? ""}>
          <option value="">Not given</option>
          {Object.entries(DISPOSAL_CODES).map(([code, label]) => (
            <option key={code} value={code}>
              {code}: {label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
