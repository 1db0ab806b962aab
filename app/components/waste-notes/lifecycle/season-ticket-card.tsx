/** The owner's card on a current season ticket's page: add the next transfer to its schedule. */
import { CalendarRange } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/platform/dates";
import { SeasonTransferFetcherForm } from "./season-transfer-form";

export function SeasonTicketCard({
  noteId,
  days,
}: {
  noteId: string;
  days: { from: string; until: string };
}) {
  return (
    <Card id="add-transfer" role="region" aria-labelledby="add-transfer-title">
      <CardHeader>
        <CardTitle id="add-transfer-title" className="flex items-center gap-2 text-base">
          <CalendarRange className="size-5 text-brand-700" aria-hidden /> Season ticket: add a transfer
        </CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Record each transfer this ticket covers, between {formatDate(days.from)} and{" "}
          {formatDate(days.until)}. The schedule is shown with the note below.
        </p>
      </CardHeader>
      <CardContent>
        <SeasonTransferFetcherForm noteId={noteId} limits={days} />
      </CardContent>
    </Card>
  );
}
