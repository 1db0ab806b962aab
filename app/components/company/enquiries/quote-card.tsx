/**
 * One quote request on /company/quotes: who sent it and how to reach them, what they asked for,
 * the photo (through the access-checked photo route), the carrier's status with the allowed moves,
 * and the private notes. Plain forms: everything works without JavaScript.
 */
import { ImageIcon, Mail, MapPin, Phone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/form";
import {
  CARRIER_STATUS_LABELS,
  moveLabel,
  NEXT_STATUSES,
  QUOTE_NOTES_MAX,
  type CarrierStatus,
} from "~/modules/quotes/carrier-status";
import { formatDateTime } from "~/platform/dates";

export interface QuoteView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  service: string | null;
  message: string;
  createdAt: string;
  status: CarrierStatus;
  notes: string | null;
  hasImage: boolean;
}

const TONES = { new: "blue", contacted: "amber", won: "green", lost: "slate" } as const;

export const quotePhotoUrl = (id: string) => `/enquiries/photo/quote/${encodeURIComponent(id)}`;

export function QuoteCard({
  quote: q,
  canChange,
  notesError,
}: {
  quote: QuoteView;
  canChange: boolean;
  /** The notes typed and the server's message, when saving them was refused. */
  notesError?: { value: string; message: string } | null;
}) {
  return (
    <Card data-testid="company-quote" aria-labelledby={`quote-${q.id}`}>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`quote-${q.id}`} className="text-lg font-semibold text-slate-900">
              {q.name}
            </h2>
            <p className="text-xs text-slate-600">
              <time dateTime={q.createdAt}>{formatDateTime(q.createdAt, "short")}</time>
            </p>
          </div>
          <Badge tone={TONES[q.status]} data-testid="quote-status">
            {CARRIER_STATUS_LABELS[q.status]}
          </Badge>
        </div>
        <QuoteContact quote={q} />
        <QuoteRequest quote={q} />
        {canChange ? <StatusMoves quote={q} /> : null}
        <QuoteNotes quote={q} canChange={canChange} error={notesError} />
      </CardContent>
    </Card>
  );
}

function QuoteContact({ quote: q }: { quote: QuoteView }) {
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-slate-800 sm:flex-row sm:flex-wrap sm:gap-x-5">
      <li className="flex min-w-0 items-center gap-1.5">
        <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
        <a href={`mailto:${q.email}`} className="truncate text-brand-700 underline underline-offset-2">
          {q.email}
        </a>
      </li>
      {q.phone ? (
        <li className="flex items-center gap-1.5">
          <Phone aria-hidden className="size-4 shrink-0 text-slate-500" />
          <a
            href={`tel:${q.phone.replace(/\s+/g, "")}`}
            className="text-brand-700 underline underline-offset-2"
          >
            {q.phone}
          </a>
        </li>
      ) : null}
      {q.postcode ? (
        <li className="flex items-center gap-1.5">
          <MapPin aria-hidden className="size-4 shrink-0 text-slate-500" />
          <span>{q.postcode}</span>
        </li>
      ) : null}
    </ul>
  );
}

function QuoteRequest({ quote: q }: { quote: QuoteView }) {
  return (
    <div className="space-y-3 rounded-md bg-slate-50 p-3">
      {q.service ? (
        <p className="text-sm">
          <span className="font-medium text-slate-700">Service: </span>
          <span className="text-slate-900">{q.service}</span>
        </p>
      ) : null}
      <p className="text-sm leading-6 break-words whitespace-pre-line text-slate-800">{q.message}</p>
      {q.hasImage ? (
        <a
          href={quotePhotoUrl(q.id)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-3 rounded-md border border-slate-200 bg-white p-1.5 pr-3 text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          <img
            src={`${quotePhotoUrl(q.id)}?size=thumb`}
            alt={`Photo sent by ${q.name}`}
            loading="lazy"
            className="size-16 rounded object-cover"
          />
          <span className="inline-flex items-center gap-1.5">
            <ImageIcon aria-hidden className="size-4" /> Open photo
          </span>
        </a>
      ) : null}
    </div>
  );
}

/** One button per allowed move, each posting the status it moves to. */
function StatusMoves({ quote: q }: { quote: QuoteView }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-2"
      aria-label={`Status of ${q.name}'s request`}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={q.id} />
      {NEXT_STATUSES[q.status].map((to) => (
        <Button
          key={to}
          type="submit"
          name="to"
          value={to}
          size="sm"
          variant={to === "won" ? "primary" : "outline"}
          disabled={busy}
        >
          {moveLabel(q.status, to)}
        </Button>
      ))}
    </Form>
  );
}

function QuoteNotes({
  quote: q,
  canChange,
  error,
}: {
  quote: QuoteView;
  canChange: boolean;
  error?: { value: string; message: string } | null;
}) {
  const busy = useNavigation().state !== "idle";
  if (!canChange)
    return q.notes ? (
      <div className="text-sm">
        <p className="font-medium text-slate-700">Private notes</p>
        <p className="mt-1 whitespace-pre-line text-slate-800">{q.notes}</p>
      </div>
    ) : null;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="id" value={q.id} />
      <Field
        label="Private notes"
        hint={`Only you see these. At most ${QUOTE_NOTES_MAX.toLocaleString("en-GB")} characters.`}
        errors={error?.message}
      >
        {(props) => (
          <Textarea
            {...props}
            name="notes"
            rows={3}
            maxLength={QUOTE_NOTES_MAX}
            defaultValue={error?.value ?? q.notes ?? ""}
          />
        )}
      </Field>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Save notes
      </Button>
    </Form>
  );
}
