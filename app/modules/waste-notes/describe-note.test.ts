/**
 * How a note reads (decision 0714): its description for the view page (items, versions, void,
 * season ticket, customer) and its PDF (every item's codes, the version and void lines, a
 * schedule, pages that paginate with numbers). On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { insertRegisterEntry } from "#tests/support/builders";
import { describeNote, getNoteDescription, type NoteDescription } from "./describe-note.server";
import { getWasteNoteView } from "./get-note.server";
import { renderInProcess } from "./pdf-renderer.server";
import { renderQrPng } from "./qr.server";
import { openPdf, pdfText } from "./test-support/pdf-text";
import { insertNote, insertVersions, THREE_ITEMS, type ItemRow } from "./test-support/note-rows";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntry(t.db, {
    registration_number: "CBDU123456",
    business_name: "AVON SKIP HIRE LTD",
    expiry_date: "2031-01-31",
  });
});
afterAll(async () => {
  await t?.destroy();
});

/** The note as anyone with its link reads it, or (`owner`) as its company does. */
async function describeId(id: string, owner = false): Promise<NoteDescription> {
  const note = await getNoteDescription(t.db, id, { owner });
  if (!note) throw new Error(`no note ${id}`);
  return note;
}

async function pdfOf(note: NoteDescription): Promise<Buffer> {
  const viewUrl = `https://carriers.example.org/waste-note/${note.id}`;
  return renderInProcess({ note, images: { qr: await renderQrPng(viewUrl), photos: [] }, viewUrl });
}

/** Each page's text runs with their baseline's height from the page's foot (pdfjs). */
async function textRuns(pdf: Buffer): Promise<Array<Array<{ text: string; y: number }>>> {
  const doc = await openPdf(pdf);
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        "str" in item && item.str.trim() ? [{ text: item.str, y: item.transform[5] as number }] : [],
      ),
    );
  }
  await doc.destroy();
  return pages;
}

const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("describeNote", () => {
  it("describes a note of several items: codes with their descriptions, quantities, containers, R/D codes, hazard per item", async () => {
    const id = await insertNote(
      t.db,
      {
        receiving_site_name: "Avonmouth Materials Recovery Facility",
        receiving_site_authorisation: "EPR/AB1234CD",
        receiving_site_address: "Kings Weston Lane, Avonmouth",
        receiving_site_postcode: "BS11 8HQ",
        transport_means: "Road",
        consignment_code: "HARBOU/A1234",
        customer_email: "jane@harbourside.example",
        customer_email_status: "bounced",
        customer_email_error: "550 mailbox unavailable",
      },
      THREE_ITEMS,
    );
    const note = await describeId(id, true);
    expect(note.items).toEqual([
      {
        position: 1,
        ewcCodes: [
          {
            code: "17 08 02",
            description: "Gypsum-based construction materials other than those mentioned in 17 08 01",
            hazardous: false,
          },
        ],
        description: "Plasterboard offcuts from a kitchen refit",
        physicalForm: "Solid",
        quantity: "1.5 tonnes (estimated)",
        containment: "1 × Skip",
        disposalCode: "R5",
        hazardous: false,
      },
      {
        position: 2,
        ewcCodes: [
          { code: "17 06 05*", description: expect.stringMatching(/asbestos/i), hazardous: true },
          { code: "17 06 04", description: expect.stringMatching(/insulation materials/i), hazardous: false },
        ],
        description: "Asbestos cement roof sheets, double wrapped",
        physicalForm: "Solid",
        quantity: "250 kg",
        containment: "12 × Bag / Sack (e.g. rubble bag, refuse sack)",
        disposalCode: "D5",
        hazardous: true,
      },
      {
        position: 3,
        ewcCodes: [
          { code: "20 01 21*", description: expect.stringMatching(/fluorescent tubes/i), hazardous: true },
        ],
        description: "Fluorescent tubes",
        physicalForm: "Mixed",
        quantity: "1,250 kg",
        containment: "4 × Box / Carton / Crate",
        disposalCode: null,
        hazardous: true,
      },
    ]);
    // Today's fields still read: the first item's words, the total weight, hazardous when any item is.
    expect(note).toMatchObject({
      description: "Plasterboard offcuts from a kitchen refit",
      ewcCode: "17 08 02",
      weight: "3,000 kg (estimated)",
      containment: "1 × Skip",
      hazardous: true,
      receivingSite: {
        name: "Avonmouth Materials Recovery Facility",
        authorisation: "EPR/AB1234CD",
        address: "Kings Weston Lane, Avonmouth",
        postcode: "BS11 8HQ",
      },
      transportMeans: "Road",
      consignmentCode: "HARBOU/A1234",
      seasonTicket: null,
      voided: null,
      versionInfo: {
        version: 1,
        current: true,
        supersededById: null,
        supersedesId: null,
        versions: [{ id, version: 1, created: "15 July 2026 at 10:00", status: "current" }],
      },
      customer: {
        email: "jane@harbourside.example",
        emailStatus: "bounced",
        emailError: "550 mailbox unavailable",
        awaitingSignature: false,
        signedRemotelyAt: null,
        signedThrough: null,
      },
    });
  });

  it("reads a note written before items existed as its one item", async () => {
    const id = await insertNote(t.db, { weight: "180.5", container_type: "LOO", container_count: null });
    await t.db.deleteFrom("waste_note_items").where("note_id", "=", id).execute();
    const note = await describeId(id);
    expect(note.items).toEqual([
      {
        position: 1,
        ewcCodes: [
          { code: "17 08 02", description: expect.stringMatching(/^Gypsum-based/), hazardous: false },
        ],
        description: "Mixed plasterboard offcuts and timber from a kitchen refit",
        physicalForm: "Solid",
        quantity: "180.5 kg",
        containment: "Loose (no container)",
        disposalCode: null,
        hazardous: false,
      },
    ]);
    expect(note).toMatchObject({
      weight: "180.5 kg",
      receivingSite: null,
      consignmentCode: null,
      transportMeans: "Road",
    });
  });

  it("says which version is current: a corrected series of three, each linked to the one before", async () => {
    const [v1, v2, v3] = await insertVersions(t.db, 3);
    const first = await describeId(v1);
    const middle = await describeId(v2);
    const last = await describeId(v3);
    const versions = [
      { id: v1, version: 1, created: "15 July 2026 at 10:00", status: "superseded" },
      { id: v2, version: 2, created: "16 July 2026 at 10:00", status: "superseded" },
      { id: v3, version: 3, created: "17 July 2026 at 10:00", status: "current" },
    ];
    expect(first.versionInfo).toEqual({
      version: 1,
      current: false,
      supersededById: v2,
      supersedesId: null,
      versions,
    });
    expect(middle.versionInfo).toEqual({
      version: 2,
      current: false,
      supersededById: v3,
      supersedesId: v1,
      versions,
    });
    expect(last.versionInfo).toEqual({
      version: 3,
      current: true,
      supersededById: null,
      supersedesId: v2,
      versions,
    });
  });

  it("describes a void note with its reason and time, and a remote signature awaited, then given", async () => {
    const id = await insertNote(t.db, {
      voided_at: new Date("2026-07-20T14:05:00Z"),
      void_reason: "Collection cancelled by the customer",
      transferor_signature_name: "",
      customer_email: "jane@harbourside.example",
      customer_signature_requested_at: new Date("2026-07-15T09:00:00Z"),
    });
    const note = await describeId(id);
    expect(note.voided).toEqual({
      at: "20 July 2026 at 15:05",
      reason: "Collection cancelled by the customer",
    });
    expect(note.versionInfo).toMatchObject({ current: false, versions: [{ id, status: "void" }] });
    expect(note.customer).toMatchObject({ awaitingSignature: true, signedRemotelyAt: null });

    await t.db
      .updateTable("waste_notes")
      .set({
        customer_signed_at: new Date("2026-07-16T18:45:00Z"),
        transferor_signature_name: "Jane Holloway",
      })
      .where("id", "=", id)
      .execute();
    expect((await describeId(id)).customer).toMatchObject({
      awaitingSignature: false,
      signedRemotelyAt: "16 July 2026 at 19:45",
    });
  });

  it("gives the customer's e-mail, its status and a bounce's reason to the owner only (decision 0712)", async () => {
    const id = await insertNote(t.db, {
      transferor_signature_name: "",
      customer_email: "jane@harbourside.example",
      customer_email_status: "bounced",
      customer_email_error: "550 5.1.1 User unknown",
      customer_email_sent_at: new Date("2026-07-15T10:00:00Z"),
      customer_signature_requested_at: new Date("2026-07-15T09:00:00Z"),
    });
    const signature = { awaitingSignature: true, signedRemotelyAt: null, signedThrough: null };
    const anyone = await describeId(id);
    expect(anyone.customer).toEqual({
      email: null,
      emailStatus: null,
      emailError: null,
      emailSentAt: null,
      ...signature,
    });
    expect(JSON.stringify(anyone)).not.toMatch(/jane@harbourside|User unknown/);
    const view = (await getWasteNoteView(t.db, id))!;
    expect(describeNote(view).customer).toEqual(anyone.customer);
    expect((await getNoteDescription(t.db, id, { owner: true }))?.customer).toEqual({
      email: "jane@harbourside.example",
      emailStatus: "bounced",
      emailError: "550 5.1.1 User unknown",
      emailSentAt: "15 July 2026 at 11:00",
      ...signature,
    });
  });

  it("describes a season ticket: its dates and its schedule of transfers, oldest first", async () => {
    const id = await insertNote(t.db, { season_ticket_until: "2027-07-14" }, [THREE_ITEMS[0]]);
    await t.db
      .insertInto("waste_note_transfers")
      .values([
        {
          note_id: id,
          transferred_at: new Date("2026-09-01T07:15:00Z"),
          quantity: "2",
          unit: "t",
          place: "14 Mill Lane, Bristol",
        },
        {
          note_id: id,
          transferred_at: new Date("2026-08-01T07:15:00Z"),
          quantity: "850.5",
          unit: "kg",
          place: "14 Mill Lane, Bristol",
        },
      ])
      .execute();
    expect((await describeId(id)).seasonTicket).toEqual({
      from: "15 July 2026",
      until: "14 July 2027",
      transfers: [
        { at: "1 August 2026 at 08:15", quantity: "850.5 kg", place: "14 Mill Lane, Bristol" },
        { at: "1 September 2026 at 08:15", quantity: "2 tonnes", place: "14 Mill Lane, Bristol" },
      ],
    });
  });

  it("takes the whole view, as getWasteNoteView reads it", async () => {
    const id = await insertNote(t.db, {}, THREE_ITEMS.slice(0, 2));
    const view = (await getWasteNoteView(t.db, id))!;
    expect(describeNote(view).items.map((i) => i.position)).toEqual([1, 2]);
    expect(await getNoteDescription(t.db, "not-a-uuid")).toBeNull();
  });
});

describe("the note's PDF", () => {
  it("holds every item's codes, descriptions and quantities, the receiving site and the consignment code", async () => {
    const id = await insertNote(
      t.db,
      {
        receiving_site_name: "Avonmouth Materials Recovery Facility",
        receiving_site_authorisation: "EPR/AB1234CD",
        receiving_site_address: "Kings Weston Lane, Avonmouth",
        receiving_site_postcode: "BS11 8HQ",
        transport_means: "Rail",
        consignment_code: "HARBOU/A1234",
      },
      THREE_ITEMS,
    );
    const pdf = await pdfOf(await describeId(id));
    const text = await pdfText(pdf);
    for (const expected of [
      "17 08 02",
      "17 06 05*",
      "17 06 04",
      "20 01 21*",
      "Plasterboard offcuts from a kitchen refit",
      "Asbestos cement roof sheets, double wrapped",
      "Fluorescent tubes",
      "1.5 tonnes (estimated)",
      "1,250 kg",
      "12 x Bag / Sack",
      "R5",
      "D5",
      "Avonmouth Materials Recovery Facility",
      "EPR/AB1234CD",
      "Kings Weston Lane, Avonmouth, BS11 8HQ",
      "Rail",
      "HARBOU/A1234",
      "HAZARDOUS WASTE",
      "Page 1 of 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A note like this fits on one page.
    expect(pageCount(pdf)).toBe(1);
  });

  it("says which version it is, that it was superseded, and that it is void", async () => {
    const [v1, v2, v3] = await insertVersions(t.db, 3);
    const first = await pdfText(await pdfOf(await describeId(v1)));
    expect(first).toContain("SUPERSEDED by version 2");
    expect(first).toContain("Version 2 was issued 16 July 2026 at 10:00");
    const middle = await pdfText(await pdfOf(await describeId(v2)));
    expect(middle).toContain("SUPERSEDED by version 3");
    expect(middle).toContain("Version 2 of this note; supersedes version 1 issued 15 July 2026 at 10:00");
    const last = await pdfText(await pdfOf(await describeId(v3)));
    expect(last).toContain("Version 3 of this note; supersedes version 2 issued 16 July 2026 at 10:00");
    expect(last).not.toContain("SUPERSEDED");

    const voided = await insertNote(t.db, {
      voided_at: new Date("2026-07-20T14:05:00Z"),
      void_reason: "Collection cancelled by the customer",
    });
    const text = await pdfText(await pdfOf(await describeId(voided)));
    expect(text).toContain("VOID: Collection cancelled by the customer");
    expect(text).toContain("Voided 20 July 2026 at 15:05");
    expect(text).toContain(`Waste transfer note ${voided} (VOID)`);

    const awaiting = await insertNote(t.db, {
      transferor_signature_name: "",
      customer_signature_requested_at: new Date("2026-07-15T09:00:00Z"),
    });
    expect(await pdfText(await pdfOf(await describeId(awaiting)))).toContain("Awaiting customer signature");
  });

  it("shows a season ticket's dates and schedule, and the customer's remote signature with its time", async () => {
    const id = await insertNote(
      t.db,
      {
        season_ticket_until: "2027-07-14",
        customer_signed_at: new Date("2026-07-16T18:45:00Z"),
        customer_signed_email: "jane@harbourside.example",
      },
      [THREE_ITEMS[0]],
    );
    await t.db
      .insertInto("waste_note_transfers")
      .values({
        note_id: id,
        transferred_at: new Date("2026-08-01T07:15:00Z"),
        quantity: "850.5",
        unit: "kg",
        place: "Yard 2, 14 Mill Lane",
      })
      .execute();
    const text = await pdfText(await pdfOf(await describeId(id)));
    expect(text).toContain("Season ticket: 15 July 2026 to 14 July 2027");
    expect(text).toContain("SEASON TICKET SCHEDULE (1 TRANSFER)");
    expect(text).toContain("1 August 2026 at 08:15 850.5 kg Yard 2, 14 Mill Lane");
    // What the product knows (decision 0274): the link and where it went, not "by the customer".
    expect(text).toContain("Signed through a link sent to j***@harbourside.example, 16 July 2026 at 19:45");
    expect(text).not.toContain("by the customer");
  });

  it("paginates 20 items with long texts: several pages, each numbered, every item there once", async () => {
    const long = (i: number) =>
      `Item ${i + 1}: ${"mixed demolition rubble with brick, concrete, tile and ceramic fragments ".repeat(2)}`.slice(
        0,
        200,
      );
    const items: ItemRow[] = Array.from({ length: 20 }, (_, i) => ({
      ewc_codes: ["17 01 07", "17 09 04", "17 02 01", "17 04 05", "17 05 04"],
      description: long(i),
      physical_form: "Mixed",
      quantity: String(100 + i),
      unit: "kg",
      container_type: "PAL",
      container_count: i + 1,
      disposal_code: "R13",
    }));
    const id = await insertNote(
      t.db,
      { origin_address: "A".repeat(400), transferor_address: `${"Long Road ".repeat(45)}`.trim() },
      items,
    );
    const pdf = await pdfOf(await describeId(id));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = await pdfText(pdf);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    // Nothing but the footer is set in the bottom 58 points (the footer's band); the footer is on every page.
    for (const runs of await textRuns(pdf)) {
      const low = runs.filter((r) => r.y < 58).map((r) => r.text);
      expect(low.join(" ")).toMatch(
        /^Waste transfer note [0-9a-f-]{36} \| Both parties keep this note for at least 2 years Page \d of \d$/,
      );
    }
    for (let i = 0; i < 20; i++) expect(text.split(`Item ${i + 1}:`).length, `item ${i + 1}`).toBe(2);
    expect(text).toContain("20 x Pallet");
    expect(text).toContain("2,190 kg");
  });
});
