/** One row of an admin enquiry list as a card: heading, badges, date, actions, facts, summary. */
import { Eye, ImageIcon, Paperclip, Trash2 } from "lucide-react";
import { AdminListItem } from "~/components/admin/list-item";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/platform/dates";
import type { EnquiryCardContent, EnquiryListRow } from "./types";

export function EnquiryCard({
  row,
  content,
  testId,
  onImage,
  onDetails,
  onDelete,
  select,
}: {
  row: EnquiryListRow;
  content: EnquiryCardContent;
  testId: string;
  onImage: () => void;
  onDetails: () => void;
  onDelete: () => void;
  /** The row's checkbox when the list has bulk actions. */
  select?: React.ReactNode;
}) {
  return (
    <AdminListItem
      testId={testId}
      heading={
        <>
          <div className="flex flex-wrap items-center gap-2">
            {select}
            <h2 className="font-semibold text-slate-900">{content.title}</h2>
            <Badge tone={content.tone}>{content.status}</Badge>
            {row.has_image ? (
              <Badge tone="purple">
                <Paperclip aria-hidden className="h-3 w-3" /> Image attached
              </Badge>
            ) : null}
          </div>
          <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(row.created_at, "short")}</p>
        </>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          {row.has_image ? (
            <Button size="sm" variant="outline" onClick={onImage}>
              <ImageIcon aria-hidden className="h-4 w-4" /> View Image
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={onDetails}>
            <Eye aria-hidden className="h-4 w-4" /> View Details
          </Button>
          <Button size="sm" variant="outline" className="text-red-700" onClick={onDelete}>
            <Trash2 aria-hidden className="h-4 w-4" /> Delete
          </Button>
        </div>
      }
    >
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
        {content.facts.map(([k, v]) => (
          <div key={k} className="flex gap-1.5">
            <dt className="text-slate-600">{k}:</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 line-clamp-2 text-sm text-slate-800">{content.summary}</p>
    </AdminListItem>
  );
}

/** A card's e-mail fact: the address as a mailto link. */
export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="text-brand-700 underline underline-offset-2">
      {email}
    </a>
  );
}
