/** Fills the waste transfer note form (public generator or company form) as a person would. */
import { expect, type Locator, type Page } from "@playwright/test";

/** One waste item of the form (decision 0709). */
export interface WasteItemEntry {
  description: string;
  /** What is typed into the EWC box, and the code of the suggestion picked; one or more. */
  ewc: { search: string; code: string } | { search: string; code: string }[];
  quantity: string;
  unit?: "kg" | "tonnes";
  estimated?: boolean;
  container?: { type: string; count: string };
}

export interface WasteNoteEntry {
  /** The first item: its description, code, weight in kg and containers. */
  description: string;
  ewc: { search: string; code: string };
  weightKg: string;
  container?: { type: string; count: string };
  /** Items after the first, each added with "Add another item". */
  moreItems?: WasteItemEntry[];
  consignmentCode?: string;
  collectedAt: string;
  vehicle: string;
  origin: string;
  transferor: { name: string; sic: string; address: string };
  /** Left out where the form comes with the carrier filled in (the company form). */
  carrier?: { name: string; licence: string; address: string };
  signedBy: { transferor: string; carrier: string };
}

/** A commercial load of pallets from a joinery in Quillbury, for the company form (its carrier is filled in). */
export const QUILLBURY_LOAD: WasteNoteEntry = {
  description: "Quillon test load: pallets and shrink wrap",
  ewc: { search: "wooden packaging", code: "15 01 03" },
  weightKg: "42",
  collectedAt: "2026-07-20T10:15",
  vehicle: "QB21 NEW",
  origin: "Rope Walk, Quillbury, ZZ7 7AR",
  transferor: { name: "Rope Walk Joinery Ltd", sic: "16230", address: "Rope Walk, Quillbury, ZZ7 7AR" },
  signedBy: { transferor: "Rory Rope", carrier: "Quinn Driver" },
};

/** The EWC search box (of the first item, or of the item given). */
export const ewcBox = (scope: Page | Locator) => scope.getByRole("combobox", { name: /EWC code/ });
/** Item n (from 1) of the form: a group named "Item n". */
export const itemGroup = (page: Page, n: number) =>
  page.getByRole("group", { name: `Item ${n}`, exact: true });
/** The chosen codes of an item (chips). */
export const chosenCodes = (scope: Page | Locator) => scope.getByRole("list", { name: "Chosen EWC codes" });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Types into an item's EWC box and picks the suggestion with the code; the code shows as a chosen chip. */
export async function chooseEwcCode(
  page: Page,
  scope: Page | Locator,
  ewc: { search: string; code: string },
) {
  await ewcBox(scope).fill(ewc.search);
  await page.getByRole("option", { name: new RegExp(`^${escape(ewc.code)}`) }).click();
  await expect(chosenCodes(scope)).toContainText(ewc.code);
  await expect(ewcBox(scope)).toHaveValue("");
}

/** Fills item n (from 1): description, codes, quantity and unit, containers. */
export async function fillWasteItem(page: Page, n: number, item: WasteItemEntry) {
  const group = itemGroup(page, n);
  await group.getByLabel("Description of the waste").fill(item.description);
  for (const ewc of Array.isArray(item.ewc) ? item.ewc : [item.ewc]) await chooseEwcCode(page, group, ewc);
  await group.getByLabel("Quantity").fill(item.quantity);
  await group.getByLabel("Unit").selectOption({ label: item.unit ?? "kg" });
  if (item.estimated) await group.getByLabel("Estimated (not weighed)").check();
  if (item.container) {
    await group.getByLabel("Container *").selectOption(item.container.type);
    await group.getByLabel("Number of containers").fill(item.container.count);
  }
}

/** A commercial load: picks the EWC suggestions, fills every field and signs both sides by name. */
export async function fillWasteNote(page: Page, note: WasteNoteEntry) {
  await fillWasteItem(page, 1, {
    description: note.description,
    ewc: note.ewc,
    quantity: note.weightKg,
    container: note.container,
  });
  for (const [i, item] of (note.moreItems ?? []).entries()) {
    await page.getByRole("button", { name: "Add another item" }).click();
    await fillWasteItem(page, i + 2, item);
  }
  await page.getByLabel("Commercial").check();
  if (note.consignmentCode)
    await page.getByLabel("Hazardous waste consignment code").fill(note.consignmentCode);
  const byLabel: [string, string][] = [
    ["Collection date and time", note.collectedAt],
    ["Vehicle registration", note.vehicle],
    ["Origin of waste (collection address)", note.origin],
  ];
  for (const [label, value] of byLabel) await page.getByLabel(label).fill(value);
  await page.locator('input[name="transferorName"]').fill(note.transferor.name);
  await page.getByLabel("SIC code (2007)").fill(note.transferor.sic);
  await page.locator('textarea[name="transferorAddress"]').fill(note.transferor.address);
  if (note.carrier) {
    await page.getByLabel("Carrier company").fill(note.carrier.name);
    await page.getByLabel("Carrier licence (registration number)").fill(note.carrier.licence);
    await page.getByLabel("Carrier address").fill(note.carrier.address);
  }
  await page.getByLabel(/waste hierarchy declaration/i).check();
  for (const [group, name] of [
    ["Transferor", note.signedBy.transferor],
    ["Carrier (transferee)", note.signedBy.carrier],
  ])
    await page.getByRole("group", { name: group }).getByLabel("Full name").fill(name);
}

/** Draws a zigzag on a party's signature pad with the mouse. */
export async function drawSignature(page: Page, party: "transferor" | "transferee") {
  const pad = page.getByTestId(`signature-${party}`);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -12 : 12));
  await page.mouse.up();
}
