/**
 * How a note reads (decision 0714): the note page shows each waste item, the receiving site, the
 * consignment code, a season ticket's schedule, which version is current and a void note's
 * reason; the PDF downloads and says the same. The notes come from tests/fixtures/46-waste-note-view.ts.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pdfText } from "../../app/modules/waste-notes/test-support/pdf-text";
import { NOTE_VIEW_FIXTURE as F } from "../fixtures/46-waste-note-view";
import { expectAccessible } from "./support/auth-helpers";
import { shootAtPhoneWidth } from "./support/styles";

/** The note's PDF once it is made (on demand: the first asks get 503 while its job runs). */
async function downloadPdf(request: APIRequestContext, id: string): Promise<string> {
  let response = await request.get(`/waste-note/${id}/pdf`);
  await expect
    .poll(
      async () => {
        response = await request.get(`/waste-note/${id}/pdf`);
        return response.status();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toContain(`waste-note-${id}.pdf`);
  const body = await response.body();
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  return pdfText(body);
}

const card = (page: Page, title: string) =>
  page.locator("div.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("a note of three items shows each item, the receiving site, the consignment code and the season ticket; its PDF says the same", async ({
  page,
  request,
}, testInfo) => {
  await page.goto(`/waste-note/${F.multiItemId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(F.multiItemId);

  const summary = card(page, "Waste Details");
  await expect(summary).toContainText("Total quantity3,000 kg (estimated) (3 items)");
  await expect(summary).toContainText(F.consignmentCode);

  const first = card(page, "Waste 1 of 3");
  await expect(first).toContainText("Plasterboard offcuts from a kitchen refit");
  await expect(first).toContainText("17 08 02");
  await expect(first).toContainText("Gypsum-based construction materials");
  await expect(first).toContainText("1.5 tonnes (estimated)");
  await expect(first).toContainText("1 × Skip");
  await expect(first).toContainText("R5");
  await expect(first).toContainText("HazardousNo");
  // Only the row's label: no badge.
  await expect(first.getByText("Hazardous", { exact: true })).toHaveCount(1);

  const second = card(page, "Waste 2 of 3");
  await expect(second).toContainText("Asbestos cement roof sheets, double wrapped");
  await expect(second).toContainText("17 06 05*");
  await expect(second).toContainText("Construction materials containing asbestos");
  await expect(second).toContainText("17 06 04");
  await expect(second).toContainText("12 × Bag / Sack");
  await expect(second).toContainText("D5");
  await expect(second).toContainText("HazardousYes");
  // The row's label, the item's badge and the hazardous code's badge.
  await expect(second.getByText("Hazardous", { exact: true })).toHaveCount(3);

  const third = card(page, "Waste 3 of 3");
  await expect(third).toContainText("20 01 21*");
  await expect(third).toContainText("1,250 kg");
  await expect(third).toContainText("Not given");

  const site = card(page, "Receiving Site");
  await expect(site).toContainText(F.siteName);
  await expect(site).toContainText("EPR/KV4600AB");
  await expect(site).toContainText("Station Road, Theale, Reading, RG7 4AA");
  await expect(card(page, "Waste Carrier Details")).toContainText("Means of transportRoad");

  const ticket = card(page, "Season Ticket");
  await expect(ticket).toContainText("15 July 2026 to 31 May 2027");
  const rows = ticket.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toHaveText("3 August 2026 at 08:301.2 tonnes2 Bridge Street, Newbury");
  await expect(rows.nth(2)).toHaveText("7 September 2026 at 08:30950 kg2 Bridge Street, Newbury");
  await expectAccessible(page, { everyImpact: true });

  await page.screenshot({ path: testInfo.outputPath("multi-item-1280.png"), fullPage: true });
  await shootAtPhoneWidth(page, testInfo.outputPath("multi-item-375.png"));

  const text = await downloadPdf(request, F.multiItemId);
  for (const expected of [
    "17 08 02",
    "17 06 05*",
    "17 06 04",
    "20 01 21*",
    "Plasterboard offcuts from a kitchen refit",
    "Asbestos cement roof sheets, double wrapped",
    "1.5 tonnes (estimated)",
    "12 x Bag / Sack",
    F.siteName,
    F.consignmentCode,
    "Season ticket: 15 July 2026 to 31 May 2027",
    "3 August 2026 at 08:30 1.2 tonnes 2 Bridge Street, Newbury",
    "Page 1 of",
  ]) {
    expect(text, expected).toContain(expected);
  }
});

test("a corrected note: version 1 says it was superseded and links to version 2, which says what it supersedes", async ({
  page,
  request,
}, testInfo) => {
  await page.goto(`/waste-note/${F.v1Id}`);
  await expect(page.getByTestId("note-superseded")).toBeVisible();
  const versions = page.getByRole("list", { name: "Versions of this note" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").nth(0)).toContainText(
    "Version 1 (this page)issued 20 July 2026 at 10:00Superseded",
  );
  await expect(versions.getByRole("listitem").nth(1)).toContainText(
    "Version 2issued 21 July 2026 at 11:00Current",
  );
  await expectAccessible(page, { everyImpact: true });
  await shootAtPhoneWidth(page, testInfo.outputPath("superseded-375.png"));

  await versions.getByRole("link", { name: "Version 2" }).click();
  await expect(page).toHaveURL(`/waste-note/${F.v2Id}`);
  await expect(page.getByTestId("note-superseded")).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Versions of this note" }).getByRole("listitem").nth(1),
  ).toContainText("Version 2 (this page)");
  await expect(card(page, "Waste Details")).toContainText(
    "Soil and stones from a garden clearance, weight corrected",
  );
  await expect(card(page, "Waste Details")).toContainText("820 kg");

  expect(await downloadPdf(request, F.v1Id)).toContain("SUPERSEDED by version 2");
  expect(await downloadPdf(request, F.v2Id)).toContain(
    "Version 2 of this note; supersedes version 1 issued 20 July 2026 at 10:00",
  );
});

test("a void note says so with its reason, on the page and in the PDF", async ({
  page,
  request,
}, testInfo) => {
  await page.goto(`/waste-note/${F.voidId}`);
  await expect(page.getByTestId("note-void")).toContainText(F.voidReason);
  await expect(page.getByTestId("note-void")).toContainText("Voided 22 July 2026 at 16:00");
  // A note written before items existed reads as its one item.
  await expect(card(page, "Waste Details")).toContainText("Mixed timber offcuts");
  await expect(card(page, "Waste Details")).toContainText("17 02 01");
  await expectAccessible(page, { everyImpact: true });
  await shootAtPhoneWidth(page, testInfo.outputPath("void-375.png"));
  expect(await downloadPdf(request, F.voidId)).toContain(`VOID: ${F.voidReason}`);
});
