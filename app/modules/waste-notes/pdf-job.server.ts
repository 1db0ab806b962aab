/**
 * The 'waste-note.pdf' job: renders a note's PDF and QR code (generate-pdf.server.ts) in a child
 * process (decision 0006). One job per note at a time: its unique key is the note's.
 */
import { z } from "zod";
import type { Database } from "~/platform/db/database.server";
import { defineJob } from "~/platform/jobs/job-definition.server";
import { enqueueJob } from "~/platform/jobs/queue.server";

export const PDF_JOB = defineJob({ type: "waste-note.pdf", payload: z.strictObject({ id: z.uuid() }) });

export const pdfJobKey = (noteId: string) => `${PDF_JOB.type}:${noteId}`;

/** Queues the note's PDF (a no-op while one is queued or running); inside the note's transaction. */
export function queueNotePdf(db: Database, noteId: string): Promise<string | null> {
  return enqueueJob(db, PDF_JOB, { id: noteId }, { uniqueKey: pdfJobKey(noteId) });
}
