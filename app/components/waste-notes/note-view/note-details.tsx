/** The main column of the waste note page: one card per part of the note (decision 0714). */
import { BadgeCheck, Factory, MapPin, Truck, User } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";
import { HAZARDOUS_WARNING, WASTE_HIERARCHY_DECLARATION } from "~/modules/waste-notes/constants";
import { remoteSignatureText } from "~/modules/waste-notes/customer-status";
import { DetailCard, DetailCardFrame, Row } from "./detail-card";
import { VersionList } from "./version-list";
import { SeasonTicketCard, WasteCards } from "./waste-items";

/**
 * The hazardous warning, then the waste (a card per item), a season ticket, origin, receiving
 * site, transferor, carrier, signature and photo cards, and a corrected note's versions.
 */
export function NoteDetails({ note }: { note: NoteDescription }) {
  return (
    <div className="min-w-0 space-y-6">
      {note.hazardous ? (
        <Alert tone="error" title="Hazardous waste: a consignment note is required">
          {HAZARDOUS_WARNING}
          {note.consignmentCode ? (
            <span className="mt-1 block font-semibold">Consignment note code: {note.consignmentCode}</span>
          ) : null}
        </Alert>
      ) : null}
      <WasteCards note={note} />
      {note.seasonTicket ? <SeasonTicketCard ticket={note.seasonTicket} /> : null}
      <DetailCard title="Origin of Waste" icon={<MapPin className="size-5" aria-hidden />}>
        <Row label="Collection address">{note.originAddress}</Row>
      </DetailCard>
      <ReceivingSiteCard site={note.receivingSite} />
      <DetailCard title="Transferor" icon={<User className="size-5" aria-hidden />}>
        <Row label="Name">{note.transferor.name}</Row>
        <Row label="Address">{note.transferor.address}</Row>
        <Row label="SIC code (2007)">{note.transferor.sicCode ?? "Not applicable (householder)"}</Row>
        <Row label="Status">{note.transferor.statuses.join("\n")}</Row>
      </DetailCard>
      <CarrierCard note={note} />
      <SignaturesCard note={note} />
      <PhotosCard photos={note.photos} />
      <VersionList note={note} />
    </div>
  );
}

/** Where the waste goes: the receiving site (a note may leave it out). */
function ReceivingSiteCard({ site }: { site: NoteDescription["receivingSite"] }) {
  return (
    <DetailCard title="Receiving Site" icon={<Factory className="size-5" aria-hidden />}>
      {site ? (
        <>
          <Row label="Site name">{site.name}</Row>
          <Row label="Permit or exemption">{site.authorisation || "Not given"}</Row>
          <Row label="Address">{[site.address, site.postcode].filter(Boolean).join(", ") || "Not given"}</Row>
        </>
      ) : (
        <Row label="Site">Not recorded on this note</Row>
      )}
    </DetailCard>
  );
}

/**
 * The "Waste Carrier Details" card, with the name the register gives for the licence and a plain
 * flag when it is not the note's carrier name (decision 0273), and the broker or dealer if any.
 */
function CarrierCard({ note }: { note: NoteDescription }) {
  const { registeredTo, nameMismatch } = note.verification.check;
  return (
    <DetailCardFrame title="Waste Carrier Details" icon={<Truck className="size-5" aria-hidden />}>
      {nameMismatch ? (
        <Alert
          tone="warning"
          title="The carrier's name does not match the register"
          className="my-2"
          data-testid="carrier-name-mismatch"
        >
          {nameMismatch}
        </Alert>
      ) : null}
      <dl className="divide-y divide-slate-100">
        <Row label="Company">{note.carrier.company}</Row>
        <Row label="Address">{note.carrier.address}</Row>
        <Row label="Licence">{note.carrier.licence}</Row>
        {registeredTo ? <Row label="Name on the register">{registeredTo}</Row> : null}
        <Row label="Means of transport">{note.transportMeans}</Row>
        <Row label="Vehicle registration">{note.carrier.vehicleReg}</Row>
        <Row label="Status">{note.carrier.statuses.join("\n")}</Row>
        <Row label="Broker or dealer">
          {note.broker
            ? `${note.broker.name}${note.broker.registration ? ` (${note.broker.registration})` : ""}`
            : "None"}
        </Row>
      </dl>
    </DetailCardFrame>
  );
}

/** The "Declaration and Signatures" card: the waste hierarchy answer and both signatures. */
function SignaturesCard({ note }: { note: NoteDescription }) {
  return (
    <DetailCard title="Declaration and Signatures" icon={<BadgeCheck className="size-5" aria-hidden />}>
      <Row label="Waste hierarchy">
        {note.wasteHierarchyConfirmed ? `Confirmed: ${WASTE_HIERARCHY_DECLARATION}` : "Not confirmed"}
      </Row>
      <Row label="Transferor signature">
        {note.customer.awaitingSignature ? (
          <span className="text-amber-800">Awaiting customer signature</span>
        ) : (
          <Signature
            name={note.signatures.transferor}
            image={note.signatures.transferorImage}
            signed={remoteSignatureText(note.customer)?.replace(/^S/, "s") ?? note.signed}
          />
        )}
      </Row>
      <Row label="Carrier signature">
        <Signature
          name={note.signatures.transferee}
          image={note.signatures.transfereeImage}
          signed={note.signed}
        />
      </Row>
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
