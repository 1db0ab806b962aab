import {
  BadgeCheck,
  FilePlus2,
  Loader2,
  MapPin,
  Recycle,
  RefreshCw,
  ShieldAlert,
  Truck,
  User,
} from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DownloadPdfButton } from "~/components/waste-notes/download-pdf-button";
import { HAZARDOUS_WARNING, MESSAGES, WASTE_HIERARCHY_DECLARATION } from "~/modules/waste-notes/constants";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { getNoteDescription } from "~/modules/waste-notes/describe-note.server";
import { getPdfState } from "~/modules/waste-notes/pdf-state.server";
import { pdfPath } from "~/modules/waste-notes/storage-keys";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/view";
import { pageMeta } from "~/web/meta";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const note = await getNoteDescription(db, params.id);
  const submitted = new URL(request.url).searchParams.has("submitted");
  // "Generate New": a signed-in company user writes through the company form (issue 14, item 8).
  const user = await getUser(request, context);
  const generateHref =
    user && (await getCompanyListing(db, user.id)) ? "/company/waste-note" : "/wastenotegeneration";
  if (!note)
    return data(
      { note: null, submitted: false, generateHref, pdfFailed: false },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  // A PDF whose job failed for good is said so (no endless "being prepared").
  const pdfFailed = !note.pdfUrl && (await getPdfState(db, note.id)).status === "failed";
  return data(
    { note, submitted, generateHref, pdfFailed },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.note
      ? `Waste Transfer Note ${loaderData.note.id.slice(0, 8)}`
      : "Waste Note Not Found",
    noindex: true,
  });
}

const MAX_RETRIES = 5;

/** While the PDF or QR code is being made: revalidate after 1 s, 2 s, 4 s... up to 5 times. */
function useRetryUntilReady(ready: boolean): { waiting: boolean; gaveUp: boolean } {
  const { revalidate, state } = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (ready || attempt >= MAX_RETRIES || state !== "idle") return;
    const timer = setTimeout(
      () => {
        setAttempt((a) => a + 1);
        void revalidate();
      },
      1000 * 2 ** attempt,
    );
    return () => clearTimeout(timer);
  }, [ready, attempt, state, revalidate]);
  return { waiting: !ready && attempt < MAX_RETRIES, gaveUp: !ready && attempt >= MAX_RETRIES };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

function DetailCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex items-center gap-2">
        <span className="text-brand-700">{icon}</span>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <dl className="divide-y divide-slate-100">{children}</dl>
      </CardContent>
    </Card>
  );
}

export default function WasteNoteView({ loaderData }: Route.ComponentProps) {
  const { note, submitted, generateHref, pdfFailed } = loaderData;
  const ready = !!note?.pdfUrl && !!note?.qrUrl;
  const { waiting, gaveUp } = useRetryUntilReady(!note || ready || pdfFailed);
  // The success message shows once: drop ?submitted=1 from the address (reload or share shows the plain note).
  useEffect(() => {
    if (!submitted) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has("submitted")) return;
    url.searchParams.delete("submitted");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [submitted]);

  if (!note) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Waste Note Not Found</h1>
        <p className="mt-3 text-slate-600">
          We could not find a waste note with this id. Check the link or QR code, or create a new note.
        </p>
        <Button asChild className="mt-8">
          <Link to={generateHref}>
            <FilePlus2 className="size-4" aria-hidden /> Generate a waste note
          </Link>
        </Button>
      </main>
    );
  }

  const v = note.verification;
  return (
    <main className="bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-8">
          {submitted ? (
            <Alert tone="success" className="mb-6">
              {MESSAGES.submitted}
            </Alert>
          ) : null}
          <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0">
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                Waste Transfer Note
              </p>
              <h1 className="mt-1 font-mono text-xl font-bold break-all text-slate-900 sm:text-2xl">
                {note.id}
              </h1>
              <p className="mt-2 text-sm text-slate-600">Created {note.created}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Badge tone="slate">{note.wasteType}</Badge>
                <Badge tone="blue">EWC {note.ewcCode}</Badge>
                {note.hazardous ? <Badge tone="red">Hazardous Waste</Badge> : null}
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row md:flex-col">
              <DownloadPdfButton id={note.id} pdfUrl={note.pdfUrl} href={pdfPath(note.id)} />
              <Button asChild variant="outline">
                <Link to={generateHref}>
                  <FilePlus2 className="size-4" aria-hidden /> Generate New
                </Link>
              </Button>
            </div>
          </div>
          {waiting ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Preparing the PDF and QR code…
              <noscript>
                <a href="" className="font-semibold text-brand-700 underline">
                  Refresh
                </a>
              </noscript>
            </p>
          ) : null}
          {pdfFailed ? (
            <Alert tone="error" className="mt-4">
              {MESSAGES.pdfFailedForGood}
            </Alert>
          ) : null}
          {gaveUp ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
              The PDF is still being prepared.{" "}
              <a href="" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
                <RefreshCw className="size-3.5" aria-hidden /> Refresh
              </a>
            </p>
          ) : null}
        </div>
      </div>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-6 lg:grid-cols-[1fr_16rem]">
        <div className="space-y-6">
          {note.hazardous ? (
            <Alert tone="error" title="Hazardous waste: a consignment note is required">
              {HAZARDOUS_WARNING}
            </Alert>
          ) : null}

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

          <DetailCard title="Origin of Waste" icon={<MapPin className="size-5" aria-hidden />}>
            <Row label="Collection address">{note.originAddress}</Row>
          </DetailCard>

          <DetailCard title="Transferor" icon={<User className="size-5" aria-hidden />}>
            <Row label="Name">{note.transferor.name}</Row>
            <Row label="Address">{note.transferor.address}</Row>
            <Row label="SIC code (2007)">{note.transferor.sicCode ?? "Not applicable (householder)"}</Row>
            <Row label="Status">{note.transferor.statuses.join("\n")}</Row>
          </DetailCard>

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

          <DetailCard title="Declaration and Signatures" icon={<BadgeCheck className="size-5" aria-hidden />}>
            <Row label="Waste hierarchy">
              {note.wasteHierarchyConfirmed ? `Confirmed: ${WASTE_HIERARCHY_DECLARATION}` : "Not confirmed"}
            </Row>
            <Row label="Transferor signature">
              {note.signatures.transferorImage ? (
                <img
                  src={note.signatures.transferorImage}
                  alt={`Drawn signature of ${note.signatures.transferor}`}
                  className="mb-1 h-14 w-auto max-w-full rounded border border-slate-200 bg-white"
                />
              ) : null}
              {note.signatures.transferor}
              <span className="block font-normal text-slate-600">
                {note.signatures.transferorImage ? "Typed name and drawn signature" : "Typed name"},{" "}
                {note.signed}
              </span>
            </Row>
            <Row label="Carrier signature">
              {note.signatures.transfereeImage ? (
                <img
                  src={note.signatures.transfereeImage}
                  alt={`Drawn signature of ${note.signatures.transferee}`}
                  className="mb-1 h-14 w-auto max-w-full rounded border border-slate-200 bg-white"
                />
              ) : null}
              {note.signatures.transferee}
              <span className="block font-normal text-slate-600">
                {note.signatures.transfereeImage ? "Typed name and drawn signature" : "Typed name"},{" "}
                {note.signed}
              </span>
            </Row>
          </DetailCard>

          {note.photos.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Photos</CardTitle>
              </CardHeader>
              <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {note.photos.map((src, i) => (
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
          ) : null}
        </div>

        <aside className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Carrier verification</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p data-testid="register-check" className={v.check.valid ? "text-slate-800" : "text-amber-900"}>
                {v.check.text}
              </p>
              <p data-testid="verification">
                Now: <strong>{v.now}</strong>
              </p>
              {v.nowStatus !== "active" ? (
                <p className="text-amber-800">
                  Check the carrier on the public register before relying on this note.
                </p>
              ) : null}
              {v.check.lookUp ? (
                <a
                  href={v.check.lookUp.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-brand-700 underline"
                >
                  {v.check.lookUp.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <Link
                  to={`/search-results?query=${encodeURIComponent(note.carrier.licence)}`}
                  className="font-semibold text-brand-700 underline"
                >
                  Check the register
                </Link>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">QR code</CardTitle>
            </CardHeader>
            <CardContent className="text-center">
              {note.qrUrl ? (
                <img
                  src={note.qrUrl}
                  alt="QR code linking to this waste note"
                  width={180}
                  height={180}
                  className="mx-auto"
                />
              ) : (
                <div className="mx-auto flex size-44 items-center justify-center rounded-md bg-slate-100 px-3 text-center text-xs text-slate-700">
                  {pdfFailed ? "Not available" : "Being prepared…"}
                </div>
              )}
              <p className="mt-2 text-xs text-slate-600">
                Scan to open this note. Keep the note for at least 2 years.
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>
    </main>
  );
}

/** Loading failed for another reason than "not found" (the database was unavailable, say). */
export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Failed to load waste note</h1>
      <p className="mt-3 text-slate-600">
        Something went wrong while loading this note. Please try again in a moment.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <a
          href=""
          className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <RefreshCw className="size-4" aria-hidden /> Try again
        </a>
        <Button asChild variant="outline">
          <Link to="/wastenotegeneration">Generate a waste note</Link>
        </Button>
      </div>
    </main>
  );
}
