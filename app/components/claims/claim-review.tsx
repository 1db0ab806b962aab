/**
 * One claim request for the admin: every field, its history, Admin Notes, and the approve and
 * reject forms. Shown in a dialog once JavaScript runs, and as a panel at the top of the page
 * without it (the server renders it from ?claim=…&action=…), so it always works.
 */
import { FileDown } from "lucide-react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/form";
import { CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import { summariseRegistration } from "~/modules/company/registration-summary";
import { isInForce } from "~/modules/directory/registration";
import { ClaimDraftEdits, useDraftChangeFocus } from "./claim-draft-edits";
import { PlanPeriodFields } from "./plan-period-fields";
import type { ClaimDetail } from "~/modules/claims/list-claims.server";
import { formatDateTime } from "~/platform/dates";

export type ReviewMode = "view" | "approve" | "reject";

/** A claim as the page receives it (dates as strings). */
export type ClaimView = Omit<ClaimDetail, "createdAt" | "reviewedAt" | "updatedAt" | "history"> & {
  createdAt: string;
  reviewedAt: string | null;
  updatedAt: string;
  history: { action: string; actorEmail: string | null; createdAt: string }[];
};

export function StatusBadge({ status }: { status: ClaimView["status"] }) {
  return status === "pending" ? (
    <Badge tone="amber">Pending</Badge>
  ) : status === "approved" ? (
    <Badge tone="green">Approved</Badge>
  ) : (
    <Badge tone="red">Rejected</Badge>
  );
}

const HISTORY: Record<string, string> = {
  "claim.submitted": "Submitted",
  "claim.approved": "Approved",
  "claim.rejected": "Rejected",
  "claim.notes_saved": "Notes saved",
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">
        {children || <span className="text-slate-500">Not provided</span>}
      </dd>
    </div>
  );
}

/** The licence document: uploaded here, an older link, or none. */
function ClaimLicence({ claim }: { claim: ClaimView }) {
  return claim.licenceDocument ? (
    <LicenceDocument document={claim.licenceDocument} />
  ) : claim.licenseDocumentUrl && /^(https?:\/\/|\/(?!\/))/i.test(claim.licenseDocumentUrl) ? (
    // A link recorded before documents were uploaded here.
    <a href={claim.licenseDocumentUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
      View licence document
    </a>
  ) : (
    <span className="text-slate-500">No document uploaded</span>
  );
}

function ClaimHistory({ history }: { history: ClaimView["history"] }) {
  return (
    <ul className="space-y-1">
      {history.map((h, i) => (
        <li key={i}>
          {HISTORY[h.action] ?? h.action} · {formatDateTime(h.createdAt, "short")}
          {h.actorEmail ? ` · ${h.actorEmail}` : ""}
        </li>
      ))}
    </ul>
  );
}

export function ClaimFields({ claim }: { claim: ClaimView }) {
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Status">
        <StatusBadge status={claim.status} />
      </Row>
      <Row label="Registration number">
        <Link
          to={`/provider/${encodeURIComponent(claim.registrationNumber)}`}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-700 underline"
        >
          {claim.registrationNumber}
        </Link>
      </Row>
      <Row label="Business name">{claim.businessName}</Row>
      <Row label="Registration">
        <RegistrationFact registration={claim.registration} />
      </Row>
      <Row label="Contact name">{claim.contactName}</Row>
      <Row label="Email">
        <a href={`mailto:${claim.contactEmail}`} className="text-brand-700 underline">
          {claim.contactEmail}
        </a>
      </Row>
      <Row label="Phone">
        <a href={`tel:${claim.contactPhone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
          {claim.contactPhone}
        </a>
      </Row>
      <Row label="Website">
        {claim.website ? (
          <a
            href={claim.website}
            target="_blank"
            rel="noreferrer nofollow"
            className="text-brand-700 underline"
          >
            {claim.website}
          </a>
        ) : null}
      </Row>
      <Row label="About">
        {claim.about ? <span className="whitespace-pre-line">{claim.about}</span> : null}
      </Row>
      <Row label="Services">{claim.services.length ? claim.services.join(", ") : null}</Row>
      <Row label="Areas covered">{claim.areasCovered.length ? claim.areasCovered.join(", ") : null}</Row>
      <Row label="Licence document">
        <ClaimLicence claim={claim} />
      </Row>
      <Row label="Plan">
        {planLabel(claim.plan)}, {periodLabel(claim.period).toLowerCase()}
      </Row>
      <Row label="Submitted">{formatDateTime(claim.createdAt, "short")}</Row>
      {claim.reviewedAt ? (
        <Row label="Reviewed">
          {formatDateTime(claim.reviewedAt, "short")}
          {claim.reviewedBy ? ` by ${claim.reviewedBy}` : ""}
        </Row>
      ) : null}
      {claim.history.length ? (
        <Row label="History">
          <ClaimHistory history={claim.history} />
        </Row>
      ) : null}
    </dl>
  );
}

/**
 * A pending claim whose account already manages, or has claimed, another listing: said before the
 * admin decides, in the words the approval's refusal uses (decision 0254).
 */
function OtherListingWarning({ claim }: { claim: ClaimView }) {
  if (claim.status !== "pending" || !claim.otherListing) return null;
  return (
    <Alert tone="warning" title="One account, one listing" data-testid="other-listing-warning">
      {CLAIM_TEXT.accountHasListing(claim.otherListing)}
    </Alert>
  );
}

/** The registration's state today (decision 0263): valid until, expired since, removed from the register. */
function RegistrationFact({ registration }: { registration: ClaimView["registration"] }) {
  if (!registration) return <span className="text-slate-500">Not on the register</span>;
  const s = summariseRegistration(registration.state, registration.tier);
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="claim-registration">
      <Badge tone={s.tone}>{s.label}</Badge>
      {s.detail ? <span className="text-slate-600">{s.detail}</span> : null}
    </span>
  );
}

/**
 * A pending claim whose registration expired or left the register since it was made: said before
 * the admin decides, in the words the approval's refusal uses (decision 0263).
 */
function NotInForceWarning({ claim }: { claim: ClaimView }) {
  if (claim.status !== "pending" || !claim.registration || isInForce(claim.registration.state)) return null;
  return (
    <Alert tone="warning" title={CLAIM_TEXT.notInForceTitle} data-testid="not-in-force-warning">
      {CLAIM_TEXT.notInForce(claim.registrationNumber, claim.registration.state)}
    </Alert>
  );
}

/** '850 KB', '2.4 MB'. */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The document the claimant uploaded, from the access-checked address (admins only): a PDF is
 * downloaded, an image is shown (and opens full size).
 */
function LicenceDocument({ document: d }: { document: NonNullable<ClaimView["licenceDocument"]> }) {
  const pdf = d.type === "application/pdf";
  const about = [pdf ? "PDF" : "Image", fileSize(d.size), d.name].filter(Boolean).join(" · ");
  return (
    <div className="space-y-2">
      {pdf ? (
        <a
          href={d.url}
          download
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline"
        >
          <FileDown aria-hidden className="size-4" /> Download licence document
        </a>
      ) : (
        <a href={d.url} target="_blank" rel="noreferrer" className="block w-fit">
          <img
            src={d.url}
            alt="Licence document uploaded with the claim"
            className="max-h-56 max-w-full rounded-md border border-slate-200 bg-white object-contain"
          />
          <span className="mt-1 inline-block font-medium text-brand-700 underline">
            Open licence document full size
          </span>
        </a>
      )}
      <p className="text-xs break-all text-slate-600">{about}</p>
    </div>
  );
}

function NotesField({ claim, autoFocus }: { claim: ClaimView; autoFocus?: boolean }) {
  return (
    <Field
      label="Admin Notes"
      hint="Kept with the claim. When you reject a claim, these notes are included in the email to the claimant."
    >
      {(p) => (
        <Textarea
          {...p}
          name="adminNotes"
          rows={3}
          maxLength={2000}
          defaultValue={claim.adminNotes ?? ""}
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}

interface DecisionFormProps {
  claim: ClaimView;
  busy: boolean;
  error?: string | null;
}

/** The form of one decision on a claim: its intent, what the admin fills in, the error and the button. */
function DecisionForm({
  intent,
  claim,
  error,
  children,
  button,
}: Omit<DecisionFormProps, "busy"> & {
  intent: "approve" | "reject";
  children: React.ReactNode;
  button: React.ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" id={`${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="claimId" value={claim.id} />
      <NotInForceWarning claim={claim} />
      <OtherListingWarning claim={claim} />
      {children}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">{button}</div>
    </Form>
  );
}

export function ApproveForm({
  claim,
  today,
  trialEnd,
  busy,
  error,
}: DecisionFormProps & { today: string; trialEnd: string }) {
  // A refused approval brings the claimant's new draft: the admin is taken to it (decision 0268).
  const changed = useDraftChangeFocus(claim.draft?.version ?? "");
  return (
    <DecisionForm
      intent="approve"
      claim={claim}
      error={error}
      button={
        <Button type="submit" disabled={busy}>
          {busy ? "Approving..." : "Approve Claim"}
        </Button>
      }
    >
      {/* The draft the admin is shown is the one approved: a changed one is refused (decision 0268). */}
      <input type="hidden" name="draftVersion" value={claim.draft?.version ?? ""} />
      <div ref={changed} tabIndex={-1} className="space-y-4 outline-none">
        <p className="text-sm text-slate-700">
          Approve <strong>{claim.businessName}</strong> ({claim.registrationNumber}) for{" "}
          <strong>{claim.contactEmail}</strong>. The listing goes live with the details of the claim
          {claim.draft?.changes.length ? " and the draft edits below" : ""}, and the owner is emailed a link
          to sign in or set a password.
        </p>
        {claim.draft ? <ClaimDraftEdits draft={claim.draft} /> : null}
      </div>
      <PlanPeriodFields plan={claim.plan} period={claim.period} />
      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Free trial</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="freeTrial"
            value="on"
            defaultChecked
            className="size-4 accent-brand-600"
          />{" "}
          Start with a free trial
        </label>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Field label="Start date">
            {(p) => <Input {...p} type="date" name="startDate" defaultValue={today} required />}
          </Field>
          <Field label="End date" hint="3 months after the start by default.">
            {(p) => <Input {...p} type="date" name="endDate" defaultValue={trialEnd} required />}
          </Field>
        </div>
      </fieldset>
      <NotesField claim={claim} />
    </DecisionForm>
  );
}

export function RejectForm({ claim, busy, error }: DecisionFormProps) {
  return (
    <DecisionForm
      intent="reject"
      claim={claim}
      error={error}
      button={
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Rejecting..." : "Reject Claim"}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        Reject the claim for <strong>{claim.businessName}</strong> ({claim.registrationNumber}).{" "}
        {claim.contactEmail} is emailed the decision.
      </p>
      <NotesField claim={claim} autoFocus />
    </DecisionForm>
  );
}

/** The body of the review for a mode, plus the buttons that switch modes (links without JavaScript). */
export function ClaimReview({
  claim,
  mode,
  hrefFor,
  onMode,
  today,
  trialEnd,
  busy,
  error,
}: {
  claim: ClaimView;
  mode: ReviewMode;
  hrefFor: (mode: ReviewMode) => string;
  onMode?: (mode: ReviewMode) => void;
  today: string;
  trialEnd: string;
  busy: boolean;
  error?: string | null;
}) {
  const pending = claim.status === "pending";
  const switchTo = (m: ReviewMode) => (e: React.MouseEvent) => {
    if (!onMode) return;
    e.preventDefault();
    onMode(m);
  };
  if (mode === "approve" && pending)
    return <ApproveForm claim={claim} today={today} trialEnd={trialEnd} busy={busy} error={error} />;
  if (mode === "reject" && pending) return <RejectForm claim={claim} busy={busy} error={error} />;
  return (
    <div className="space-y-4">
      {mode !== "view" && !pending ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This claim is already {claim.status}: only pending claims can be approved or rejected.
        </p>
      ) : null}
      <NotInForceWarning claim={claim} />
      <OtherListingWarning claim={claim} />
      {pending && claim.draft ? <ClaimDraftEdits draft={claim.draft} /> : null}
      <ClaimFields claim={claim} />
      {pending ? (
        <Form method="post" className="space-y-2 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="notes" />
          <input type="hidden" name="claimId" value={claim.id} />
          <NotesField claim={claim} />
          <div className="flex justify-end">
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              Save Notes
            </Button>
          </div>
        </Form>
      ) : null}
      {pending ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Button asChild variant="outline">
            <Link
              to={hrefFor("reject")}

              onClick={switchTo("reject")}
              preventScrollReset
            >
              Reject
            </Link>
          </Button>
          <Button asChild>
            <Link to={hrefFor("approve")} onClick={switchTo("approve")} preventScrollReset>
              Approve
            </Link>
          </Button>
        </div>
      ) : (
        <div className="rounded-md bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-800">Admin Notes</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{claim.adminNotes || "No notes."}</p>
        </div>
      )}
    </div>
  );
}
