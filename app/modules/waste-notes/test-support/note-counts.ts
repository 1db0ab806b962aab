/** Test helper: how many waste notes and PDF jobs the database holds, and how many files the notes' storage folder does. */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "~/platform/db/database.server";
import { PDF_JOB } from "../pdf-job.server";

export async function noteCounts(db: Database, dataDir: string, { recursive = false } = {}) {
  const notes = await db
    .selectFrom("waste_notes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const jobs = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("type", "=", PDF_JOB.type)
    .executeTakeFirstOrThrow();
  const folder = path.join(dataDir, "waste-notes");
  const files = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive }).length : 0;
  return { notes: Number(notes.n), jobs: Number(jobs.n), files };
}
