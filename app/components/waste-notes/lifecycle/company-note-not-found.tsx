/** A company page about a note the company does not own (or that does not exist): a plain 404. */
import { FileQuestion } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function CompanyNoteNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <FileQuestion aria-hidden className="mx-auto size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Waste note not found</h1>
      <p className="mt-2 text-slate-600">
        There is no waste note of your company with this id. Open it from your past waste notes.
      </p>
      <Button asChild className="mt-6">
        <Link to="/company/waste-notes">Past Waste Notes</Link>
      </Button>
    </main>
  );
}
