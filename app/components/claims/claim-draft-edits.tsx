/**
 * The claim review's "Draft edits that approval will publish" (decision 0268): what the claimant
 * saved on their dashboard while the claim was pending, field by field against what the claim
 * alone would publish; a logo as an image. Shown in the review and in the approve form, so the
 * admin approves what they have seen (the form sends the draft's version back).
 */
import { useEffect, useId, useRef } from "react";
import type { ClaimDraftView, DraftChange } from "~/modules/claims/claim-draft.server";
import { CLAIM_TEXT } from "~/modules/claims/constants";

/**
 * What to bring into view when the draft's version changes under an open approve form: the
 * approval was refused because the claimant changed the draft, and the admin is to look again.
 */
export function useDraftChangeFocus(version: string) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    ref.current?.scrollIntoView({ block: "start" });
    ref.current?.focus({ preventScroll: true });
  }, [version]);
  return ref;
}

/** A logo's address on this site (never another origin's). */
const OWN_PATH = /^\/(?!\/)/;

function LogoValue({ url, side }: { url: string | null; side: "claim" | "draft" }) {
  if (!url) return <span className="text-slate-600">{side === "draft" ? "Logo removed" : "No logo"}</span>;
  if (!OWN_PATH.test(url)) return <span className="break-all">{url}</span>;
  return (
    <img
      src={url}
      alt={side === "draft" ? "Logo in the draft edits" : "Logo in the claim"}
      className="size-24 rounded-md border border-slate-200 bg-white object-contain"
    />
  );
}

function Value({ change, side }: { change: DraftChange; side: "claim" | "draft" }) {
  const value = change[side];
  if (change.field === "logo") return <LogoValue url={value} side={side} />;
  if (!value) return <span className="text-slate-600">Not provided</span>;
  return <span className="break-words whitespace-pre-line">{value}</span>;
}

function ChangeRow({ change }: { change: DraftChange }) {
  return (
    <div className="py-2" data-testid={`claim-draft-${change.field}`}>
      <dt className="text-sm font-medium text-slate-900">{change.label}</dt>
      <dd className="mt-1 grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">In the claim</p>
          <div className="text-slate-700">
            <Value change={change} side="claim" />
          </div>
        </div>
        <div className="min-w-0 rounded border-l-4 border-amber-400 bg-white px-2 py-1">
          <p className="text-xs font-medium text-amber-900">Published on approval</p>
          <div className="text-slate-900">
            <Value change={change} side="draft" />
          </div>
        </div>
      </dd>
    </div>
  );
}

export function ClaimDraftEdits({ draft }: { draft: ClaimDraftView }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="claim-draft"
      className="rounded-md border border-amber-300 bg-amber-50 p-3"
    >
      <h3 id={titleId} className="text-sm font-semibold text-amber-950">
        {CLAIM_TEXT.draftTitle}
      </h3>
      <p className="mt-1 text-sm text-amber-950">{CLAIM_TEXT.draftIntro(draft.savedAt)}</p>
      {draft.changes.length ? (
        <dl className="mt-2 divide-y divide-amber-200">
          {draft.changes.map((c) => (
            <ChangeRow key={c.field} change={c} />
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-amber-950">{CLAIM_TEXT.draftSame}</p>
      )}
    </section>
  );
}
