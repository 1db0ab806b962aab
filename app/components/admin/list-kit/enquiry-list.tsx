/**
 * The admin list kit, page half: a keyset-paged enquiry list (leads, quote requests) as cards,
 * its pager, and its three dialogs (the photo, the details, the delete confirmation). A page says
 * what a row's card and details show; the markup lives here once. The server half is
 * app/web/admin-list.server.ts; the search bar, pager, empty state and dialogs' parts come from
 * app/components/enquiries/admin-parts.tsx (shared with the other enquiry screens).
 */
import { useState } from "react";
import { DeleteDialog, EmptyState, ImageDialog, Pager } from "~/components/enquiries/admin-parts";
import type { BulkActionTexts, BulkConfirm } from "~/web/bulk-selection";
import { BulkConfirmPanel, BulkSelection, BulkToolbar, RowCheckbox } from "./bulk-selection";
import { DetailsDialog } from "./details-dialog";
import { EnquiryCard } from "./enquiry-card";
import type { DetailSectionContent, EnquiryCardContent, EnquiryListRow } from "./types";

export interface EnquiryListTexts {
  /** The list's accessible name ("Leads"). */
  label: string;
  /** Shown instead of the list when the page has no rows. */
  empty: string;
  /** The photo dialog's title ("Lead photo"). */
  imageTitle: string;
  /** The details dialog's title ("Lead Details"). */
  detailsTitle: string;
  /** The delete confirmation's question. */
  deleteQuestion: string;
}

/** A list's bulk actions (decision 0806): the actions, what a row is, the server's question. */
export interface EnquiryListBulk<T> {
  actions: Record<string, BulkActionTexts>;
  /** ["lead", "leads"] */
  noun: [string, string];
  /** The row's checkbox label: "Select lead from Ann". */
  rowLabel: (row: T) => string;
  /** The confirmation the server asked for (a page without JavaScript), if any. */
  confirm?: BulkConfirm | null;
}

export function EnquiryList<T extends EnquiryListRow>({
  q,
  page,
  rowTestId,
  texts,
  photoUrl,
  card,
  details,
  bulk,
}: {
  q: string;
  page: { rows: T[]; prev: string | null; next: string | null };
  /** Each card's test id ("lead-row"). */
  rowTestId: string;
  texts: EnquiryListTexts;
  photoUrl: (id: string) => string;
  card: (row: T) => EnquiryCardContent;
  details: (row: T) => DetailSectionContent[];
  bulk?: EnquiryListBulk<T>;
}) {
  const [image, setImage] = useState<string | null>(null);
  const [open, setOpen] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const formId = `bulk-${rowTestId}`;
  return (
    <BulkSelection formId={formId} pageIds={page.rows.map((r) => r.id)}>
      {bulk ? (
        <>
          <BulkConfirmPanel confirm={bulk.confirm} />
          <BulkToolbar actions={bulk.actions} noun={bulk.noun} />
        </>
      ) : null}
      <div className="mt-6">
        {page.rows.length === 0 ? (
          <EmptyState>{texts.empty}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label={texts.label}>
            {page.rows.map((row) => (
              <EnquiryCard
                key={row.id}
                row={row}
                content={card(row)}
                testId={rowTestId}
                onImage={() => setImage(photoUrl(row.id))}
                onDetails={() => setOpen(row)}
                onDelete={() => setDeleting(row.id)}
                select={bulk ? <RowCheckbox id={row.id} label={bulk.rowLabel(row)} /> : undefined}
              />
            ))}
          </ul>
        )}
        <Pager prev={page.prev} next={page.next} q={q} />
      </div>
      <ImageDialog src={image} title={texts.imageTitle} onClose={() => setImage(null)} />
      <DetailsDialog
        title={texts.detailsTitle}
        sections={open ? details(open) : null}
        photoUrl={open?.has_image ? photoUrl(open.id) : null}
        onClose={() => setOpen(null)}
      />
      <DeleteDialog
        id={deleting}
        open={!!deleting}
        question={texts.deleteQuestion}
        onClose={() => setDeleting(null)}
      />
    </BulkSelection>
  );
}
