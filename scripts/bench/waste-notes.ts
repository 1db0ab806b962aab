/**
 * Waste notes: PDF generation time (the whole 'waste-note.pdf' job: read the note and its files,
 * render the PDF and QR code, store both, set the URLs) over ~50 notes, and a company's notes
 * list at 10,000 notes. On a fresh in-memory PGlite, and on PostgreSQL when a target has a url.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createWasteNote } from "../../app/modules/waste-notes/create-note.server";
import { generateWasteNotePdf } from "../../app/modules/waste-notes/generate-pdf.server";
import { createPdfRenderer } from "../../app/modules/waste-notes/pdf-renderer.server";
import { createLogger } from "../../app/platform/logger.server";
import { listCompanyNotes } from "../../app/modules/waste-notes/list-notes.server";
import { testPng, validForm } from "../../app/modules/waste-notes/test-support/valid-form";
import { validateWasteNote } from "../../app/modules/waste-notes/validate-note.server";
import { openDatabase, type Database } from "../../app/platform/db/database.server";
import { migrate } from "../../app/platform/db/migrate.server";
import { LocalDiskStorage } from "../../app/platform/storage/local-disk-storage.server";
import type { BenchContext, BenchRow, BenchSection } from "./types";

const SECTION = "waste notes";
const COMPANY = "CBDU990001";
const PDF_NOTES = 50;
const LIST_NOTES = 10_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** A second or third waste item of a bench note's form. */
const extraItem = (i: number): Record<string, string | string[]> => ({
  [`items[${i}].description`]: `Plasterboard offcuts, bag ${i}`,
  [`items[${i}].ewcCodes`]: ["17 08 02"],
  [`items[${i}].physicalForm`]: "Solid",
  [`items[${i}].quantity`]: "1.5",
  [`items[${i}].unit`]: "t",
  [`items[${i}].containerType`]: "BAG",
  [`items[${i}].containerCount`]: "3",
});

/** The company, its owner and the notes the PDF job is timed on (0-3 photos, hazardous and not). */
async function createBenchNotes(
  db: Database,
  storage: LocalDiskStorage,
  database: string,
): Promise<string[]> {
  await db
    .insertInto("directory_entries")
    .values({ registration_number: COMPANY, business_name: "BENCH CARRIERS LTD", expiry_date: "2099-12-31" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto("claimed_listings")
    .values({ registration_number: COMPANY, verified: true, subscription_plan: "premium" })
    .onConflict((oc) => oc.doNothing())
    .execute();

  const user = await db
    .insertInto("users")
    .values({ email: `bench-${database.toLowerCase()}@bench.example` })
    .returning("id")
    .executeTakeFirstOrThrow();
  // PDF generation: notes with 0-3 photos, hazardous and not, drawn signatures on half of them.
  const photo = testPng();
  const signature = `data:image/png;base64,${photo.toString("base64")}`;
  const ids: string[] = [];
  for (let i = 0; i < PDF_NOTES + 3; i++) {
    const form = validForm(
      {
        "items[0].ewcCodes": i % 5 === 0 ? ["17 06 05*"] : ["17 09 04", "17 01 07"],
        "items[0].description": `Mixed construction waste, load ${i + 1}`,
        // Every third note carries three waste items (decision 0709).
        ...(i % 3 === 0 ? { ...extraItem(1), ...extraItem(2) } : {}),
        consignmentCode: i % 5 === 0 ? "BENCHC/00001" : "",
        transferorSignature: i % 2 ? signature : "",
      },
      Array.from({ length: i % 4 }, () => photo),
    );
    const input = await validateWasteNote(form, { company: true });
    if (!input.ok) throw new Error(`bench note invalid: ${JSON.stringify(input.errors)}`);
    const created = await createWasteNote({ db, storage }, input.data, {
      owner: { userId: user.id, registrationNumber: COMPANY },
    });
    if (!created.ok) throw new Error("bench note refused");
    ids.push(created.id);
  }
  return ids;
}

/** The whole PDF job per note, after three warm-up runs. */
async function timePdfJobs(db: Database, storage: LocalDiskStorage, ids: string[]): Promise<number[]> {
  // PDFs render in the renderer's child process, as in the server (decision 0006).
  const renderer = createPdfRenderer(createLogger("silent"));
  const deps = { db, storage, publicUrl: "https://bench.example", render: renderer.render };
  for (const id of ids.slice(0, 3)) await generateWasteNotePdf(deps, id); // warm-up
  const pdfTimes: number[] = [];
  for (const id of ids.slice(3)) {
    const t = performance.now();
    await generateWasteNotePdf(deps, id);
    pdfTimes.push(performance.now() - t);
  }
  await renderer.close();
  return pdfTimes;
}

async function measure(db: Database, database: string, ctx: BenchContext): Promise<BenchRow[]> {
  const storage = new LocalDiskStorage(path.join(ctx.workDir, `waste-notes-${database}`));
  const ids = await createBenchNotes(db, storage, database);
  const pdfTimes = await timePdfJobs(db, storage, ids);
  const p95 = percentile(pdfTimes, 95);

  // 10,000 notes for one company, spread over two years.
  await sql`
    INSERT INTO waste_notes (registration_number, collection_date_time, waste_type, description, ewc_code, hazardous, weight,
      origin_address, carrier_company, carrier_address, carrier_license, vehicle_reg, waste_hierarchy_confirmed,
      transferor_name, transferor_address, transferor_signature_name, transferee_signature_name, created_at)
    SELECT ${COMPANY}, now() - (g * interval '100 minutes'), CASE WHEN g % 3 = 0 THEN 'Residential' ELSE 'Commercial' END,
      'Load ' || g || CASE WHEN g % 7 = 0 THEN ' of plasterboard' ELSE ' of mixed rubble' END,
      CASE WHEN g % 11 = 0 THEN '17 06 05*' ELSE '17 09 04' END, g % 11 = 0, (g % 900) + 0.25,
      g || ' Station Road, ' || (ARRAY['Leeds','Bristol','Derby','York','Bath'])[1 + g % 5], 'Bench Carriers Ltd', 'Depot', ${COMPANY},
      'AB12 CDE', true, 'Customer ' || g, 'Address ' || g, 'Customer ' || g, 'Driver', now() - (g * interval '100 minutes')
    FROM generate_series(1, ${LIST_NOTES - ids.length}) AS g`.execute(db);
  await sql`ANALYZE waste_notes`.execute(db);
  const firstPage = await time(30, () => listCompanyNotes(db, COMPANY, { limit: 50 }));
  const search = await time(30, () => listCompanyNotes(db, COMPANY, { search: "york", limit: 50 }));
  const total = (await listCompanyNotes(db, COMPANY, { limit: 1 })).counters.total;
  if (total !== LIST_NOTES) ctx.log(`waste notes: expected ${LIST_NOTES} notes, found ${total}`);

  return [
    {
      section: SECTION,
      metric: `PDF job p50 (${pdfTimes.length} notes)`,
      database,
      value: ms(percentile(pdfTimes, 50)),
    },
    {
      section: SECTION,
      metric: `PDF job p95 (${pdfTimes.length} notes)`,
      database,
      value: ms(p95),
      target: "< 150 ms",
      ok: p95 < 150,
    },
    {
      section: SECTION,
      metric: `notes list p50/p95 (${total.toLocaleString("en-GB")} notes, page of 50 + counters)`,
      database,
      value: `${ms(percentile(firstPage, 50))} / ${ms(percentile(firstPage, 95))}`,
    },
    {
      section: SECTION,
      metric: "notes search p50/p95 ('york', page of 50 + count)",
      database,
      value: `${ms(percentile(search, 50))} / ${ms(percentile(search, 95))}`,
    },
  ];
}

const section: BenchSection = {
  name: "waste-notes",
  order: 40,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const memory = await openDatabase({ pgliteDir: "memory://" });
    try {
      await migrate(memory.pool);
      rows.push(...(await measure(memory.db, "PGlite", ctx)));
    } finally {
      await memory.close();
    }
    for (const target of ctx.targets.filter((t) => t.url)) {
      const handle = await openDatabase({ url: target.url, poolSize: 4 });
      try {
        await migrate(handle.pool);
        rows.push(...(await measure(handle.db, target.database, ctx)));
      } finally {
        await handle.close();
      }
    }
    fs.rmSync(path.join(ctx.workDir, "waste-notes-PGlite"), { recursive: true, force: true });
    return rows;
  },
};

export default section;
