/** Fills the waste transfer note form (public generator or company form) as a person would. */
import { expect, type Page } from "@playwright/test";

export interface WasteNoteEntry {
  description: string;
  /** What is typed into the EWC box, and the code of the suggestion picked. */
  ewc: { search: string; code: string };
  weightKg: string;
  container?: { type: string; count: string };
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

export const ewcBox = (page: Page) => page.getByRole("combobox", { name: /EWC code/ });

/** A commercial load: picks the EWC suggestion, fills every field and signs both sides by name. */
export async function fillWasteNote(page: Page, note: WasteNoteEntry) {
  await page.getByLabel("Description of the waste").fill(note.description);
  await ewcBox(page).fill(note.ewc.search);
  await page.getByRole("option", { name: new RegExp(note.ewc.code) }).click();
  await expect(ewcBox(page)).toHaveValue(note.ewc.code);
  await page.getByLabel("Commercial").check();
  await page.getByLabel("Weight (kg)").fill(note.weightKg);
  if (note.container) {
    await page.getByLabel("Container *").selectOption(note.container.type);
    await page.getByLabel("Number of containers").fill(note.container.count);
  }
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
