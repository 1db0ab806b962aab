/**
 * The 'waste-note.pdf' job: renders a note's PDF and QR code (generate-pdf.server.ts) in a child
 * process (decision 0006). One job per note waits at a time: its unique key is the note's, and a
 * running job gives the key up in the transaction that stores its PDF (decision 0248).
 */
import { z } from "zod";
import type { Database } from "~/platform/db/database.server";
import { defineJob } from "~/platform/jobs/job-definition.server";
import { enqueueJob } from "~/platform/jobs/queue.server";

export const PDF_JOB = defineJob({ type: "waste-note.pdf", payload: z.strictObject({ id: z.uuid() }) });

export const pdfJobKey = (noteId: string) => `${PDF_JOB.type}:${noteId}`;

/**
 * The note is new or changed (void, correction, transfer, remote signature): its PDF is made again.
 * Called in the transaction of the change, after it. Until the new PDF is stored none is served
 * (pdf_url null: the page says it is being prepared, an e-mail waits for it), and the note's
 * pdf_generation goes up, so a job that read the note before the change renders it again instead
 * of storing what it made (decision 0248). Queues the job: a no-op while one is queued, or running
 * and not yet stored (that one sees the new generation).
 */
export async function queueNotePdf(db: Database, noteId: string): Promise<string | null> {
  await db
    .updateTable("waste_notes")
    .set((eb) => ({ pdf_url: null, pdf_generation: eb("pdf_generation", "+", 1) }))
    .where("id", "=", noteId)
    .execute();
  return enqueueJob(db, PDF_JOB, { id: noteId }, { uniqueKey: pdfJobKey(noteId) });
}
