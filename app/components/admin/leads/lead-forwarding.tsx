/**
 * The lead forwarding page's body (decision 0807): the lead, where it has gone, and the carriers
 * near it to tick (nearest first, with miles), plus Close lead. The limits are checked again on
 * the server; here the boxes beyond the limit are only disabled to help.
 */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { loadSizeLabel } from "~/modules/leads/constants";
import { FORWARD_RADIUS_MILES, leadStatusTone, MAX_FORWARD_CARRIERS } from "~/modules/leads/forwarding";
import type { LeadForwarding as Forwarding } from "~/modules/leads/get-lead-forwarding.server";
import { formatDate, formatDateTime } from "~/platform/dates";

const miles = (n: number) => `${n.toFixed(1)} miles`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function LeadCard({ lead }: { lead: Forwarding["lead"] }) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>{lead.name}</CardTitle>
        <Badge tone={leadStatusTone(lead.status)} data-testid="lead-status">
          {lead.status}
        </Badge>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <Fact label="Email">{lead.email}</Fact>
          <Fact label="Phone">{lead.phone || "Not provided"}</Fact>
          <Fact label="Postcode">{lead.postcode}</Fact>
          <Fact label="Load size">{loadSizeLabel(lead.load_size)}</Fact>
          <Fact label="Preferred date">
            {lead.preferred_date ? formatDate(lead.preferred_date) : "Not specified"}
          </Fact>
          <Fact label="Preferred time">{lead.preferred_time || "asap"}</Fact>
          <Fact label="Submitted">{formatDateTime(lead.created_at, "short")}</Fact>
          <Fact label="Photo">{lead.has_image ? "Attached" : "None"}</Fact>
        </dl>
        <p className="mt-4 text-sm whitespace-pre-line text-slate-800">{lead.description}</p>
      </CardContent>
    </Card>
  );
}

function ForwardsCard({ forwards }: { forwards: Forwarding["forwards"] }) {
  if (!forwards.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Forwarded to</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm" data-testid="lead-forwards">
          {forwards.map((f) => (
            <li key={f.registrationNumber}>
              <Link className="font-medium text-green-700 underline" to={`/provider/${f.registrationNumber}`}>
                {f.businessName}
              </Link>{" "}
              ({f.registrationNumber}
              {f.miles !== null ? `, ${miles(f.miles)}` : ""}) on {formatDateTime(f.forwardedAt, "short")}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CandidateList({ forwarding }: { forwarding: Forwarding }) {
  const [ticked, setTicked] = useState<string[]>([]);
  const busy = useNavigation().state !== "idle";
  const { candidates, place } = forwarding;
  const open = candidates.filter((c) => !c.alreadyForwarded);
  if (!candidates.length)
    return (
      <p className="text-sm text-slate-700">
        No premium carriers within {FORWARD_RADIUS_MILES} miles of {place?.label ?? forwarding.lead.postcode}.
      </p>
    );
  const full = ticked.length >= MAX_FORWARD_CARRIERS;
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="forward" />
      <fieldset>
        <legend className="mb-2 text-sm text-slate-700">
          Tick up to {MAX_FORWARD_CARRIERS} carriers, nearest first.
        </legend>
        <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {candidates.map((c) => {
            const id = `carrier-${c.registrationNumber}`;
            const checked = ticked.includes(c.registrationNumber);
            return (
              <li
                key={c.registrationNumber}
                data-testid="forward-candidate"
                className="flex items-center gap-3 p-3"
              >
                <input
                  id={id}
                  type="checkbox"
                  name="carrier"
                  value={c.registrationNumber}
                  className="size-4"
                  disabled={c.alreadyForwarded || (full && !checked)}
                  checked={checked}
                  onChange={(e) =>
                    setTicked((t) =>
                      e.target.checked
                        ? [...t, c.registrationNumber]
                        : t.filter((r) => r !== c.registrationNumber),
                    )
                  }
                />
                <label htmlFor={id} className="flex flex-1 flex-wrap items-baseline gap-x-3 text-sm">
                  <span className="font-medium text-slate-900">{c.businessName}</span>
                  <span className="text-slate-700" data-testid="forward-distance">
                    {miles(c.distanceMiles)}
                  </span>
                  <span className="text-slate-500">
                    {[c.town, c.registrationNumber].filter(Boolean).join(" · ")}
                  </span>
                  {c.alreadyForwarded ? <Badge tone="green">Already forwarded</Badge> : null}
                </label>
              </li>
            );
          })}
        </ol>
      </fieldset>
      <Button type="submit" disabled={busy || !open.length}>
        Forward to selected carriers
      </Button>
    </Form>
  );
}

export function LeadForwarding({ forwarding, error }: { forwarding: Forwarding; error?: string }) {
  const { lead, place } = forwarding;
  const closed = lead.status === "closed";
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/admin/leads" className="text-green-700 underline">
          Back to Customer Leads
        </Link>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <LeadCard lead={lead} />
      <ForwardsCard forwards={forwarding.forwards} />
      <Card>
        <CardHeader>
          <CardTitle>Carriers near {place?.label ?? lead.postcode}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {closed ? (
            <Alert tone="info">This lead is closed, so it cannot be forwarded.</Alert>
          ) : !place ? (
            <Alert tone="warning">
              We could not place the postcode {lead.postcode}, so no carriers can be offered.
            </Alert>
          ) : (
            <CandidateList key={forwarding.forwards.length} forwarding={forwarding} />
          )}
        </CardContent>
      </Card>
      {closed ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="close" />
          <Button type="submit" variant="outline">
            Close lead
          </Button>
        </Form>
      )}
    </div>
  );
}
