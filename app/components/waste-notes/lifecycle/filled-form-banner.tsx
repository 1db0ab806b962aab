/**
 * Above the company form when it was filled from an earlier note (decision 0711): what the user is
 * doing (repeating a collection, or correcting a note) and what the new note will be.
 */
import { Copy, FilePen } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import type { NoteRefusal } from "~/modules/waste-notes/note-rules";
import { viewPath } from "~/modules/waste-notes/storage-keys";

export interface FilledFrom {
  mode: "repeat" | "correct";
  source: { id: string; version: number; collection: string };
}

export function FilledFormBanner({ filled }: { filled: FilledFrom }) {
  const { mode, source } = filled;
  const link = (
    <Link to={viewPath(source.id)} className="font-mono font-semibold underline">
      {source.id.slice(0, 8)}
    </Link>
  );
  if (mode === "repeat") {
    return (
      <Alert tone="info" title="Repeat this collection" data-testid="filled-from">
        <p className="flex gap-2">
          <Copy className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Filled in from the note {link} (collected {filled.source.collection}) with today&apos;s date.
            Check the details and quantities, then both parties sign this new note.
          </span>
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title={`Correct version ${source.version}`} data-testid="filled-from">
      <p className="flex gap-2">
        <FilePen className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Correcting the note {link}. Saving makes version {source.version + 1}, which supersedes version{" "}
          {source.version}: both are kept and linked, and the earlier one says it was superseded. A correction
          does not count towards your monthly allowance, so it keeps the same customer and place of collection
          (you can fix their spelling): a different customer or place is a new note. Both parties sign the
          corrected note.
        </span>
      </p>
    </Alert>
  );
}

/** A correction of a note that is no longer the current version: shown instead of the form. */
export function staleCorrectionRefusal(block: { message: string; latestId: string | null }): NoteRefusal {
  return {
    reason: "not_current",
    title: "This note cannot be corrected",
    message: block.message,
    ...(block.latestId
      ? { link: { label: "Open the current version", href: viewPath(block.latestId) } }
      : {}),
  };
}
