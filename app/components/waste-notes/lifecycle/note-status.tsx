/**
 * What anyone opening a note's link is told about its place in its series (decision 0711): its
 * version and the one it supersedes, that a later version superseded it (with a link to the
 * latest), that it is void and why (prominent, red), and a season ticket's end date.
 */
import { Ban, CalendarRange, History } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";

type StatusNote = Pick<NoteDescription, "id" | "versionInfo" | "voided" | "seasonTicket">;

/** The badges beside the note's other badges: version, season ticket. */
export function NoteStatusBadges({ note }: { note: StatusNote }) {
  const { version, supersedesId, versions } = note.versionInfo;
  const earlier = versions.find((v) => v.id === supersedesId)?.version ?? version - 1;
  return (
    <>
      {version > 1 ? (
        <Badge tone="purple" data-testid="note-version">
          Version {version} — supersedes{" "}
          {supersedesId ? (
            <Link to={viewPath(supersedesId)} className="underline">
              version {earlier}
            </Link>
          ) : (
            `version ${earlier}`
          )}
        </Badge>
      ) : null}
      {note.seasonTicket ? (
        <Badge tone="blue" data-testid="season-ticket">
          <CalendarRange className="size-3.5" aria-hidden /> Season ticket until {note.seasonTicket.until}
        </Badge>
      ) : null}
    </>
  );
}

/** The banners under the title: void (red, with the reason) and superseded (with the latest version). */
export function NoteStatusBanners({ note }: { note: StatusNote }) {
  const info = note.versionInfo;
  const latest = info.versions.at(-1);
  const superseded = !!info.supersededById || (!info.current && !note.voided);
  return (
    <>
      {note.voided ? (
        <div
          className="mt-4 flex gap-3 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-900"
          data-testid="note-void"
        >
          <Ban className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
          <div className="min-w-0">
            <p className="text-lg font-bold break-words">Void: {note.voided.reason}</p>
            <p className="mt-1 text-sm">
              Voided {note.voided.at}. This note is kept on record but is no longer valid.
            </p>
          </div>
        </div>
      ) : null}
      {superseded ? (
        <div
          className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="note-superseded"
        >
          <History className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
          <div>
            <p className="font-semibold">Superseded by a later version</p>
            {/* Only a version that is itself current (a visitor's list holds only the same parties'). */}
            {latest && latest.id !== note.id && latest.status !== "superseded" ? (
              <Link to={viewPath(latest.id)} className="text-sm font-semibold underline">
                Open the current version (version {latest.version})
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
