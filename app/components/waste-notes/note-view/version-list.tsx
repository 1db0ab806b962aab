/**
 * Every version of a corrected note, oldest first, each linked and marked current, superseded or
 * void, this page's marked (decision 0714). The header says whether this version is void or
 * superseded (lifecycle/note-status.tsx); a note never corrected shows nothing here.
 */
import { History } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { NoteDescription, VersionStatus } from "~/modules/waste-notes/describe-note.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { DetailCardFrame } from "./detail-card";

const STATUS_BADGE: Record<VersionStatus, { tone: "green" | "amber" | "red"; label: string }> = {
  current: { tone: "green", label: "Current" },
  superseded: { tone: "amber", label: "Superseded" },
  void: { tone: "red", label: "Void" },
};

export function VersionList({ note }: { note: NoteDescription }) {
  const { versions } = note.versionInfo;
  if (versions.length < 2) return null;
  return (
    <DetailCardFrame title="Versions of this note" icon={<History className="size-5" aria-hidden />}>
      <ol className="divide-y divide-slate-100 text-sm" aria-label="Versions of this note">
        {versions.map((v) => {
          const badge = STATUS_BADGE[v.status];
          return (
            <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
              {v.id === note.id ? (
                <span className="font-semibold text-slate-900" aria-current="page">
                  Version {v.version} (this page)
                </span>
              ) : (
                <Link to={viewPath(v.id)} className="font-semibold text-brand-700 underline">
                  Version {v.version}
                </Link>
              )}
              <span className="text-slate-600">issued {v.created}</span>
              <Badge tone={badge.tone} className="ml-auto">
                {badge.label}
              </Badge>
            </li>
          );
        })}
      </ol>
    </DetailCardFrame>
  );
}
