/**
 * A complete, valid waste note form for tests (FormData as the browser sends it): one waste item
 * (`items[0].*`, decision 0709; `itemField(i, field)` names an item's fields).
 */
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "~/platform/paths.server";
import { validateWasteNote, type WasteNoteInput } from "../validate-note.server";

export const VALID_FIELDS: Record<string, string | string[]> = {
  collectionDateTime: "2026-07-15T09:30",
  wasteType: "Commercial",
  "items[0].description": "Mixed plasterboard offcuts and timber from a kitchen refit",
  "items[0].ewcCodes": ["17 08 02"],
  "items[0].physicalForm": "Solid",
  "items[0].quantity": "412.75",
  "items[0].unit": "kg",
  "items[0].containerType": "SKI",
  "items[0].containerCount": "1",
  transportMeans: "Road",
  originAddress: "14 Mill Lane, Bristol, BS1 4ST",
  transferorName: "Harbourside Kitchens Ltd",
  transferorAddress: "Unit 3, Quay Works, Bristol, BS1 5AA",
  transferorSicCode: "43320",
  transferorStatus: ["producer"],
  carrierCompany: "Avon Skip Hire Ltd",
  carrierAddress: "Depot Road, Avonmouth, BS11 9AB",
  carrierLicense: "CBDU123456",
  transfereeStatus: ["registered_carrier"],
  vehicleReg: "WX21 ABC",
  wasteHierarchy: "on",
  transferorSignatureName: "Jane Holloway",
  transfereeSignatureName: "Tom Reeve",
};

export function testPng(): Buffer {
  return fs.readFileSync(path.join(projectRoot(), "tests", "fixtures", "files", "skip-photo.png"));
}

export function validForm(
  overrides: Record<string, string | string[] | null> = {},
  photos: Buffer[] = [],
): FormData {
  const form = new FormData();
  const fields = { ...VALID_FIELDS, ...overrides };
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  photos.forEach((bytes, i) =>
    form.append("photos", new File([new Uint8Array(bytes)], `photo-${i + 1}.png`, { type: "image/png" })),
  );
  return form;
}

/** The checked note of validForm(overrides, photos), as createWasteNote takes it; throws the errors if it is refused. */
export async function validInput(
  overrides: Record<string, string | string[] | null> = {},
  photos: Buffer[] = [],
): Promise<WasteNoteInput> {
  const r = await validateWasteNote(validForm(overrides, photos));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.data;
}
