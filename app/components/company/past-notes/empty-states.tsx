/** Past Waste Notes when there is nothing to list: no notes yet, or none match the search. */
import { FileText, Search } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

export function NoNotesYet() {
  return (
    <Card className="mt-6">
      <CardContent className="py-12 text-center">
        <FileText aria-hidden className="mx-auto size-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-semibold">No waste notes yet</h2>
        <p className="mt-1 text-sm text-slate-600">Notes you generate appear here.</p>
        <Button asChild className="mt-5">
          <Link to="/company/waste-note">Generate First Note</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function NoMatchingNotes() {
  return (
    <Card className="mt-4">
      <CardContent className="py-12 text-center">
        <Search aria-hidden className="mx-auto size-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-semibold">No matching waste notes found</h2>
        <p className="mt-1 text-sm text-slate-600">Try other words, or clear the search.</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to="/company/waste-notes">Clear search</Link>
          </Button>
          <Button asChild>
            <Link to="/company/waste-note">Generate New Note</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
