/**
 * The owner's actions on a note's page (decision 0711): Repeat this collection (the form filled
 * from this note with today's date), Correct (a new version of this note) and Void (with a
 * reason, in a dialog; without JavaScript the link opens the void page). Correct and Void only on
 * the current version; Repeat also on a void note (a note voided as a mistake is written again).
 * Each only when the listing may take it now (`offer`, owned-note.server.ts; decision 0253).
 */
import { Ban, Copy, FilePen } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { OwnerOffer } from "~/modules/waste-notes/owned-note.server";
import { useHydrated } from "../use-hydrated";
import { VoidNoteFetcherForm, voidPath } from "./void-note-form";

// The dialog's code (Radix, 14 kB gzip) loads when the owner first asks to void: a note's page is
// mostly read, and opened by its customer too (decision 0224).
const Dialog = lazy(() => import("~/components/ui/dialog").then((m) => ({ default: m.Dialog })));

export const repeatPath = (id: string) => `/company/waste-note?from=${id}`;
export const correctPath = (id: string) => `/company/waste-note?correct=${id}`;

export function OwnerActions({
  noteId,
  offer,
}: {
  noteId: string;
  offer: Pick<OwnerOffer, "repeat" | "correct" | "void">;
}) {
  const hydrated = useHydrated();
  const [voiding, setVoiding] = useState(false);
  if (!offer.repeat && !offer.correct && !offer.void) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="owner-actions">
      {offer.repeat ? (
        <Button asChild variant="outline" size="sm">
          <Link to={repeatPath(noteId)}>
            <Copy className="size-4" aria-hidden /> Repeat this collection
          </Link>
        </Button>
      ) : null}
      {offer.correct ? (
        <Button asChild variant="outline" size="sm">
          <Link to={correctPath(noteId)}>
            <FilePen className="size-4" aria-hidden /> Correct
          </Link>
        </Button>
      ) : null}
      {offer.void ? (
        <>
          <Button asChild variant="danger-ghost" size="sm">
            <Link
              to={voidPath(noteId)}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setVoiding(true);
              }}
            >
              <Ban className="size-4" aria-hidden /> Void
            </Link>
          </Button>
          {voiding ? (
            <Suspense fallback={null}>
              <Dialog open onOpenChange={setVoiding} title="Void this waste note?">
                <VoidNoteFetcherForm
                  noteId={noteId}
                  cancel={
                    <Button type="button" variant="outline" onClick={() => setVoiding(false)}>
                      Cancel
                    </Button>
                  }
                />
              </Dialog>
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
