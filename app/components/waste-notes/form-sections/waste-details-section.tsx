/**
 * The "Waste details" section: the waste type, the waste items (1 to 20, decision 0709) and the
 * hazardous waste consignment code.
 */
import { Plus } from "lucide-react";
import { useState } from "react";
import { FieldError } from "~/components/ui/form";
import { MAX_ITEMS, WASTE_TYPES } from "~/modules/waste-notes/constants";
import { NoteInput, Req, Section, type FormSectionProps } from "./shared";
import { WasteItemFields, type ContainerType } from "./waste-item-fields";

/** The item indices present in sent or prefilled values (`items[i].…`), in order; [0] when none. */
function indicesIn(values: Record<string, unknown> | undefined): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(values ?? {})) {
    const match = /^items\[(\d+)\]\./.exec(key);
    if (match && Number(match[1]) < MAX_ITEMS) found.add(Number(match[1]));
  }
  return found.size > 0 ? [...found].sort((a, b) => a - b) : [0];
}

interface ListedItem {
  key: number;
  source: number | null;
}

let nextKey = 1;
const listFrom = (values: Record<string, unknown> | undefined): ListedItem[] =>
  indicesIn(values).map((source) => ({ key: nextKey++, source }));

/**
 * The items, added and removed in the browser with JavaScript; without it "Add another item" and
 * "Remove item" submit the form (intent), and the server answers with the form changed.
 * A new answer from the server (values) starts the list again from what it says.
 */
function useItemList(values: Record<string, unknown> | undefined) {
  const [state, setState] = useState(() => ({ from: values, items: listFrom(values) }));
  if (state.from !== values) setState({ from: values, items: listFrom(values) });
  const items = state.from === values ? state.items : listFrom(values);
  const add = () =>
    setState((s) =>
      s.items.length >= MAX_ITEMS ? s : { ...s, items: [...s.items, { key: nextKey++, source: null }] },
    );
  const remove = (key: number) => setState((s) => ({ ...s, items: s.items.filter((i) => i.key !== key) }));
  return { items, add, remove };
}

/** What is being transferred: its type, each item, and the consignment code for hazardous waste. */
export function WasteDetailsSection({
  containerTypes,
  values,
  ...props
}: FormSectionProps & { containerTypes: ContainerType[]; values: Record<string, unknown> | undefined }) {
  const { items, add, remove } = useItemList(values);
  const { hydrated } = props;
  return (
    <Section
      title="Waste details"
      description="What is being transferred: one item per kind of waste, each with its codes, quantity and containers."
    >
      <WasteTypeField {...props} />
      <div className="space-y-4 sm:col-span-2" data-testid="waste-items">
        {items.map((item, position) => (
          <WasteItemFields
            key={item.key}
            {...props}
            position={position}
            source={item.source}
            containerTypes={containerTypes}
            canRemove={items.length > 1}
            onRemove={hydrated ? () => remove(item.key) : null}
          />
        ))}
        <FieldError errors={props.errors.items} />
        {items.length < MAX_ITEMS ? (
          <button
            type={hydrated ? "button" : "submit"}
            {...(hydrated ? { onClick: add } : { name: "intent", value: "add-item", formNoValidate: true })}
            className="inline-flex h-10 items-center gap-1.5 rounded-md border border-dashed border-brand-600 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Plus className="size-4" aria-hidden /> Add another item
          </button>
        ) : null}
      </div>
      <NoteInput
        section={props}
        name="consignmentCode"
        label="Hazardous waste consignment code"
        hint="Required when any item is hazardous (a code marked *): e.g. ABCDEF/12345, SA1234567 or DA1234567."
        autoCapitalize="characters"
        maxLength={20}
      />
    </Section>
  );
}

/** The waste type radio buttons. */
function WasteTypeField({ errors, str }: FormSectionProps) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 block text-sm font-medium text-slate-800">
        Waste type
        <Req />
      </legend>
      <div className="flex gap-3 sm:max-w-md">
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
