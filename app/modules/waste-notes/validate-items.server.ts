/**
 * The waste items of a note form (decision 0709): fields named `items[i].description`,
 * `items[i].ewcCodes` (repeated, or several codes in one value separated by commas), ...,
 * i = 0..19. An item left wholly blank (no description, code, quantity or disposal code) is
 * skipped, so that an "Add another item" left empty does not block the note; a form whose items
 * are all blank is checked as one item, so that it says what is missing.
 */
import {
  DESCRIPTION_MAX,
  ITEM_MESSAGES,
  MAX_CODES_PER_ITEM,
  MAX_ITEM_KG,
  MAX_ITEMS,
  MESSAGES,
  PHYSICAL_FORMS,
  QUANTITY_UNITS,
  type PhysicalForm,
  type QuantityUnit,
} from "./constants";
import { loadContainerTypes, LOOSE } from "./container-types.server";
import { findEwcCode } from "./ewc-codes.server";

export interface WasteItemInput {
  description: string;
  /** Canonical codes as in the List of Wastes ("17 05 03*"), 1 to 5, no duplicates, in the order chosen. */
  ewcCodes: string[];
  physicalForm: PhysicalForm;
  quantity: number;
  unit: QuantityUnit;
  estimated: boolean;
  containerType: string;
  containerCount: number | null;
  disposalCode: string | null;
  /** Any of its codes is hazardous (marked "*"). */
  hazardous: boolean;
}

export const ITEM_FIELDS = [
  "description",
  "ewcCodes",
  "physicalForm",
  "quantity",
  "unit",
  "estimated",
  "containerType",
  "containerCount",
  "disposalCode",
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

const ITEM_KEY = /^items\[(\d{1,4})\]\.([A-Za-z]+)$/;

/** The name of an item's field in the form: `items[2].quantity`. */
export const itemField = (index: number, field: ItemField) => `items[${index}].${field}`;

export interface RawItem {
  /** The index the form used (errors are reported under it). */
  index: number;
  fields: Record<ItemField, string[]>;
}

/** The posted items by index, in order; `tooMany` when an index is past the 20th item. */
export function readRawItems(form: FormData): { items: RawItem[]; tooMany: boolean } {
  const byIndex = new Map<number, RawItem>();
  let tooMany = false;
  for (const [key, value] of form.entries()) {
    const match = ITEM_KEY.exec(key);
    if (!match || typeof value !== "string") continue;
    const field = match[2] as ItemField;
    if (!ITEM_FIELDS.includes(field)) continue;
    const index = Number(match[1]);
    if (index >= MAX_ITEMS) {
      tooMany = true;
      continue;
    }
    let item = byIndex.get(index);
    if (!item) {
      item = { index, fields: emptyFields() };
      byIndex.set(index, item);
    }
    item.fields[field].push(value);
  }
  return { items: [...byIndex.values()].sort((a, b) => a.index - b.index), tooMany };
}

/** The typed codes of an item: each value split at commas, semicolons and line breaks. */
export function splitCodes(values: string[]): string[] {
  return values
    .flatMap((v) => v.split(/[,;\n\r]+/))
    .map((v) => v.trim())
    .filter(Boolean);
}

const first = (item: RawItem, field: ItemField) => (item.fields[field][0] ?? "").trim();

function isBlank(item: RawItem): boolean {
  return (
    first(item, "description") === "" &&
    splitCodes(item.fields.ewcCodes).length === 0 &&
    first(item, "quantity") === "" &&
    first(item, "disposalCode") === ""
  );
}

/** The item's codes, canonical and without duplicates (a code chosen twice counts once). */
function readCodes(raw: string[], add: (message: string) => void): { code: string; hazardous: boolean }[] {
  const typed = splitCodes(raw);
  if (typed.length === 0) {
    add(MESSAGES.required);
    return [];
  }
  const codes = new Map<string, boolean>();
  for (const t of typed) {
    const entry = findEwcCode(t);
    if (!entry) add(ITEM_MESSAGES.unknownCode(t.slice(0, 20)));
    else codes.set(entry.code, entry.hazardous);
  }
  if (codes.size > MAX_CODES_PER_ITEM) add(ITEM_MESSAGES.tooManyCodes);
  return [...codes].map(([code, hazardous]) => ({ code, hazardous }));
}

/** A quantity > 0 with up to 3 decimals, at most 100,000 tonnes. */
function readQuantity(value: string, unit: QuantityUnit, add: (message: string) => void): number {
  if (value === "") {
    add(MESSAGES.required);
    return 0;
  }
  const n = Number(value);
  if (/^-/.test(value) || (Number.isFinite(n) && n <= 0 && /^[\d.]+$/.test(value))) {
    add(ITEM_MESSAGES.quantityPositive);
    return 0;
  }
  if (!/^\d+(\.\d{1,3})?$/.test(value) || !Number.isFinite(n)) {
    add(ITEM_MESSAGES.quantityFormat);
    return 0;
  }
  if (n * (unit === "t" ? 1000 : 1) > MAX_ITEM_KG) add(ITEM_MESSAGES.quantityTooLarge);
  return n;
}

/** One item checked; messages go under its own field names. */
function readItem(item: RawItem, add: (path: string, message: string) => void): WasteItemInput {
  const at = (field: ItemField) => (message: string) => add(itemField(item.index, field), message);
  const description = first(item, "description");
  if (description === "" || description.length > DESCRIPTION_MAX) at("description")(MESSAGES.description);
  const codes = readCodes(item.fields.ewcCodes, at("ewcCodes"));
  const form = first(item, "physicalForm") || "Solid";
  if (!PHYSICAL_FORMS.includes(form as PhysicalForm)) at("physicalForm")(ITEM_MESSAGES.physicalForm);
  const unit = first(item, "unit") || "kg";
  if (!(unit in QUANTITY_UNITS)) at("unit")(ITEM_MESSAGES.unit);
  const quantity = readQuantity(first(item, "quantity"), unit as QuantityUnit, at("quantity"));
  const containerType = first(item, "containerType") || LOOSE;
  const count = first(item, "containerCount");
  if (!loadContainerTypes().some((c) => c.code === containerType))
    at("containerType")(ITEM_MESSAGES.container);
  else if (containerType !== LOOSE && !/^[1-9]\d{0,5}$/.test(count))
    at("containerCount")(ITEM_MESSAGES.containerCount);
  const disposal = first(item, "disposalCode").replace(/\s+/g, "").toUpperCase();
  if (disposal !== "" && !/^(R([1-9]|1[0-3])|D([1-9]|1[0-5]))$/.test(disposal))
    at("disposalCode")(ITEM_MESSAGES.disposalCode);
  return {
    description,
    ewcCodes: codes.map((c) => c.code),
    physicalForm: form as PhysicalForm,
    quantity,
    unit: unit as QuantityUnit,
    estimated: ["on", "yes", "true"].includes(first(item, "estimated")),
    containerType,
    containerCount: containerType === LOOSE ? null : Number(count),
    disposalCode: disposal === "" ? null : disposal,
    hazardous: codes.some((c) => c.hazardous),
  };
}

/** Every item of the form checked (blank ones skipped); at least one. */
export function readItems(form: FormData, add: (path: string, message: string) => void): WasteItemInput[] {
  const { items, tooMany } = readRawItems(form);
  if (tooMany) add("items", ITEM_MESSAGES.tooManyItems);
  const filled = items.filter((i) => !isBlank(i));
  const checked = filled.length > 0 ? filled : [items[0] ?? { index: 0, fields: emptyFields() }];
  return checked.map((item) => readItem(item, add));
}

function emptyFields(): RawItem["fields"] {
  return Object.fromEntries(ITEM_FIELDS.map((f) => [f, [] as string[]])) as RawItem["fields"];
}

/** The items as echoed back into the form: one value per field, the codes as a list. */
export function itemValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const item of readRawItems(form).items) {
    for (const field of ITEM_FIELDS) {
      const list = item.fields[field];
      if (field === "ewcCodes") values[itemField(item.index, field)] = splitCodes(list);
      else if (list.length > 0) values[itemField(item.index, field)] = list[0];
    }
  }
  return values;
}

/** Total weight in kg of the items (tonnes times 1000), exact to the gram. */
export function totalKg(items: Pick<WasteItemInput, "quantity" | "unit">[]): number {
  const grams = items.reduce(
    (sum, i) => sum + Math.round(i.quantity * (i.unit === "t" ? 1_000_000 : 1000)),
    0,
  );
  return grams / 1000;
}

/** The indices of the items in echoed form values, in order. */
export function itemIndices(values: Record<string, unknown>): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = ITEM_KEY.exec(key);
    if (match && Number(match[1]) < MAX_ITEMS) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * "Add another item" and "Remove item" without JavaScript (intent `add-item`, `remove-item:<i>`):
 * the form's values with one more empty item, or without item i, the items numbered again from 0.
 * Nothing is checked or saved.
 */
export function editItemValues(
  values: Record<string, string | string[]>,
  intent: string,
): Record<string, string | string[]> {
  const indices = itemIndices(values);
  if (indices.length === 0) indices.push(0);
  const removed = /^remove-item:(\d+)$/.exec(intent);
  const kept = removed ? indices.filter((i) => i !== Number(removed[1])) : indices;
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values)) if (!ITEM_KEY.test(key)) out[key] = value;
  kept.forEach((from, to) => {
    for (const field of ITEM_FIELDS) {
      const value = values[itemField(from, field)];
      if (value !== undefined) out[itemField(to, field)] = value;
    }
  });
  const count = kept.length;
  if ((intent === "add-item" && count < MAX_ITEMS) || count === 0) out[itemField(count, "description")] = "";
  return out;
}
