/** Past Waste Notes: the page's header (the CSV export and New Note) and its three counters. */
import { FileSpreadsheet, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

export interface NoteCounters {
  total: number;
  hazardous: number;
  thisMonth: number;
}

export function PastNotesHeader({ total }: { total: number }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Past Waste Notes</h1>
        <p className="mt-1 text-sm text-slate-600">
          Keep every note for at least 2 years. The CSV holds all your notes for your records and digital
          waste tracking.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {total > 0 ? (
          <a
            href="/company/waste-notes.csv"
            download
            className={buttonVariants({ variant: "outline", size: "md" })}
          >
            <FileSpreadsheet aria-hidden className="size-4" /> Export CSV
          </a>
        ) : null}
        <Button asChild>
          <Link to="/company/waste-note">
            <Plus aria-hidden className="size-4" /> New Note
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Counter({ label, value, tone }: { label: string; value: number; tone?: "red" }) {
  return (
    <Card>
      <CardContent className="py-4">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p
          className={
            tone === "red"
              ? "text-2xl font-bold text-red-700 tabular-nums"
              : "text-2xl font-bold text-slate-900 tabular-nums"
          }
        >
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

export function NoteCountersSection({ counters }: { counters: NoteCounters }) {
  return (
    <section aria-label="Counters" className="mt-6 grid grid-cols-3 gap-3">
      <Counter label="Total Notes" value={counters.total} />
      <Counter
        label="Hazardous"
        value={counters.hazardous}
        tone={counters.hazardous > 0 ? "red" : undefined}
      />
      <Counter label="This Month" value={counters.thisMonth} />
    </section>
  );
}
