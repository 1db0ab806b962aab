/** The details dialog of an admin enquiry list: the row's sections, then its photo when it has one. */
import { DetailSection } from "~/components/enquiries/admin-parts";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { DetailSectionContent } from "./types";

export function DetailsDialog({
  title,
  sections,
  photoUrl,
  onClose,
}: {
  title: string;
  /** The open row's sections, or null when the dialog is closed. */
  sections: DetailSectionContent[] | null;
  /** The open row's photo, when it has one. */
  photoUrl: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!sections}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {sections ? (
        <>
          {sections.map((s) => (
            <DetailSection key={s.title} title={s.title} rows={s.rows} />
          ))}
          {photoUrl ? (
            <p className="mt-4 text-sm">
              <a
                href={photoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                <img
                  src={`${photoUrl}?size=thumb`}
                  alt=""
                  className="mb-2 block max-h-40 w-auto rounded-md border border-slate-200"
                />
                Open the attached image
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
