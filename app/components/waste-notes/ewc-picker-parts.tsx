/**
 * The presentational pieces of the EWC code picker: the chosen codes (chips), category filter,
 * option list, hint and hazard warning.
 */
import { AlertTriangle, X } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/components/ui/cn";
import { Select } from "~/components/ui/form";
import { HAZARDOUS_WARNING, MAX_CODES_PER_ITEM, MESSAGES } from "~/modules/waste-notes/constants";
import type { EwcList, EwcOption } from "./ewc-list";

/** The two-digit chapter select and its "Clear Category" button. */
export function EwcChapterFilter({
  chapters,
  chapter,
  onChange,
  onClear,
}: {
  chapters: EwcList["chapters"];
  chapter: string;
  onChange: (chapter: string) => void;
  onClear: () => void;
}) {
  return (
    <div className="mb-2 flex flex-col gap-2 sm:flex-row">
      <Select
        aria-label="Filter by category"
        value={chapter}
        onChange={(e) => onChange(e.target.value)}
        className="sm:flex-1"
      >
        <option value="">All categories</option>
        {chapters.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} – {c.description.length > 70 ? `${c.description.slice(0, 68)}…` : c.description}
          </option>
        ))}
      </Select>
      <button
        type="button"
        onClick={onClear}
        disabled={!chapter}
        className="inline-flex h-10 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
      >
        <X className="size-4" aria-hidden /> Clear Category
      </button>
    </div>
  );
}

/** The open combobox's popup: the match count (or "too many") and the listbox of codes. */
export function EwcOptionList({
  id,
  listId,
  listRef,
  shown,
  matchCount,
  tooMany,
  active,
  setActive,
  choose,
}: {
  id: string;
  listId: string;
  listRef: React.RefObject<HTMLUListElement | null>;
  shown: EwcOption[];
  matchCount: number;
  tooMany: boolean;
  active: number;
  setActive: (index: number) => void;
  choose: (index: number) => void;
}) {
  return (
    <div className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg">
      <p
        className="border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-600"
        aria-live="polite"
      >
        {tooMany ? MESSAGES.tooMany : `${matchCount} ${matchCount === 1 ? "code" : "codes"}`}
      </p>
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label="EWC codes"
        className="max-h-72 overflow-y-auto py-1"
      >
        {shown.map((o, i) => (
          <li
            key={o.code}
            id={`${id}-opt-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
            onMouseMove={() => setActive(i)}
            className={cn(
              "flex cursor-pointer gap-3 px-3 py-1.5 text-sm",
              i === active ? "bg-brand-50 text-brand-900" : "text-slate-800",
            )}
          >
            <span className="w-20 shrink-0 font-mono font-semibold">{o.code}</span>
            <span className="flex-1">{o.description}</span>
            {o.hazardous ? (
              <span className="shrink-0 self-start rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">
                Hazardous
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">No matching codes</p> : null}
    </div>
  );
}

/** Under the input: how many codes an item takes, or what to type and the CSV download link. */
export function EwcHint({
  id,
  enhanced,
  chosen,
  loadError,
}: {
  id: string;
  enhanced: boolean;
  chosen: number;
  loadError: boolean;
}) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {enhanced ? (
        `Choose 1 to ${MAX_CODES_PER_ITEM} codes for this item (${chosen} chosen). `
      ) : (
        <>
          The List of Wastes code (six digits); several codes separated by commas, at most{" "}
          {MAX_CODES_PER_ITEM}.{" "}
        </>
      )}
      <a href="/EWCCodes.csv" className="text-brand-700 underline">
        Download the full list (CSV)
      </a>
      {loadError ? " (the searchable list could not be loaded; type the codes)" : null}
    </p>
  );
}

/** The chosen codes: each a chip with its description and a remove button, posted by a hidden input. */
export function EwcChips({
  codes,
  option,
  onRemove,
  name,
}: {
  codes: string[];
  option: (code: string) => EwcOption | undefined;
  onRemove: (code: string) => void;
  name: string;
}) {
  if (codes.length === 0) return null;
  return (
    <ul aria-label="Chosen EWC codes" className="mb-2 flex flex-col gap-1.5">
      {codes.map((code) => {
        const o = option(code);
        return (
          <li
            key={code}
            className={cn(
              "flex items-start gap-2 rounded-md border px-2.5 py-1.5 text-sm",
              o?.hazardous ? "border-red-300 bg-red-50" : "border-brand-200 bg-brand-50",
            )}
          >
            <input type="hidden" name={name} value={code} />
            <span className="shrink-0 font-mono font-semibold text-slate-900">{o?.code ?? code}</span>
            <span className="min-w-0 flex-1 text-slate-700">
              {o?.description ?? "Not in the List of Wastes"}
            </span>
            <button
              type="button"
              onClick={() => onRemove(code)}
              aria-label={`Remove ${o?.code ?? code}`}
              className="-m-1 shrink-0 rounded p-1 text-slate-600 hover:bg-white hover:text-slate-900 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The "hazardous waste: consignment note required" warning for a hazardous code. */
export function EwcHazardAlert({ id }: { id: string }) {
  return (
    <Alert tone="error" id={id} className="mt-2" title="Hazardous waste: consignment note required">
      <span className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{HAZARDOUS_WARNING}</span>
      </span>
    </Alert>
  );
}
