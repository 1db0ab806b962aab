/**
 * Where a note's PDF is (issue 14, item 12): ready, being made (its 'waste-note.pdf' job is
 * queued or running), or failed for good (the job's last attempt failed). The Download PDF button
 * asks this until the PDF is ready, so it never reports a missing PDF while the job is pending.
 *
 * A note with no PDF and no job (its failed job was pruned after 30 days, or the row came from
 * elsewhere) gets one on demand: the job is queued again (its unique key keeps it to one), and
 * the answer is "pending" (decision 0707).
 */
import type { Database } from "~/platform/db/database.server";
import { getWasteNote } from "./get-note.server";
import { pdfJobKey, queueNotePdf } from "./pdf-job.server";

export type PdfState =
  { status: "ready"; url: string } | { status: "pending" } | { status: "failed" } | { status: "no-note" };

export async function getPdfState(
  db: Database,
  id: string,
  options: { queueWhenMissing?: boolean } = {},
): Promise<PdfState> {
  const note = await getWasteNote(db, id);
  if (!note) return { status: "no-note" };
  if (note.pdf_url) return { status: "ready", url: note.pdf_url };
  const job = await db
    .selectFrom("jobs")
    .select(["status"])
    .where("unique_key", "=", pdfJobKey(note.id))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (job?.status === "queued" || job?.status === "running") return { status: "pending" };
  if (job?.status === "failed") return { status: "failed" };
  if (job?.status === "done") {
    // Finished between the two reads: the PDF is there now.
    const again = await getWasteNote(db, note.id);
    if (again?.pdf_url) return { status: "ready", url: again.pdf_url };
  }
  // No job (or a finished one that left no PDF): make it on demand.
  if (options.queueWhenMissing !== false) {
    await queueNotePdf(db, note.id);
    return { status: "pending" };
  }
  return { status: "failed" };
}
