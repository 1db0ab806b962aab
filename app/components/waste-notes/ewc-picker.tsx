/**
 * EWC code field. Without JavaScript: a text input (the server checks the code). With it: an ARIA
 * combobox over /EWCCodes.csv, searchable by code or words, filtered by two-digit chapter, at most
 * 75 entries while the search is empty, and a hazardous-code warning.
 */
import { AlertTriangle, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { FieldError, Label, Select } from "~/components/ui/form";
import { cn } from "~/components/ui/cn";
import { HAZARDOUS_WARNING, MESSAGES } from "~/modules/waste-notes/constants";
import { EMPTY_SEARCH_LIMIT, filterEwc, findOption, parseEwcList, type EwcList } from "./ewc-list";
import { useHydrated } from "./use-hydrated";

let listPromise: Promise<EwcList> | undefined;
function loadList(): Promise<EwcList> {
  listPromise ??= fetch("/EWCCodes.csv")
    .then((r) => {
      if (!r.ok) throw new Error(`EWC list: HTTP ${r.status}`);
      return r.text();
    })
    .then(parseEwcList)
    .catch((error: unknown) => {
      listPromise = undefined;
      throw error;
    });
  return listPromise;
}

export function EwcPicker({ defaultValue, errors }: { defaultValue?: string; errors?: string[] }) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hydrated = useHydrated();
  const [list, setList] = useState<EwcList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [value, setValue] = useState(defaultValue ?? "");
  const [query, setQuery] = useState("");
  const [chapter, setChapter] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    loadList().then(setList, () => setLoadError(true));
  }, []);

  const matches = useMemo(() => (list ? filterEwc(list.codes, query, chapter) : []), [list, query, chapter]);
  const tooMany = query.trim() === "" && matches.length > EMPTY_SEARCH_LIMIT;
  const shown = tooMany ? matches.slice(0, EMPTY_SEARCH_LIMIT) : matches;
  const selected = list ? findOption(list.codes, value) : undefined;
  const hazardous = selected ? selected.hazardous : /\*\s*$/.test(value);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const choose = (index: number) => {
    const option = shown[index];
    if (!option) return;
    setValue(option.code);
    setQuery("");
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((a) => Math.min(a + 1, shown.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (e.altKey) setOpen(false);
      else setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Home" && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End" && open) {
      e.preventDefault();
      setActive(shown.length - 1);
    } else if (e.key === "Enter" && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const describedBy = [`${id}-hint`, errors?.length ? `${id}-error` : null, hazardous ? `${id}-hazard` : null]
    .filter(Boolean)
    .join(" ");
  const enhanced = hydrated && list !== null;

  return (
    <div>
      <Label htmlFor={inputId}>
        EWC code <span className="text-red-700">*</span>
      </Label>
      {enhanced ? (
        <div className="mb-2 flex flex-col gap-2 sm:flex-row">
          <Select
            aria-label="Filter by category"
            value={chapter}
            onChange={(e) => {
              setChapter(e.target.value);
              setActive(-1);
              setOpen(true);
            }}
            className="sm:flex-1"
          >
            <option value="">All categories</option>
            {list.chapters.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} – {c.description.length > 70 ? `${c.description.slice(0, 68)}…` : c.description}
              </option>
            ))}
          </Select>
          <button
            type="button"
            onClick={() => {
              setChapter("");
              setActive(-1);
            }}
            disabled={!chapter}
            className="inline-flex h-10 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            <X className="size-4" aria-hidden /> Clear Category
          </button>
        </div>
      ) : null}
      <div className="relative">
        <input
          id={inputId}
          name="ewcCode"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={open ? query || value : value}
          placeholder={enhanced ? "Search by code or words, e.g. 17 01 07 or gypsum" : "e.g. 17 01 07"}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy}
          aria-required
          {...(enhanced
            ? {
                role: "combobox",
                "aria-expanded": open,
                "aria-controls": listId,
                "aria-autocomplete": "list" as const,
                "aria-activedescendant": open && active >= 0 ? `${id}-opt-${active}` : undefined,
              }
            : {})}
          onChange={(e) => {
            const v = e.target.value;
            if (enhanced) {
              setQuery(v);
              setOpen(true);
              setActive(-1);
            }
            setValue(v);
          }}
          onFocus={() => enhanced && setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setQuery("");
          }}
          onKeyDown={enhanced ? onKeyDown : undefined}
          className={cn(
            "block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600",
          )}
        />
        {enhanced && open ? (
          <div className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg">
            <p
              className="border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-600"
              aria-live="polite"
            >
              {tooMany ? MESSAGES.tooMany : `${matches.length} ${matches.length === 1 ? "code" : "codes"}`}
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
            {shown.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-600">No matching codes</p>
            ) : null}
          </div>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {selected ? (
          <span className="font-medium text-slate-800">{selected.description}</span>
        ) : (
          <>
            The List of Wastes code (six digits).{" "}
            <a href="/EWCCodes.csv" className="text-brand-700 underline">
              Download the full list (CSV)
            </a>
            {loadError ? " (the searchable list could not be loaded; type the code)" : null}
          </>
        )}
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
      {hazardous ? (
        <Alert
          tone="error"
          id={`${id}-hazard`}
          className="mt-2"
          title="Hazardous waste: consignment note required"
        >
          <span className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{HAZARDOUS_WARNING}</span>
          </span>
        </Alert>
      ) : null}
    </div>
  );
}
