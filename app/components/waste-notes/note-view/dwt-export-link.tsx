/**
 * The note's digital waste tracking export (decision 0713), for the company that owns the note:
 * its movement record as JSON, with the fields the note cannot know listed beside it.
 */
import { Braces } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

export function DwtExportLink({ noteId }: { noteId: string }) {
  return (
    <a
      href={`/company/waste-notes/${noteId}/dwt.json`}
      download
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), "w-full justify-center")}
    >
      <Braces aria-hidden className="size-4" /> Digital waste tracking (JSON)
    </a>
  );
}
