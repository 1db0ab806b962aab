/**
 * Crafted images in Chromium (decision 0005): a person who uploads a broken PNG as a photo on the
 * public generator or the company form sees a clear error and keeps what they typed; a hostile
 * client that puts a broken PNG into a drawn signature's hidden field is refused; a valid photo
 * still makes a note whose PDF downloads, and the photo served back is a clean JPEG.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../../app/modules/waste-notes/test-support/pdf-text";
import { WASTE_NOTE_FIXTURE } from "../fixtures/40-waste-notes";
import { CRAFTED_COMPANY } from "../fixtures/75-crafted-images";
import { expectAccessible, signIn } from "./support/auth-helpers";
import { drawSignature, fillWasteNote, QUILLBURY_LOAD, type WasteNoteEntry } from "./support/waste-note-form";

const files = path.resolve(import.meta.dirname, "../fixtures/files");
const crafted = (name: string) => path.join(files, "crafted", name);
const PHOTO = path.join(files, "skip-photo.png");
const GPS_JPEG = crafted("jpeg-gps-exif.jpg");
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const SIGNATURE_REFUSED = "The drawn signature could not be read. Please clear it and sign again.";

const photos = (page: Page) => page.locator('input[type="file"][name="photos"]');
const submit = (page: Page) => page.getByRole("button", { name: "Generate Waste Note" }).click();

const NOTE: WasteNoteEntry = {
  ...QUILLBURY_LOAD,
  description: "Crafted image check: broken pallets",
  signedBy: { transferor: "Robin Pixel", carrier: "Quinn Render" },
};

async function fillNote(page: Page, opts: { carrier: boolean }) {
  const carrier = {
    name: WASTE_NOTE_FIXTURE.carrierName,
    licence: WASTE_NOTE_FIXTURE.carrierLicence,
    address: "Riverside Yard, Gloucester, GL2 5AA",
  };
  await fillWasteNote(page, { ...NOTE, carrier: opts.carrier ? carrier : undefined });
}

/** What the person typed is still in the form after the server refused it. */
async function expectTypedValuesKept(page: Page) {
  await expect(page.getByLabel("Description of the waste")).toHaveValue(NOTE.description);
  await expect(page.getByRole("list", { name: "Chosen EWC codes" })).toContainText(NOTE.ewc.code);
  await expect(page.getByLabel("Quantity")).toHaveValue(NOTE.weightKg);
  await expect(page.getByLabel("Collection date and time")).toHaveValue(NOTE.collectedAt);
  await expect(page.getByLabel("Vehicle registration")).toHaveValue(NOTE.vehicle);
  await expect(page.locator('input[name="transferorName"]')).toHaveValue(NOTE.transferor.name);
  await expect(page.getByRole("group", { name: "Transferor" }).getByLabel("Full name")).toHaveValue(
    NOTE.signedBy.transferor,
  );
  await expect(page.getByLabel(/waste hierarchy declaration/i)).toBeChecked();
}

/** The note is sent with the crafted file as its photo: refused with `message`, what was typed kept. */
async function expectPhotoRefused(page: Page, file: string, message: string) {
  await photos(page).setInputFiles(crafted(file));
  await submit(page);
  await expect(page.getByText(message)).toBeVisible();
  await expectTypedValuesKept(page);
}

/** A hostile client: the drawn signature's hidden field carries a crafted PNG, then the form is sent. */
async function submitWithForgedSignature(
  page: Page,
  field: "transferorSignature" | "transfereeSignature",
  file: string,
) {
  const dataUrl = `data:image/png;base64,${fs.readFileSync(crafted(file)).toString("base64")}`;
  await page.evaluate(
    ({ field, dataUrl }) => {
      const input = document.querySelector<HTMLInputElement>(`input[type="hidden"][name="${field}"]`);
      if (!input) throw new Error(`no ${field} field`);
      input.value = dataUrl;
    },
    { field, dataUrl },
  );
  await submit(page);
}

/** The note's page: the photo served back is a clean JPEG, and the PDF downloads with the note in it. */
async function expectNoteWithPdf(page: Page) {
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  const id = UUID.exec(page.url())![0];
  await expect(page.getByRole("img", { name: "Photo 1 of the waste" })).toBeVisible();
  const photo = await page.request.get(`/waste-note/${id}/photo/1`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  const bytes = await photo.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(bytes.includes("Exif")).toBe(false);
  expect(bytes.includes("FixtureCam")).toBe(false);

  await expect(page.getByRole("img", { name: "QR code linking to this waste note" })).toBeVisible({
    timeout: 30_000,
  });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`waste-note-${id}.pdf`);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(pdf);
  for (const expected of [id, NOTE.description, NOTE.signedBy.transferor, NOTE.signedBy.carrier, "PHOTOS"])
    expect(text, expected).toContain(expected);
  return id;
}

test("public generator: a crafted PNG photo or drawn signature is refused with a clear message, the typed note stays, a valid photo makes the PDF", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/wastenotegeneration");
  await fillNote(page, { carrier: true });

  // A PNG with alpha whose rows have filter byte 7: refused by name, nothing else is wrong.
  await expectPhotoRefused(
    page,
    "png-alpha-bad-filter.png",
    "png-alpha-bad-filter.png could not be read as an image. Please choose another photo.",
  );
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page.getByText("Required", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Carrier company")).toHaveValue(WASTE_NOTE_FIXTURE.carrierName);
  await expect(page).toHaveURL(/\/wastenotegeneration$/);
  await expectAccessible(page, { everyImpact: true });

  // A decompression bomb: a clear message about its size.
  await expectPhotoRefused(
    page,
    "png-bomb-8000x8000.png",
    "png-bomb-8000x8000.png has too many pixels (at most 40 megapixels). Please choose a smaller photo.",
  );

  // A forged drawn signature (a PNG whose image data is not zlib), with a good photo.
  await photos(page).setInputFiles(PHOTO);
  await submitWithForgedSignature(page, "transferorSignature", "png-alpha-idat-not-zlib.png");
  await expect(page.getByRole("group", { name: "Transferor" }).getByText(SIGNATURE_REFUSED)).toBeVisible();
  await expect(page.getByText(/could not be read as an image/)).toHaveCount(0);
  await expectTypedValuesKept(page);
  await expect(page).toHaveURL(/\/wastenotegeneration$/);

  // Now a valid photo and a real drawing: the note is made and its PDF downloads.
  await photos(page).setInputFiles(PHOTO);
  await drawSignature(page, "transferee");
  await expect(page.getByText("Signature captured.")).toBeVisible();
  await submit(page);
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}(\?submitted=1)?$/);
  await expectNoteWithPdf(page);
});

test("company form: a crafted PNG photo or drawn signature is refused, the note keeps its values, a phone photo with GPS makes a clean note", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, CRAFTED_COMPANY.email, CRAFTED_COMPANY.password);
  await expect(page).toHaveURL(/\/company$/);
  await page.goto("/company/waste-note");
  await expect(page.getByRole("heading", { level: 1, name: "Generate Waste Note" })).toBeVisible();
  await expect(page.getByLabel("Carrier company")).toHaveValue(CRAFTED_COMPANY.name);
  await fillNote(page, { carrier: false });

  // A PNG with alpha declaring 2^31 x 2^31 pixels.
  await expectPhotoRefused(
    page,
    "png-alpha-dimensions-2-31.png",
    "png-alpha-dimensions-2-31.png could not be read as an image. Please choose another photo.",
  );
  await expect(page.getByLabel("Carrier company")).toHaveValue(CRAFTED_COMPANY.name);
  await expect(page).toHaveURL(/\/company\/waste-note$/);
  await expectAccessible(page);

  // A forged carrier's signature: a PNG with alpha and width 0.
  await photos(page).setInputFiles(GPS_JPEG);
  await submitWithForgedSignature(page, "transfereeSignature", "png-alpha-width-0.png");
  await expect(
    page.getByRole("group", { name: "Carrier (transferee)" }).getByText(SIGNATURE_REFUSED),
  ).toBeVisible();
  await expectTypedValuesKept(page);
  await expect(page).toHaveURL(/\/company\/waste-note$/);
  await expect(page.getByTestId("plan-usage")).toContainText("0 of 20 this month");

  // The phone photo (GPS in its EXIF) alone: the note is made; the stored photo has no EXIF.
  await photos(page).setInputFiles(GPS_JPEG);
  await submit(page);
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}(\?submitted=1)?$/);
  const id = await expectNoteWithPdf(page);

  // Only the one good note counts against the plan.
  await page.goto("/company/waste-notes");
  await expect(page.getByRole("region", { name: "Counters" })).toContainText("Total Notes1");
  await expect(page.getByTestId("note-card").first()).toContainText(id.slice(0, 8));
});
