/**
 * The waste on the note page (decision 0714): a "Waste Details" card with what holds for the
 * whole note, and a card per waste item (its codes with their descriptions, hazard, form,
 * quantity, containment, disposal or recovery code). A note of one item shows it all in one card.
 */
import { CalendarRange, Package, Recycle } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Table, Td, Th } from "~/components/ui/table";
import type { NoteDescription, NoteItemDescription } from "~/modules/waste-notes/describe-note.server";
import { DetailCard, DetailCardFrame, Row } from "./detail-card";

const hazardousBadge = <Badge tone="red">Hazardous</Badge>;

/** The EWC codes of an item, each with its description, hazardous ones marked. */
function EwcCodes({ codes }: { codes: NoteItemDescription["ewcCodes"] }) {
  return (
    <ul className="space-y-1.5">
      {codes.map((c) => (
        <li key={c.code}>
          <span className="font-mono">{c.code}</span>
          {c.hazardous ? (
            <Badge tone="red" className="ml-2 align-middle">
              Hazardous
            </Badge>
          ) : null}
          {c.description ? <span className="block font-normal text-slate-600">{c.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The rows of one waste item. */
function ItemRows({ item }: { item: NoteItemDescription }) {
  return (
    <>
      <Row label="Description">{item.description}</Row>
      <Row label={item.ewcCodes.length > 1 ? "EWC codes" : "EWC code"}>
        <EwcCodes codes={item.ewcCodes} />
      </Row>
      <Row label="Hazardous">{item.hazardous ? "Yes" : "No"}</Row>
      <Row label="Physical form">{item.physicalForm}</Row>
      <Row label="Quantity">{item.quantity}</Row>
      <Row label="Containment">{item.containment}</Row>
      <Row label="Disposal or recovery code">{item.disposalCode ?? "Not given"}</Row>
    </>
  );
}

/** What holds for the whole note: type, collection (or the season ticket's period), consignment code. */
function NoteWasteRows({ note }: { note: NoteDescription }) {
  return (
    <>
      <Row label="Waste type">{note.wasteType}</Row>
      <Row label={note.seasonTicket ? "First collection" : "Collection date and time"}>{note.collection}</Row>
      {note.items.length > 1 ? (
        <Row label="Total quantity">
          {note.weight} <span className="font-normal text-slate-600">({note.items.length} items)</span>
        </Row>
      ) : null}
      {note.hazardous || note.consignmentCode ? (
        <Row label="Consignment note code">
          <span className="font-mono">{note.consignmentCode ?? "Not given"}</span>
        </Row>
      ) : null}
    </>
  );
}

/** The waste: one card for a note of one item, else a summary card and a card per item. */
export function WasteCards({ note }: { note: NoteDescription }) {
  const icon = <Recycle className="size-5" aria-hidden />;
  if (note.items.length === 1) {
    const item = note.items[0];
    return (
      <DetailCard title="Waste Details" icon={icon} aside={item.hazardous ? hazardousBadge : null}>
        <ItemRows item={item} />
        <NoteWasteRows note={note} />
      </DetailCard>
    );
  }
  return (
    <>
      <DetailCard title="Waste Details" icon={icon} aside={note.hazardous ? hazardousBadge : null}>
        <NoteWasteRows note={note} />
      </DetailCard>
      {note.items.map((item) => (
        <DetailCard
          key={item.position}
          title={`Waste ${item.position} of ${note.items.length}`}
          icon={<Package className="size-5" aria-hidden />}
          aside={item.hazardous ? hazardousBadge : null}
        >
          <ItemRows item={item} />
        </DetailCard>
      ))}
    </>
  );
}

/** A season ticket: its period and the schedule of the transfers recorded under it. */
export function SeasonTicketCard({ ticket }: { ticket: NonNullable<NoteDescription["seasonTicket"]> }) {
  return (
    <DetailCardFrame title="Season Ticket" icon={<CalendarRange className="size-5" aria-hidden />}>
      <dl>
        <Row label="Covers">
          {ticket.from} to {ticket.until}
          <span className="block font-normal text-slate-600">
            Repeated transfers of the same waste between the same parties.
          </span>
        </Row>
      </dl>
      <h3 className="mt-2 text-sm font-semibold text-slate-900">Schedule of transfers</h3>
      <div className="pt-2 pb-3">
        {ticket.transfers.length === 0 ? (
          <p className="text-sm text-slate-600">No transfers recorded yet.</p>
        ) : (
          <>
            <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm sm:hidden">
              {ticket.transfers.map((t, i) => (
                <li key={i} className="px-3 py-2">
                  <span className="block font-medium text-slate-900">{t.at}</span>
                  <span className="text-slate-700">
                    {t.quantity} · {t.place}
                  </span>
                </li>
              ))}
            </ol>
            <div className="hidden sm:block">
              <Table caption="Transfers under this season ticket" className="min-w-0">
                <thead>
                  <tr>
                    <Th>Date and time</Th>
                    <Th>Quantity</Th>
                    <Th>Place</Th>
                  </tr>
                </thead>
                <tbody>
                  {ticket.transfers.map((t, i) => (
                    <tr key={i}>
                      <Td className="whitespace-nowrap">{t.at}</Td>
                      <Td className="whitespace-nowrap">{t.quantity}</Td>
                      <Td>{t.place}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </>
        )}
      </div>
    </DetailCardFrame>
  );
}
