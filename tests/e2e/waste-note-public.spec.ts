import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { formatDate } from "../../app/platform/dates";
import { pdfText } from "../../app/modules/waste-notes/test-support/pdf-text";
import { FIXTURE } from "../fixtures/10-directory";
import { WASTE_NOTE_FIXTURE } from "../fixtures/40-waste-notes";
import { expectAccessible } from "./support/auth-helpers";
import { chosenCodes, drawSignature, ewcBox as ewc, fillWasteNote } from "./support/waste-note-form";

const files = path.resolve(import.meta.dirname, "../fixtures/files");
const PHOTO = path.join(files, "skip-photo.png");
const FAKE = path.join(files, "not-an-image.png");
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const opts = (page: Page) => page.getByRole("listbox", { name: "EWC codes" }).getByRole("option");

async function fillValidNote(page: Page) {
  await fillWasteNote(page, {
    description: "Plasterboard offcuts from a kitchen refit, bagged",
    ewc: { search: "gypsum", code: "17 08 02" },
    weightKg: "412.75",
    container: { type: "BAG", count: "12" },
    collectedAt: "2026-07-15T09:30",
    vehicle: "wx21 abc",
    origin: "14 Mill Lane, Bristol, BS1 4ST",
    transferor: {
      name: "Harbourside Kitchens Ltd",
      sic: "43320",
      address: "Unit 3, Quay Works, Bristol, BS1 5AA",
    },
    carrier: {
      name: WASTE_NOTE_FIXTURE.carrierName,
      licence: WASTE_NOTE_FIXTURE.carrierLicence,
      address: "Riverside Yard, Gloucester, GL2 5AA",
    },
    signedBy: { transferor: "Jane Holloway", carrier: "Tom Reeve" },
  });
}

test("the public generator shows every validation error, then makes a note whose PDF holds the fields", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000); // a long journey: two submits, two accessibility checks, the PDF job and its download
  await page.goto("/wastenotegeneration");
  await expect(page.getByRole("heading", { name: "Waste Transfer Note Generator" })).toBeVisible();
  // Header and footer of the site are there.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  // More than 3 photos are cut to the first 3, with the spec's message.
  const photos = page.locator('input[type="file"][name="photos"]');
  await photos.setInputFiles(
    [PHOTO, PHOTO, PHOTO, PHOTO].map((p, i) => ({
      name: `p${i}.png`,
      mimeType: "image/png",
      buffer: fs.readFileSync(p),
    })),
  );
  await expect(page.getByText("Please upload up to 3 photos")).toBeVisible();
  expect(await photos.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(3);

  // Submit empty (with a file that is not an image): every error at once, from the server.
  await photos.setInputFiles(FAKE);
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page.getByText("Required", { exact: true })).toHaveCount(13);
  await expectAccessible(page, { everyImpact: true });
  await expect(page.getByText("Required (max 200 chars)")).toBeVisible();
  await expect(page.getByText("You must confirm the waste hierarchy declaration")).toBeVisible();
  await expect(page.getByText("Required for a business (enter the 5-digit SIC code)")).toBeVisible();
  await expect(page.getByText(/Photos must be JPEG, PNG, GIF or WebP images/)).toBeVisible();

  // The live counter, and its limit.
  await page.getByLabel("Description of the waste").fill("x".repeat(250));
  await expect(page.getByText("200/200 characters")).toBeVisible();

  await fillValidNote(page);
  await expect(page.getByText(/Plasterboard offcuts/).first()).toBeVisible();
  await photos.setInputFiles(PHOTO);
  // Draw the carrier's signature.
  await drawSignature(page, "transferee");
  await expect(page.getByText("Signature captured.")).toBeVisible();
  await page.getByRole("button", { name: "Generate Waste Note" }).click();

  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}(\?submitted=1)?$/);
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  // The success message is for this first view only: the address loses ?submitted=1.
  await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}$/);
  const id = UUID.exec(page.url())![0];
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(id);
  for (const text of [
    "Waste Details",
    "Origin of Waste",
    "Waste Carrier Details",
    "14 Mill Lane, Bristol, BS1 4ST",
    "412.75 kg",
    "12 × Bag / Sack",
    "15 July 2026 at 09:30",
  ]) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByText("Hazardous Waste")).toHaveCount(0);
  // What was checked when the note was made (issue 14), and the register's status now.
  await expect(page.getByTestId("register-check")).toHaveText(
    `Carrier registration ${WASTE_NOTE_FIXTURE.carrierLicence} checked against the Environment Agency register on ${formatDate(new Date())}: valid until 31 January 2031, registered to ${WASTE_NOTE_FIXTURE.carrierName.toUpperCase()}`,
  );
  await expect(page.getByTestId("verification")).toHaveText(
    "Now: Registered (active on the public register)",
  );
  await expect(page.getByRole("img", { name: "Photo 1 of the waste" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Drawn signature of Tom Reeve" })).toBeVisible();
  expect(
    await page
      .getByRole("img", { name: "Drawn signature of Tom Reeve" })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  // The PDF job runs; the page revalidates until the QR code is there.
  await expect(page.getByRole("img", { name: "QR code linking to this waste note" })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, { everyImpact: true });

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`waste-note-${id}.pdf`);
  const text = await pdfText(fs.readFileSync(await download.path()));
  for (const expected of [
    "Waste Transfer Note",
    id,
    "Plasterboard offcuts from a kitchen refit, bagged",
    "17 08 02",
    "Gypsum-based construction materials",
    "412.75 kg",
    "12 x Bag / Sack",
    "15 July 2026 at 09:30",
    "14 Mill Lane, Bristol, BS1 4ST",
    "Harbourside Kitchens Ltd",
    "Unit 3, Quay Works, Bristol, BS1 5AA",
    "43320",
    "Producer of the waste",
    WASTE_NOTE_FIXTURE.carrierName,
    WASTE_NOTE_FIXTURE.carrierLicence,
    "Riverside Yard, Gloucester, GL2 5AA",
    "WX21 ABC",
    `Carrier registration ${WASTE_NOTE_FIXTURE.carrierLicence} checked against the Environment Agency register on ${formatDate(new Date())}: valid until 31 January 2031`,
    "waste hierarchy",
    "Jane Holloway",
    "Tom Reeve",
    "PHOTOS",
  ]) {
    expect(text, expected).toContain(expected);
  }

  // The server names the file too, and the QR code decodes to the view page.
  const pdf = await request.get(`/waste-note/${id}/pdf`);
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="waste-note-${id}.pdf"`);
  const qr = PNG.sync.read(await (await request.get(`/waste-note/${id}/qr.png`)).body());
  expect(jsQR(new Uint8ClampedArray(qr.data), qr.width, qr.height)?.data).toBe(`${baseURL}/waste-note/${id}`);
});

test("the EWC picker: 75 entries and the hint when empty, search by code or words, categories, keyboard", async ({
  page,
}) => {
  await page.goto("/wastenotegeneration");
  await ewc(page).click();
  await expect(page.getByText("Too many results, please type to filter.")).toBeVisible();
  await expect(opts(page)).toHaveCount(75);
  await expectAccessible(page, { everyImpact: true });

  await ewc(page).fill("170107");
  await expect(opts(page)).toHaveCount(1);
  await expect(opts(page)).toContainText("Mixtures of concrete, bricks, tiles and ceramics");
  await ewc(page).fill("fluorescent tubes");
  await expect(opts(page)).toHaveCount(1);
  await expect(opts(page)).toContainText("20 01 21*");

  await ewc(page).fill("");
  await page.getByLabel("Filter by category").selectOption("17");
  const options = opts(page);
  await expect(options.first()).toContainText("17 01 01");
  const codes = await options.locator("span.font-mono").allTextContents();
  expect(codes.length).toBeGreaterThan(30);
  expect(codes.every((c) => c.startsWith("17 "))).toBe(true);
  await expect(page.getByText("Too many results, please type to filter.")).toHaveCount(0);
  await page.getByRole("button", { name: "Clear Category" }).click();
  await expect(page.getByLabel("Filter by category")).toHaveValue("");
  await ewc(page).click();
  await expect(opts(page)).toHaveCount(75);

  // Keyboard: type, arrow down, Enter picks the active option; Escape closes.
  await ewc(page).fill("20 03 01");
  await ewc(page).press("ArrowDown");
  await expect(ewc(page)).toHaveAttribute("aria-activedescendant", /opt-0$/);
  await ewc(page).press("Enter");
  await expect(chosenCodes(page)).toContainText("20 03 01");
  await expect(ewc(page)).toHaveValue("");
  await expect(ewc(page)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Mixed municipal waste")).toBeVisible();
  // Enter chose a code: it did not submit the form.
  await expect(page.getByText("Please correct the highlighted fields")).toHaveCount(0);
});

test("a hazardous code shows that a consignment note is needed", async ({ page }) => {
  await page.goto("/wastenotegeneration");
  await ewc(page).fill("asbestos");
  await page.getByRole("option", { name: /17 06 05\*/ }).click();
  await expect(page.getByText("Hazardous waste: consignment note required")).toBeVisible();
  await expect(page.getByText(/must move under a hazardous waste consignment note/)).toBeVisible();
  // A second code that is not hazardous: the item still holds a hazardous one.
  await ewc(page).fill("17 02 01");
  await page.getByRole("option", { name: /17 02 01/ }).click();
  await expect(chosenCodes(page).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("Hazardous waste: consignment note required")).toBeVisible();
  await page.getByRole("button", { name: "Remove 17 06 05*" }).click();
  await expect(chosenCodes(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Hazardous waste: consignment note required")).toHaveCount(0);
});

test("a note whose PDF job is still pending: retries with backoff, and Download PDF waits ('Preparing your PDF…'), never 'not available'", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // tests/fixtures/40-waste-notes.ts: its job is queued for tomorrow, so it stays pending.
  const id = WASTE_NOTE_FIXTURE.pendingPdfNoteId;
  const revalidations: number[] = [];
  page.on("request", (r) => {
    if (r.url().includes(`/waste-note/${id}.data`)) revalidations.push(Date.now());
  });
  await page.goto(`/waste-note/${id}`);
  await expect(page.getByText("Preparing the PDF and QR code…")).toBeVisible();
  await expect(page.getByText("Mixed construction waste, pending PDF")).toBeVisible();
  await expect.poll(() => revalidations.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(3);
  const gaps = revalidations.slice(1, 3).map((t, i) => t - revalidations[i]);
  expect(gaps[0]).toBeGreaterThan(1500); // ~2 s after the first retry at ~1 s
  expect(gaps[1]).toBeGreaterThan(3000); // ~4 s
  await expectAccessible(page, { everyImpact: true });

  const asked: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(`/waste-note/${id}/pdf-status`)) asked.push(Date.now());
  });
  await page.getByRole("link", { name: "Download PDF" }).click();
  await expect(page.getByText("Preparing your PDF…")).toBeVisible();
  await expect.poll(() => asked.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  await expect(page.getByText("Preparing your PDF…")).toBeVisible();
  await expect(page.getByText("PDF not available for download")).toHaveCount(0);
  // Without JavaScript the link answers "being prepared" and reloads itself.
  const pdf = await request.get(`/waste-note/${id}/pdf`);
  expect(pdf.status()).toBe(503);
  expect(pdf.headers()["retry-after"]).toBe("2");
  expect(await pdf.text()).toContain("Preparing your PDF…");
  expect(await (await request.get(`/waste-note/${id}/pdf-status`)).json()).toEqual({ status: "pending" });
});

test("a note whose PDF job failed for good says so honestly, on the page and on Download PDF", async ({
  page,
  request,
}) => {
  const id = WASTE_NOTE_FIXTURE.failedPdfNoteId;
  const failed = "We could not make the PDF for this note. We have been told and will look into it.";
  await page.goto(`/waste-note/${id}`);
  await expect(page.getByText(failed)).toBeVisible();
  await expect(page.getByText("Preparing the PDF and QR code…")).toHaveCount(0);
  await page.getByRole("link", { name: "Download PDF" }).click();
  await expect(page.getByRole("alert").filter({ hasText: failed }).last()).toBeVisible();
  await expect(page.getByText("PDF not available for download")).toHaveCount(0);
  await expectAccessible(page, { everyImpact: true });
  const pdf = await request.get(`/waste-note/${id}/pdf`);
  expect(pdf.status()).toBe(500);
  expect(await pdf.text()).toBe(failed);
});

test("a note with no PDF job at all gets its PDF made on demand", async ({ page }) => {
  const id = WASTE_NOTE_FIXTURE.noPdfNoteId;
  await page.goto(`/waste-note/${id}`);
  await expect(page.getByText("Garden waste: hedge cuttings and turf")).toBeVisible();
  await expect(page.getByText("Not applicable (householder)")).toBeVisible();
  const downloading = page.waitForEvent("download", { timeout: 30_000 });
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`waste-note-${id}.pdf`);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await expect(page.getByText("PDF not available for download")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "QR code linking to this waste note" })).toBeVisible({
    timeout: 20_000,
  });
});

test("Download PDF right after a note is made waits for the PDF and downloads it", async ({ page }) => {
  await page.goto("/wastenotegeneration");
  await fillValidNote(page);
  await page.getByLabel("Description of the waste").fill("Download at once: bagged plasterboard");
  await page.getByRole("button", { name: "Generate Waste Note" }).click();
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  const id = UUID.exec(page.url())![0];
  // At once, before the page has seen the PDF (the job finishes about a second after the note).
  const downloading = page.waitForEvent("download", { timeout: 30_000 });
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`waste-note-${id}.pdf`);
  expect(await pdfText(fs.readFileSync(await download.path()))).toContain(
    "Download at once: bagged plasterboard",
  );
  await expect(page.getByText("PDF not available for download")).toHaveCount(0);
});

test("the carrier licence is checked against the register: unknown, expired and removed numbers are refused; a Scottish number is accepted as not checked", async ({
  page,
}) => {
  await page.goto("/wastenotegeneration");
  await fillValidNote(page);
  const licence = page.getByLabel("Carrier licence (registration number)");
  const submit = () => page.getByRole("button", { name: "Generate Waste Note" }).click();
  await licence.fill("CBDU000404");
  await submit();
  await expect(
    page.getByText(
      "CBDU000404 is not on the Environment Agency public register. Check the number on the carrier's registration certificate",
    ),
  ).toBeVisible();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(page).toHaveURL(/\/wastenotegeneration$/);
  await expect(page.getByLabel("Description of the waste")).toHaveValue(
    "Plasterboard offcuts from a kitchen refit, bagged",
  );
  await expectAccessible(page, { everyImpact: true });

  await page.getByLabel("Carrier licence (registration number)").fill(FIXTURE.expired.toLowerCase());
  await submit();
  await expect(
    page.getByText(
      new RegExp(
        `^The registration ${FIXTURE.expired} expired on .*: a waste note cannot name a carrier whose registration has expired`,
      ),
    ),
  ).toBeVisible();
  await page.getByLabel("Carrier licence (registration number)").fill(FIXTURE.removed);
  await submit();
  await expect(
    page.getByText(
      `${FIXTURE.removed} is no longer on the Environment Agency public register: a waste note cannot name it.`,
    ),
  ).toBeVisible();

  await page.getByLabel("Carrier licence (registration number)").fill("WCR/R/1234567");
  await submit();
  await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
  await expect(page.getByTestId("register-check")).toContainText(
    "Carrier registration WCR/R/1234567 not checked: held by SEPA",
  );
  await expect(page.getByRole("link", { name: /SEPA register of waste carriers/ })).toHaveAttribute(
    "href",
    /sepa\.org\.uk/,
  );
});

test("an unknown note: 'Waste Note Not Found' (404) with a link to the generator", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-note"]) {
    const response = await page.goto(`/waste-note/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Waste Note Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Generate a waste note/ })).toHaveAttribute(
      "href",
      "/wastenotegeneration",
    );
    await expectAccessible(page, { everyImpact: true });
  }
});

test("/EWCCodes.csv lists every code with Code and Description first, cached", async ({ request }) => {
  const response = await request.get("/EWCCodes.csv");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["cache-control"]).toContain("max-age=86400");
  const lines = (await response.text()).trim().split("\n");
  expect(lines[0]).toMatch(/^Code,Description/);
  expect(lines.filter((l) => /^\d\d \d\d \d\d/.test(l))).toHaveLength(842);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form still validates on the server and creates the note", async ({ page }) => {
    await page.goto("/wastenotegeneration");
    await page.getByRole("button", { name: "Generate Waste Note" }).click();
    await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
    await expect(page.getByText("Required", { exact: true }).first()).toBeVisible();
    await page.getByLabel("Description of the waste").fill("Two bags of soil and stones");
    await page.getByLabel("EWC codes").fill("170504");
    await page.getByLabel("Residential").check();
    await page.getByLabel("Quantity").fill("40");
    await page.getByLabel("Collection date and time").fill("2026-08-01T14:00");
    await page.getByLabel("Vehicle registration").fill("AB12 CDE");
    await page.getByLabel("Origin of waste (collection address)").fill("2 High Street, Cheltenham");
    await page.locator('input[name="transferorName"]').fill("Alex Smith");
    await page.locator('textarea[name="transferorAddress"]').fill("2 High Street, Cheltenham");
    await page.getByLabel("Producer of the waste").uncheck();
    await page.getByLabel("Householder (own household waste)").check();
    await page.getByLabel("Carrier company").fill("Cotswold Clearances");
    await page.getByLabel("Carrier licence (registration number)").fill("CBDU000002");
    await page.getByLabel("Carrier address").fill("Depot, Cheltenham");
    await page.getByLabel(/waste hierarchy declaration/i).check();
    await page.locator('input[name="transferorSignatureName"]').fill("Alex Smith");
    await page.locator('input[name="transfereeSignatureName"]').fill("Pat Jones");
    await page.getByRole("button", { name: "Generate Waste Note" }).click();
    // A number that is not on the register is refused, the rest of the form kept.
    await expect(
      page.getByText("CBDU000002 is not on the Environment Agency public register."),
    ).toBeVisible();
    await expect(page.getByLabel("Description of the waste")).toHaveValue("Two bags of soil and stones");
    await expect(page.getByLabel("EWC codes")).toHaveValue("170504");
    await page
      .getByLabel("Carrier licence (registration number)")
      .fill(`${WASTE_NOTE_FIXTURE.carrierLicence.slice(0, 4)} ${WASTE_NOTE_FIXTURE.carrierLicence.slice(4)}`);
    await page.getByRole("button", { name: "Generate Waste Note" }).click();
    await expect(page).toHaveURL(/\/waste-note\/[0-9a-f-]{36}\?submitted=1$/);
    await expect(page.getByText("Waste note submitted successfully!")).toBeVisible();
    await expect(page.getByTestId("register-check")).toContainText(
      `Carrier registration ${WASTE_NOTE_FIXTURE.carrierLicence} checked against the Environment Agency register`,
    );
    await expect(page.getByText("Now: Registered (active on the public register)")).toBeVisible();
  });
});
