/** The main column of the waste note page: one card per part of the note. */
import { BadgeCheck, MapPin, Recycle, Truck, User } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";
import { HAZARDOUS_WARNING, WASTE_HIERARCHY_DECLARATION } from "~/modules/waste-notes/constants";
import { DetailCard, Row } from "./detail-card";

/** The hazardous warning, then the waste, origin, transferor, carrier, signature and photo cards. */
export function NoteDetails({ note }: { note: NoteDescription }) {
  return (
    <div className="space-y-6">
      {note.hazardous ? (
        <Alert tone="error" title="Hazardous waste: a consignment note is required">
          {HAZARDOUS_WARNING}
        </Alert>
      ) : null}
      <WasteDetailsCard note={note} />
      <DetailCard title="Origin of Waste" icon={<MapPin className="size-5" aria-hidden />}>
        <Row label="Collection address">{note.originAddress}</Row>
      </DetailCard>
      <DetailCard title="Transferor" icon={<User className="size-5" aria-hidden />}>
        <Row label="Name">{note.transferor.name}</Row>
        <Row label="Address">{note.transferor.address}</Row>
        <Row label="SIC code (2007)">{note.transferor.sicCode ?? "Not applicable (householder)"}</Row>
        <Row label="Status">{note.transferor.statuses.join("\n")}</Row>
      </DetailCard>
      <CarrierCard note={note} />
      <SignaturesCard note={note} />
      <PhotosCard photos={note.photos} />
    </div>
  );
}

/** The "Waste Details" card: description, EWC code, type, hazard, weight, containment, collection. */
function WasteDetailsCard({ note }: { note: NoteDescription }) {
  return (
    <DetailCard title="Waste Details" icon={<Recycle className="size-5" aria-hidden />}>
      <Row label="Description">{note.description}</Row>
      <Row label="EWC code">
        <span className="font-mono">{note.ewcCode}</span>
        {note.ewcDescription ? (
          <span className="block font-normal text-slate-600">{note.ewcDescription}</span>
        ) : null}
      </Row>
      <Row label="Waste type">{note.wasteType}</Row>
      <Row label="Hazardous">{note.hazardous ? "Yes" : "No"}</Row>
      <Row label="Weight">{note.weight}</Row>
      <Row label="Containment">{note.containment}</Row>
      <Row label="Collection date and time">{note.collection}</Row>
    </DetailCard>
  );
}

/** The "Waste Carrier Details" card, with the broker or dealer if any. */
function CarrierCard({ note }: { note: NoteDescription }) {
  return (
    <DetailCard title="Waste Carrier Details" icon={<Truck className="size-5" aria-hidden />}>
      <Row label="Company">{note.carrier.company}</Row>
      <Row label="Address">{note.carrier.address}</Row>
      <Row label="Licence">{note.carrier.licence}</Row>
      <Row label="Vehicle registration">{note.carrier.vehicleReg}</Row>
      <Row label="Status">{note.carrier.statuses.join("\n")}</Row>
      <Row label="Broker or dealer">
        {note.broker
          ? `${note.broker.name}${note.broker.registration ? ` (${note.broker.registration})` : ""}`
          : "None"}
      </Row>
    </DetailCard>
  );
}

/** The "Declaration and Signatures" card: the waste hierarchy answer and both signatures. */
function SignaturesCard({ note }: { note: NoteDescription }) {
  return (
    <DetailCard title="Declaration and Signatures" icon={<BadgeCheck className="size-5" aria-hidden />}>
      <Row label="Waste hierarchy">
        {note.wasteHierarchyConfirmed ? `Confirmed: ${WASTE_HIERARCHY_DECLARATION}` : "Not confirmed"}
      </Row>
      {(["transferor", "transferee"] as const).map((party) => (
        <Row key={party} label={party === "transferor" ? "Transferor signature" : "Carrier signature"}>
          <Signature
            name={note.signatures[party]}
            image={note.signatures[`${party}Image`]}
            signed={note.signed}
          />
        </Row>
      ))}
    </DetailCard>
  );
}

/** One signature: the drawing if any, the typed name, and how and when it was signed. */
function Signature({
  name,
  image,
  signed,
}: {
  name: string;
  image: string | null | undefined;
  signed: string;
}) {
  return (
    <>
      {image ? (
        <img
          src={image}
          alt={`Drawn signature of ${name}`}
          className="mb-1 h-14 w-auto max-w-full rounded border border-slate-200 bg-white"
        />
      ) : null}
      {name}
      <span className="block font-normal text-slate-600">
        {image ? "Typed name and drawn signature" : "Typed name"}, {signed}
      </span>
    </>
  );
}

/** The photos of the waste, each opening full size in a new tab (nothing when there are none). */
function PhotosCard({ photos }: { photos: string[] }) {
  if (photos.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Photos</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((src, i) => (
          <a
            key={src}
            href={src}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md border border-slate-200"
          >
            <img
              src={src}
              alt={`Photo ${i + 1} of the waste`}
              className="aspect-[4/3] w-full object-cover"
              loading="lazy"
            />
          </a>
        ))}
      </CardContent>
    </Card>
  );
}
